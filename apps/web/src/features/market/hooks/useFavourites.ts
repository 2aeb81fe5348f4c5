import { useCallback, useSyncExternalStore } from "react";

/** Favourite pair ids, kept in this browser (localStorage) so they survive reloads; no account needed. */
const KEY = "cryptos.market.favourites";
const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: ReadonlySet<number> } = { raw: null, ids: new Set() };

function readRaw(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): ReadonlySet<number> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    return new Set(Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id) && id > 0) : []);
  } catch {
    return new Set();
  }
}

function snapshot(): ReadonlySet<number> {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, ids: parse(raw) };
  return cache.ids;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed them.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function write(ids: ReadonlySet<number>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify([...ids]));
  } catch {
    // Private mode: the star lasts for this page only.
    cache = { raw: cache.raw, ids };
  }
  for (const listener of listeners) listener();
}

export function useFavourites() {
  const ids = useSyncExternalStore(subscribe, snapshot, snapshot);
  const toggle = useCallback((id: number) => {
    const next = new Set(snapshot());
    if (next.has(id)) next.delete(id);
    else next.add(id);
    write(next);
  }, []);
  return { ids, isFavourite: (id: number) => ids.has(id), toggle };
}
