import type { STORAGE_KEYS } from "@cryptos/contract";

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage that never throws (private mode, blocked storage): reads give null, writes are dropped. */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the value lives for this page only.
    }
  },
  remove(key: StorageKey): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Same as above.
    }
  },
};
