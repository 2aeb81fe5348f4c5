import type { Address, Hex } from "viem";
import { loadViem, loadViemAccounts } from "./viem";

/** secp256k1's field prime: y is recovered from x as sqrt(x^3 + 7) mod P, P = 3 (mod 4). */
const P = 2n ** 256n - 2n ** 32n - 977n;

function powMod(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base % P;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
  }
  return result;
}

/** BIP32 hands out compressed public keys; an Ethereum address hashes the uncompressed one. */
function uncompressed(compressed: Uint8Array): Hex {
  const x = BigInt(`0x${Buffer.from(compressed.subarray(1)).toString("hex")}`);
  let y = powMod(x ** 3n + 7n, (P + 1n) / 4n);
  if ((y & 1n) !== BigInt((compressed[0] ?? 2) & 1)) y = P - y;
  return `0x04${x.toString(16).padStart(64, "0")}${y.toString(16).padStart(64, "0")}`;
}

/**
 * The address of child 0/index of an account's extended public key (m/44'/60'/0'/0/index of the operator's
 * mnemonic): derived from public keys only, so the server never holds a deposit key (decision 105).
 */
export async function depositAddressAt(xpub: string, index: number): Promise<Address> {
  const [{ getAddress }, { HDKey, publicKeyToAddress }] = await Promise.all([loadViem(), loadViemAccounts()]);
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error("the xpub derived no public key");
  return getAddress(publicKeyToAddress(uncompressed(child.publicKey)));
}

/** Whether `xpub` is an extended public key this server can derive addresses from. */
export async function xpubProblem(xpub: string): Promise<string | undefined> {
  const { HDKey } = await loadViemAccounts();
  try {
    const key = HDKey.fromExtendedKey(xpub);
    if (key.privateKey) return "is a private key (xprv); give the account's xpub";
    return undefined;
  } catch (error) {
    return `is not a valid xpub (${error instanceof Error ? error.message : String(error)})`;
  }
}
