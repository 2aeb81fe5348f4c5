import { DEFAULT_LANGUAGE, resolveLocale, STORAGE_KEYS } from "@cryptos/contract";
import { whenSettled } from "./idle";
import { storage } from "./storage";

/** The `<meta>` by which index.html names the file of its shells' texts in every language (shell/vite-plugin.ts). */
export const SHELL_TEXTS_META = "cryptos-shell-texts";

/** This device's copy, as shell/boot.js reads it: the stored language's value and its texts, English -> its. */
interface ShellTextsCopy {
  file: string;
  language: string;
  texts: Record<string, string>;
}

function storedCopy(): ShellTextsCopy | null {
  try {
    return JSON.parse(storage.get(STORAGE_KEYS.shellTexts) ?? "null") as ShellTextsCopy | null;
  } catch {
    return null; // A copy that does not parse is replaced.
  }
}

/**
 * Keeps this device's copy of the prerendered shells' texts in the stored language, so that shell/boot.js draws
 * the next visit's shell in it before any script runs: index.html carries them in English only. The file (one per
 * build, every language) is read once the page has settled, and only when the copy is from another build or language.
 */
export function keepShellTexts(): void {
  const file = document.querySelector<HTMLMetaElement>(`meta[name="${SHELL_TEXTS_META}"]`)?.content;
  if (!file) return; // A build without shells (the dev server).
  const stored = storage.get(STORAGE_KEYS.language);
  const language = resolveLocale(stored ?? DEFAULT_LANGUAGE);
  if (!stored || language === DEFAULT_LANGUAGE) {
    storage.remove(STORAGE_KEYS.shellTexts);
    return;
  }
  const copy = storedCopy();
  if (copy?.file === file && copy.language === stored) return;
  whenSettled(() => {
    fetch(file)
      .then((response) => (response.ok ? (response.json() as Promise<Record<string, Record<string, string>>>) : null))
      .then((all) => {
        // A language chosen meanwhile keeps its own copy.
        if (!all || storage.get(STORAGE_KEYS.language) !== stored) return;
        const next: ShellTextsCopy = { file, language: stored, texts: all[language] ?? {} };
        storage.set(STORAGE_KEYS.shellTexts, JSON.stringify(next));
      })
      .catch(() => {
        // Offline: the next shell shows English, and the app its language as it hydrates.
      });
  });
}
