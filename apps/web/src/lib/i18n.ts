import { DEFAULT_LANGUAGE, type Locale, preferredLocale, resolveLocale, STORAGE_KEYS } from "@cryptos/contract";
import { use, useMemo, useSyncExternalStore } from "react";
import { keepShellTexts } from "./shell-texts";
import { FALLBACK_LANGUAGE, FALLBACK_NAMESPACE, type Resources, type TranslateOptions, translate } from "./translate";

/**
 * Translations live in `src/locales/<locale>/<namespace>.json` and load on first use: a feature that adds
 * `locales/*\/market.json` and calls `useTranslation("market")` needs nothing else. A namespace loads in the user's
 * language and in English (the fallback for a missing key). The lookup itself is lib/translate.ts: i18next's rules,
 * without i18next and react-i18next, which were a tenth of the first screen's JavaScript (decision 032). The build
 * writes the files as data into one folder named by their contents (apps/web/translations.ts, decision 094).
 */
declare const __TRANSLATIONS__: string;

/** Where one language's namespace is, relative to the document (the app lives at its root). */
const translationFile = (lng: string, ns: string): string =>
  new URL(`${__TRANSLATIONS__}/${lng}/${ns}.json`, document.baseURI).href;

/**
 * One namespace's catalogue. Every language has every namespace (locales/catalogues.test.ts): a file that does not
 * answer is a failed download, tried again (an old page after a new build's deploy, say, asks for a folder that left).
 */
async function download(lng: string, ns: string): Promise<Resources> {
  const response = await fetch(translationFile(lng, ns));
  if (!response.ok) throw new Error(`translations ${lng}/${ns}: HTTP ${response.status}`);
  return (await response.json()) as Resources;
}

export type { TranslateOptions };
export type TFunction = (key: string, options?: TranslateOptions) => string;

const loaded = new Map<string, Resources>();
const loading = new Map<string, Promise<void>>();
/** Every namespace asked for so far: a language change loads them all in the new language before it shows. */
const wanted = new Set<string>([FALLBACK_NAMESPACE]);
let language: Locale = DEFAULT_LANGUAGE;

const listeners = new Set<() => void>();
/** Changes with the language, so that components re-render and `t` functions are new. */
let version = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const readVersion = () => version;

function lookup(lng: string, ns: string): Resources | undefined {
  return loaded.get(`${lng}/${ns}`);
}

/**
 * Failed downloads per file, since the last success. Each retry waits longer (backoff), and after
 * MAX_LOAD_FAILURES a component asking for the file throws TranslationsUnavailable to its error boundary ("You are
 * offline", retry) instead of suspending again: offline, a re-render loop re-fetched a chunk hundreds of times.
 */
const failures = new Map<string, number>();
export const MAX_LOAD_FAILURES = 3;
/** The wait before the nth retry of a file: 0.5 s, 1 s, 2 s, … at most 8 s. */
export function retryDelay(failed: number): number {
  return failed <= 0 ? 0 : Math.min(500 * 2 ** (failed - 1), 8000);
}

/** A page's translations could not be downloaded (offline, the file not cached yet). */
export class TranslationsUnavailable extends Error {
  override name = "TranslationsUnavailable";
}

/** One language's namespace; a failed download is tried again, later. */
function loadOne(lng: string, ns: string): Promise<void> {
  const id = `${lng}/${ns}`;
  if (loaded.has(id)) return Promise.resolve();
  let promise = loading.get(id);
  if (!promise) {
    const delay = retryDelay(failures.get(id) ?? 0);
    const wait = delay > 0 ? new Promise<void>((resolve) => setTimeout(resolve, delay)) : Promise.resolve();
    promise = wait
      .then(() => download(lng, ns))
      .then(
        (resources) => {
          failures.delete(id);
          loaded.set(id, resources);
        },
        () => {
          // Offline before the service worker had this file: keys show rather than the page failing (initI18n,
          // setLocale); a component's useTranslation gives up after MAX_LOAD_FAILURES.
          failures.set(id, (failures.get(id) ?? 0) + 1);
        },
      );
    promise.finally(() => loading.delete(id));
    loading.set(id, promise);
  }
  return promise;
}

function languagesOf(lng: Locale): string[] {
  return lng === FALLBACK_LANGUAGE ? [lng] : [lng, FALLBACK_LANGUAGE];
}

function isLoaded(lng: Locale, namespaces: readonly string[]): boolean {
  return namespaces.every((ns) => languagesOf(lng).every((code) => loaded.has(`${code}/${ns}`)));
}

function gaveUp(lng: Locale, namespaces: readonly string[]): boolean {
  return namespaces.some((ns) =>
    languagesOf(lng).some((code) => (failures.get(`${code}/${ns}`) ?? 0) >= MAX_LOAD_FAILURES),
  );
}

