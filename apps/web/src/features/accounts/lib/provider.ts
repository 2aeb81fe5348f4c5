/**
 * The injected browser wallet (EIP-1193: MetaMask and the like). Kept free of viem so that the app-level
 * watcher costs a few lines in the entry chunk; signing (viem) loads only when a sign-in happens.
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on?(event: "accountsChanged", listener: (accounts: unknown) => void): void;
  removeListener?(event: "accountsChanged", listener: (accounts: unknown) => void): void;
}

/** EIP-1193's "user rejected the request". */
export const USER_REJECTED = 4001;

export function getInjectedProvider(): Eip1193Provider | null {
  const candidate = (window as { ethereum?: unknown }).ethereum;
  if (typeof candidate !== "object" || candidate === null) return null;
  return typeof (candidate as { request?: unknown }).request === "function" ? (candidate as Eip1193Provider) : null;
}

/** Addresses as the wallet reports them (it may report anything: keep only strings). */
export function asAccounts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** Accounts already shared with this site, without prompting (eth_accounts). */
export async function connectedAccounts(provider: Eip1193Provider): Promise<string[]> {
  return asAccounts(await provider.request({ method: "eth_accounts" }));
}

/** Asks the wallet to share an account (eth_requestAccounts; the wallet may prompt). */
export async function requestAccounts(provider: Eip1193Provider): Promise<string[]> {
  return asAccounts(await provider.request({ method: "eth_requestAccounts" }));
}

export function isUserRejection(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === USER_REJECTED;
}

/** "0x1234…abcd" for display. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
