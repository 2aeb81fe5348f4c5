import { readFileSync, statSync } from "node:fs";
import type { Hex, LocalAccount } from "viem";
import { loadOnce } from "../../lib/load-once";
import { loadViemAccounts } from "./viem";

/** The hot wallet of HOT_WALLET_KEY_FILE. */
export interface HotWallet {
  /** The account that signs with the key, made on the first call (viem loads then: decision 085). */
  account(): Promise<LocalAccount>;
}

/**
 * Reads the hot wallet's key file once; a file that cannot be read, that others can read (whoever reads it can
 * empty the hot wallet) or that holds no key is refused at once. The key stays in closures, the loader's and then
 * viem's: the account object carries the address and signing functions, never the key, so logging or answering it
 * shows nothing secret.
 */
export function readHotWallet(path: string): HotWallet {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    throw new Error(`HOT_WALLET_KEY_FILE ${path}: ${(error as NodeJS.ErrnoException).code ?? "cannot be read"}`);
  }
  if ((mode & 0o077) !== 0) {
    throw new Error(
      `HOT_WALLET_KEY_FILE ${path} is readable by group or others (mode ${(mode & 0o777).toString(8)}); ` +
        "make it readable by the server's user only: chmod 600 (or 400) the file",
    );
  }
  const key = readFileSync(path, "utf8").trim();
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
    // The message never quotes the file's content.
    throw new Error(`HOT_WALLET_KEY_FILE ${path} does not hold a private key (0x and 64 hex digits)`);
  }
  return {
    account: loadOnce(async () => (await loadViemAccounts()).privateKeyToAccount(key as Hex)),
  };
}
