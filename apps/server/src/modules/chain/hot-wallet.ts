import { readFileSync, statSync } from "node:fs";
import type { Hex, LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * Reads the hot wallet's key file once and answers the account that signs with it. The key stays in viem's
 * closure: the account object carries the address and signing functions, never the key, so logging or answering it
 * shows nothing secret. A file others can read is refused: whoever reads it can empty the hot wallet.
 */
export function readHotWallet(path: string): LocalAccount {
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
  return privateKeyToAccount(key as Hex);
}
