import { RPC_RATE_LIMIT_CODE } from "@cryptos/contract";
import type { Address, Hex, PublicClient } from "viem";
import { Refusal } from "../../lib/errors";
import { loadOnce } from "../../lib/load-once";

/**
 * viem, loaded at the first wallet sign-in: importing it took 360 ms of every server start (a tenth of the 3 s a
 * warm start may take), and most starts never see a wallet.
 */
const loadViem = loadOnce(() => Promise.all([import("viem"), import("viem/siwe")]));

/** A wallet's clock may run a little ahead of ours. */
const ISSUED_AT_SKEW_MS = 60_000;

export interface SignedSiwe {
  address: Address;
  nonce: string;
}

/** viem's errors for a node that did not answer. */
const UNREACHABLE = new Set(["HttpRequestError", "TimeoutError", "WebSocketRequestError"]);

const invalid = () => new Refusal("siwe_invalid");

/**
 * Checks an EIP-4361 message against this site before any signature work: the address is the one signing in,
 * the domain is PUBLIC_ORIGIN's host, the URI is on PUBLIC_ORIGIN, the chain is `chainId` (CHAIN_ID: the chain a
 * smart-contract wallet is checked on, so a message bound to another chain is never taken for this one), it was
 * not issued in the future and has not expired. Returns the checksummed address and the nonce, which the caller
 * then uses up.
 */
export async function checkSiweMessage(
  message: string,
  username: string,
  origin: URL,
  chainId: number,
  now: Date,
): Promise<SignedSiwe> {
  const [{ getAddress, isAddress, isAddressEqual }, { parseSiweMessage, validateSiweMessage }] = await loadViem();
  const fields = parseSiweMessage(message);
  const { address, domain, uri, nonce, issuedAt, version } = fields;
  if (!address || !domain || !uri || !nonce || !issuedAt || !version || fields.chainId === undefined) throw invalid();
  if (!isAddress(username, { strict: false }) || !isAddressEqual(address, username)) throw invalid();
  if (domain !== origin.host) throw invalid();
  if (fields.scheme !== undefined && `${fields.scheme}:` !== origin.protocol) throw invalid();
  let uriOrigin: string;
  try {
    uriOrigin = new URL(uri).origin;
  } catch {
    throw invalid();
  }
  if (uriOrigin !== origin.origin) throw invalid();
  if (fields.chainId !== chainId) throw new Refusal("siwe_wrong_chain", { chain: chainId });
  if (Number.isNaN(issuedAt.getTime()) || issuedAt.getTime() > now.getTime() + ISSUED_AT_SKEW_MS) throw invalid();
  if (fields.expirationTime) {
    if (Number.isNaN(fields.expirationTime.getTime())) throw invalid();
    if (now >= fields.expirationTime) throw new Refusal("siwe_expired");
  }
  // What is left: nonce shape, version 1, not-before.
  if (!validateSiweMessage({ message: fields, address: getAddress(username), domain: origin.host, time: now })) {
    throw invalid();
  }
  return { address: getAddress(address), nonce };
}

/** True when a JSON-RPC node said "too many requests" (HTTP 429 or a JSON-RPC error of code 429). */
function isRateLimited(error: unknown, BaseError: typeof import("viem").BaseError): boolean {
  if (error instanceof BaseError) {
    return Boolean(
      error.walk((e) => {
        const { status, code } = e as { status?: unknown; code?: unknown };
        return status === 429 || code === 429;
      }),
    );
  }
  return false;
}

/**
 * Verifies the signature: locally for an ordinary account (EOA); through the configured node (RPC_URL) for a
 * smart-contract wallet (EIP-1271, and EIP-6492 for one not yet deployed).
 */
export class WalletVerifier {
  private client: PublicClient | undefined;

  constructor(private readonly rpcUrl: string | undefined) {}

  async verify(address: Address, message: string, signature: Hex): Promise<boolean> {
    const [{ BaseError, createPublicClient, http, isErc6492Signature, verifyMessage }] = await loadViem();
    const byKey = await verifyMessage({ address, message, signature }).catch(() => false);
    if (byKey || !this.rpcUrl) return byKey;
    // One try: a node that says 429 wants us to back off, and the user is told so (code 1300).
    this.client ??= createPublicClient({ transport: http(this.rpcUrl, { retryCount: 0, timeout: 10_000 }) });
    try {
      // Asking for the code first surfaces the node's own errors (viem's verifyMessage reads a failed call as
      // "invalid"), and spares a call for an ordinary account whose signature simply does not match.
      const code = await this.client.getCode({ address });
      const deployed = code !== undefined && code !== "0x";
      if (!deployed && !isErc6492Signature(signature)) return false;
      return await this.client.verifyMessage({ address, message, signature });
    } catch (error) {
      if (isRateLimited(error, BaseError)) throw new Refusal("rpc_rate_limited", {}, 200, RPC_RATE_LIMIT_CODE);
      // A contract that reverts or a malformed signature is a failed verification; a node that cannot be reached is not.
      if (error instanceof BaseError && error.walk((e) => e instanceof Error && UNREACHABLE.has(e.name))) {
        throw new Refusal("rpc_unavailable");
      }
      return false;
    }
  }
}
