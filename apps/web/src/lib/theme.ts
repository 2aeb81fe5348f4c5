import { useSyncExternalStore } from "react";

/**
 * The colour theme: the user's choice (system, light or dark, remembered on this device) resolved against the
 * system setting. It is applied as `html[data-prefers-color-scheme]`, which switches our colour variables
 * (app/styles.css) and antd-mobile's. public/theme-boot.js applies the same rules before the first paint; keep
 * the two in step. The operator console is a desktop tool styled for light only, so it is always light.
 */
export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = "light" | "dark";

const THEME_KEY = "cryptos.theme";
const CONSOLE_PATH = "/admin";

const listeners = new Set<() => void>();
let choice: ThemeChoice = readChoice();
let theme: Theme = "light";
let inConsole = window.location.hash.startsWith(`#${CONSOLE_PATH}`);

function readChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return THEME_CHOICES.find((value) => value === saved) ?? "system";
  } catch {
    return "system";
  }
}

function systemDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-color-scheme: dark)").matches;
}

function resolve(): Theme {
  if (inConsole) return "light";
  if (choice === "system") return systemDark() ? "dark" : "light";
  return choice;
}

function apply(): void {
  const next = resolve();
  const root = document.documentElement;
  root.setAttribute("data-prefers-color-scheme", next);
  // The browser's own bars take the header's colour.
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && document.body) meta.content = themeColors(["--header-background"])["--header-background"];
  if (next !== theme) {
    theme = next;
    for (const listener of listeners) listener();
  }
}

/** Applies the theme now and follows the system setting from then on. */
export function installTheme(): void {
  apply();
  window.matchMedia?.("(prefers-color-scheme: dark)").addEventListener("change", apply);
}

/** Called on every route change: the operator console keeps the light theme, the app the user's. */
export function applyThemeForRoute(pathname: string): void {
  inConsole = pathname.startsWith(CONSOLE_PATH);
  apply();
}

export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, next);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  apply();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The same snapshot when hydrating the prerendered shell (app/shell) as after.
const readChoiceNow = () => choice;
const readTheme = () => theme;

/** The user's choice: system, light or dark. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readChoiceNow, readChoiceNow);
}

/** The theme in force, for what CSS cannot reach (a canvas chart). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readTheme, readTheme);
}

/**
 * The theme's colour variables as `rgb(…)`, e.g. `themeColors(["--up", "--down"])["--up"]`: the browser resolves
 * them, whatever form the stylesheet (or its minifier) gave them. All are read after one style recalculation.
 */
export function themeColors<N extends `--${string}`>(names: readonly N[]): Record<N, string> {
  const probes = names.map((name) => {
    const probe = document.createElement("span");
    probe.style.color = `var(${name})`;
    probe.hidden = true;
    return probe;
  });
  document.body.append(...probes);
  const colors = Object.fromEntries(names.map((name, i) => [name, getComputedStyle(probes[i] as Element).color]));
  for (const probe of probes) probe.remove();
  return colors as Record<N, string>;
}

/** An `rgb(…)` colour as `rgba(…)` with `alpha`. */
export function withAlpha(rgb: string, alpha: number): string {
  const [r = 0, g = 0, b = 0] = rgb.match(/[\d.]+/g)?.map(Number) ?? [];
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
