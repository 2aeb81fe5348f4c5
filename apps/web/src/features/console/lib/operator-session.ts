import { useSyncExternalStore } from "react";

/** The operator's token lives under its own key: never mixed with a user's `web3_token`. */
const TOKEN_KEY = "cryptos_operator_token";
const EMAIL_KEY = "cryptos_operator_email";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Blocked storage: the session lasts for this page only.
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let token = read(TOKEN_KEY);
let email = read(EMAIL_KEY);

function notify() {
  for (const listener of listeners) listener();
}

export const operatorSession = {
  token: () => token,
  email: () => email,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(nextToken: string, nextEmail: string): void {
    token = nextToken;
    email = nextEmail;
    write(TOKEN_KEY, nextToken);
    write(EMAIL_KEY, nextEmail);
    notify();
  },
  clear(): void {
    const changed = token !== null;
    token = null;
    email = null;
    write(TOKEN_KEY, null);
    write(EMAIL_KEY, null);
    if (changed) notify();
  },
};

export function useOperatorToken(): string | null {
  return useSyncExternalStore(operatorSession.subscribe, operatorSession.token);
}

export function useOperatorEmail(): string | null {
  return useSyncExternalStore(operatorSession.subscribe, operatorSession.email);
}
