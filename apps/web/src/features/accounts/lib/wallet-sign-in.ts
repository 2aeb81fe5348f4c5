import { STORAGE_KEYS, WALLET_LOGIN_TYPE } from "@cryptos/contract";
import { getAddress, hexToNumber, isHex, numberToHex, stringToHex } from "viem";
import { createSiweMessage } from "viem/siwe";
import { ApiError, api } from "@/lib/api";
import { sessionStore } from "@/lib/session-store";
import { storage } from "@/lib/storage";
import { type Eip1193Provider, isUserRejection } from "./provider";

async function walletChainId(provider: Eip1193Provider): Promise<number | null> {
  try {
    const value = await provider.request({ method: "eth_chainId" });
    if (typeof value === "string" && isHex(value)) return hexToNumber(value);
    if (typeof value === "number" && Number.isInteger(value)) return value;
  } catch {
    // A wallet that does not answer eth_chainId is not asked to switch.
  }
  return null;
}

/**
 * The message is always for the chain the server names (CHAIN_ID: it refuses any other). A wallet on another chain
 * is asked to switch first, since a smart-contract wallet's signature holds only on the chain it was made on; an
 * ordinary account's holds on any, so a wallet that cannot switch still signs. Refusing the switch cancels.
 */
async function onServerChain(provider: Eip1193Provider, chainId: number): Promise<void> {
  const current = await walletChainId(provider);
  if (current === null || current === chainId) return;
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
  } catch (error) {
    if (isUserRejection(error)) throw error;
  }
}

/**
 * Wallet sign-in (docs/design/accounts.md): a single-use nonce from the server, an EIP-4361 message for this site
 * (domain = this page's host, uri = its origin, chain = the one the nonce names; the server checks all three), signed with
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
  await onServerChain(provider, issued.chain_id);
  const message = createSiweMessage({
    address,
    chainId: issued.chain_id,
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
