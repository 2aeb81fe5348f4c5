import { STORAGE_KEYS, WALLET_LOGIN_TYPE } from "@cryptos/contract";
import { getAddress, hexToNumber, isHex, stringToHex } from "viem";
import { createSiweMessage } from "viem/siwe";
import { ApiError, api } from "@/lib/api";
import { sessionStore } from "@/lib/session-store";
import { storage } from "@/lib/storage";
import type { Eip1193Provider } from "./provider";

async function walletChainId(provider: Eip1193Provider, fallback: number): Promise<number> {
  try {
    const value = await provider.request({ method: "eth_chainId" });
    if (typeof value === "string" && isHex(value)) return hexToNumber(value);
    if (typeof value === "number" && Number.isInteger(value)) return value;
  } catch {
    // A wallet that does not answer eth_chainId signs for the chain the server names.
  }
  return fallback;
}

/**
 * Wallet sign-in (DESIGN.md §3): a single-use nonce from the server, an EIP-4361 message for this site
 * (domain = this page's host, uri = its origin; the server checks both against its PUBLIC_ORIGIN), signed with
 * personal_sign, then login type 3. As the spec says: a refusal (code 0) forgets the stored address; success
 * stores address, token and login type 3. Throws what the wallet or the server said.
 */
export async function signInWithWallet(provider: Eip1193Provider, account: string, statement: string): Promise<void> {
  const address = getAddress(account);
  try {
    const { message, signature } = await signFreshMessage(provider, address, statement);
    const data = await api("login", {
      body: { type: WALLET_LOGIN_TYPE, username: address, message, signature },
    });
    sessionStore.signIn(data.userinfo.token, WALLET_LOGIN_TYPE, address);
  } catch (error) {
    if (error instanceof ApiError && error.code === 0) storage.remove(STORAGE_KEYS.address);
    throw error;
  }
}

/**
 * A single-use nonce from the server and an EIP-4361 message for this site, signed with personal_sign: what wallet
 * sign-in sends, and what a wallet account gives as proof before a security change (issue 20).
 */
export async function signFreshMessage(
  provider: Eip1193Provider,
  account: string,
  statement: string,
): Promise<{ message: string; signature: `0x${string}` }> {
  const address = getAddress(account);
  const issued = await api("nonce", { body: { address } });
  const chainId = await walletChainId(provider, issued.chain_id);
  const message = createSiweMessage({
    address,
    chainId,
    domain: window.location.host,
    uri: window.location.origin,
    nonce: issued.nonce,
    version: "1",
    statement,
    issuedAt: new Date(),
    expirationTime: new Date(issued.expires_at),
  });
  const signature = await provider.request({ method: "personal_sign", params: [stringToHex(message), address] });
  if (typeof signature !== "string" || !isHex(signature)) throw new Error("The wallet returned no signature");
  return { message, signature };
}
