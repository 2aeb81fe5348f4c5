import { STORAGE_KEYS } from "@cryptos/contract";
import { storage } from "./storage";

type Listener = () => void;
const listeners = new Set<Listener>();
let current = storage.get(STORAGE_KEYS.token);

/** The stored session token, observable so that a 401 anywhere signs every screen out at once. */
export const sessionStore = {
  token(): string | null {
    return current;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string, loginType: number, address?: string): void {
    storage.set(STORAGE_KEYS.token, token);
    storage.set(STORAGE_KEYS.loginType, String(loginType));
    storage.set(STORAGE_KEYS.hadSession, "1");
    if (address) storage.set(STORAGE_KEYS.address, address);
    current = token;
    for (const listener of listeners) listener();
  },
  /** Whether anyone signed in on this device before (or is signed in): a first-timer is offered sign-up first. */
  hadSession(): boolean {
    return current !== null || storage.get(STORAGE_KEYS.hadSession) !== null;
  },
  /** Forgets token and login type (the spec's 401 and logout); the wallet address stays for the wallet flow. */
  clear(): void {
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.loginType);
    const changed = current !== null;
    current = null;
    if (changed) for (const listener of listeners) listener();
  },
};
