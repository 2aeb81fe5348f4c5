/**
 * The app's address lives in the hash, query included (`#/pages/user/login?redirect=...`), as the spec's links have
 * it. This module is the one place that reads and writes it: each entry the app creates carries its position in this
 * visit (`idx`, 0 for the first) and a key of its own (where ScrollRestoration keeps its scroll), and the last change
 * is known to be a push, a replace or the browser's own (back, forward, a typed or tapped hash: "POP").
 */

export type NavigationType = "POP" | "PUSH" | "REPLACE";

export interface AppLocation {
  pathname: string;
  /** "" or "?a=1". */
  search: string;
  /** "" or "#part": a hash inside the hash. */
  hash: string;
  /** This entry's own; "default" for an entry the app did not create (a hash typed into the address bar). */
  key: string;
  /** What `navigate` was given as `state` for this entry. */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface EntryState {
  idx?: number;
  key?: string;
  usr?: unknown;
}

function entryState(): EntryState {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null ? (state as EntryState) : {};
}

/** "/a?b=1#c" into its parts; a missing or bare hash is "/". */
export function parseAddress(address: string): Pick<AppLocation, "pathname" | "search" | "hash"> {
  let rest = address || "/";
  const hashAt = rest.indexOf("#");
  const hash = hashAt >= 0 ? rest.slice(hashAt) : "";
  if (hashAt >= 0) rest = rest.slice(0, hashAt);
  const searchAt = rest.indexOf("?");
  const search = searchAt >= 0 ? rest.slice(searchAt) : "";
  const pathname = (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || "/";
  return { pathname: pathname.startsWith("/") ? pathname : `/${pathname}`, search: search === "?" ? "" : search, hash };
}

let lastAction: NavigationType = "POP";
let snapshot: AppLocation | null = null;
/** The raw `location.hash` the snapshot was read from. */
let snapshotHash = "";
const listeners = new Set<() => void>();

/**
 * The current entry. The same object until the address or the entry changes, as useSyncExternalStore needs; it
 * compares on every read, so that a change nobody announced (a shell's link tapped before the app listened) is seen
 * by the next render all the same.
 */
export function currentLocation(): AppLocation {
  if (!firstEntryAdopted) adoptFirstEntry();
  const hash = window.location.hash;
  const state = entryState();
  const key = state.key ?? "default";
  if (snapshot && snapshotHash === hash && snapshot.key === key) return snapshot;
  snapshotHash = hash;
  snapshot = { ...parseAddress(hash.slice(1)), key, state: state.usr ?? null };
  return snapshot;
}

let firstEntryAdopted = false;
let atOpen: AppLocation | null = null;

/**
 * The address the page opened at (its first read): what hydration renders, as the prerendered shell was chosen for it.
 * React reads the current one right after, and renders again if a tab was tapped meanwhile.
 */
export function openingLocation(): AppLocation {
  atOpen ??= currentLocation();
  return atOpen;
}

/**
 * The entry the page was opened at gets idx 0 and a key, as the app's own entries have: before the first read, so
 * that the render that hydrates the shell has the key every later read gives (a key given after it would render the
 * layout again as the app starts).
 */
function adoptFirstEntry(): void {
  firstEntryAdopted = true;
  const state = entryState();
  if (typeof state.idx === "number") return;
  window.history.replaceState({ ...state, idx: 0, key: newKey() }, "");
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** How the current entry was reached. */
export function lastNavigationType(): NavigationType {
  return lastAction;
}

function notify(action: NavigationType): void {
  lastAction = action;
  for (const listener of listeners) listener();
}

const onBrowserNavigation = () => notify("POP");

export function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // A typed hash fires both; the browser's back and forward fire popstate (and hashchange when the hash differs).
    window.addEventListener("popstate", onBrowserNavigation);
    window.addEventListener("hashchange", onBrowserNavigation);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener("popstate", onBrowserNavigation);
    window.removeEventListener("hashchange", onBrowserNavigation);
  };
}

/**
 * Goes to `to` (an absolute path, with its query), as a new entry or in place of this one; a number moves that many
 * entries through the browser's history, as its back and forward buttons do.
 */
export function navigate(to: string | number, options: NavigateOptions = {}): void {
  if (typeof to === "number") {
    window.history.go(to);
    return;
  }
  const { idx } = entryState();
  const replace = options.replace === true;
  // An entry in place of one the app did not number (a typed hash) stays unnumbered: hasAppHistory asks the browser.
  const state: EntryState = { idx: replace ? idx : (idx ?? 0) + 1, key: newKey(), usr: options.state };
  const url = `${window.location.pathname}${window.location.search}#${to}`;
  if (replace) window.history.replaceState(state, "", url);
  else window.history.pushState(state, "", url);
  notify(replace ? "REPLACE" : "PUSH");
}

/** Whether going back stays in this visit; an entry the app did not number (a typed hash): the browser knows. */
export function hasAppHistory(): boolean {
  const { idx } = entryState();
  if (typeof idx === "number") return idx > 0;
  return window.history.length > 1;
}