/** Forget the failures, so that the next render downloads again (the error screen's retry). */
export function retryTranslations(): void {
  failures.clear();
}

function loadNamespaces(namespaces: string | readonly string[], lng: Locale = language): Promise<void> {
  const list = typeof namespaces === "string" ? [namespaces] : namespaces;
  for (const ns of list) wanted.add(ns);
  return Promise.all(list.flatMap((ns) => languagesOf(lng).map((code) => loadOne(code, ns)))).then(() => undefined);
}

/** What a suspended component waits for: one promise per language and namespaces, as React's `use` wants. */
const suspensions = new Map<string, Promise<void>>();
function suspensionFor(lng: Locale, namespaces: readonly string[]): Promise<void> {
  const id = `${lng}|${namespaces.join(",")}`;
  let promise = suspensions.get(id);
  if (!promise) {
    promise = loadNamespaces(namespaces, lng).finally(() => suspensions.delete(id));
    suspensions.set(id, promise);
  }
  return promise;
}

/** A promise React's `use` reads without waiting (it looks at `status` and `value` first). */
const LOADED: Promise<void> = Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined });

/**
 * Build time only (app/shell/prerender.tsx): `t` answers what `mark` makes of the key, so that the prerendered shells
 * can carry each language's text for it.
 */
let marking: ((ns: string, key: string, options?: TranslateOptions) => string) | null = null;
export function markTranslations(mark: typeof marking): void {
  marking = mark;
}

/** The text of `key` in `lng`, once that language's `namespaces` are loaded (the shells' words, at build time). */
export async function translatorIn(
  lng: Locale,
  namespaces: readonly string[],
): Promise<(ns: string, key: string, options?: TranslateOptions) => string> {
  await loadNamespaces(namespaces, lng);
  return (ns, key, options) => translate(lookup, lng, ns, key, options);
}

function fixedT(ns: string): TFunction {
  return (key, options) => (marking ? marking(ns, key, options) : translate(lookup, language, ns, key, options));
}

export const i18n = {
  get language(): Locale {
    return language;
  },
  get resolvedLanguage(): Locale {
    return language;
  },
  t: fixedT(FALLBACK_NAMESPACE),
  loadNamespaces: (namespaces: string | readonly string[]) => loadNamespaces(namespaces),
};

/**
 * `t` for the namespace given first (the others are loaded too, for keys that name them: `security:title`); suspends
 * until they are loaded in the current language, and re-renders when the language changes.
 */
export function useTranslation(namespaces?: string | readonly string[]): { t: TFunction; i18n: typeof i18n } {
  const list =
    namespaces === undefined ? [FALLBACK_NAMESPACE] : typeof namespaces === "string" ? [namespaces] : namespaces;
  const current = useSyncExternalStore(subscribe, readVersion, readVersion);
  const ready = isLoaded(language, list);
  if (!ready && gaveUp(language, list)) throw new TranslationsUnavailable(list.join(","));
  // `use` runs on every render, loaded or not. When a first render suspends here and the files arrive at once,
  // React replays the component from this call, and only a `use` that runs in the replay sets React up to mount
  // the hooks that follow; skipping it threw "update hook called on initial render" (React errors #467 and #520,
  // seen on opening Withdraw).
  use(ready ? LOADED : suspensionFor(language, list));
  const first = list[0] ?? FALLBACK_NAMESPACE;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for each language, as react-i18next gives.
  const t = useMemo(() => fixedT(first), [first, current]);
  return { t, i18n };
}

/**
 * The stored choice; on a first visit (none stored) the first of the browser's languages that is one of the 14,
 * kept as the choice so that the next visit's shell paints in it (decision 123); else English.
 */
function storedLocale(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.language);
    if (stored) return resolveLocale(stored);
    const browser = preferredLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
    if (!browser || browser === DEFAULT_LANGUAGE) return DEFAULT_LANGUAGE;
    localStorage.setItem(STORAGE_KEYS.language, browser);
    keepShellTexts();
    return browser;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLocale(): Locale {
  return language;
}

/** `namespaces`: those the first screen needs besides "common", loaded at the same time. */
export async function initI18n(namespaces: readonly string[] = []): Promise<void> {
  language = storedLocale();
  document.documentElement.lang = language;
  await loadNamespaces([FALLBACK_NAMESPACE, ...namespaces]);
}

let changes = 0;

/** Switches the interface language and remembers it (the spec's saved preference). */
export async function setLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEYS.language, locale);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  const next = resolveLocale(locale);
  const change = ++changes;
  // The screen changes once, with its texts ready, as i18next's changeLanguage did.
  await loadNamespaces([...wanted], next);
  if (change !== changes) return; // A later choice wins.
  language = next;
  document.documentElement.lang = language;
  version++;
  for (const listener of listeners) listener();
  keepShellTexts();
}
