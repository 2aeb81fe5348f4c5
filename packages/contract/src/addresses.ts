import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { NETWORKS, type Network } from "./calls/funds";

/**
 * Address formats per network, shared by the server (which refuses a malformed address) and the forms (which say
 * so while the user types). A withdrawal to a malformed address is lost money, so each format checks its checksum,
 * not only its shape: base58check for TRON and legacy Bitcoin, bech32/bech32m for SegWit and Taproot, EIP-55 for
 * mixed-case EVM addresses. Pure (no Node or browser API), so both sides run the same code.
 */
export function isValidAddress(network: Network, address: string): boolean {
  switch (NETWORKS[network]) {
    case "evm":
      return isEvmAddress(address);
    case "tron":
      return isTronAddress(address);
    case "bitcoin":
      return isBitcoinAddress(address);
    default:
      return false;
  }
}

/** `isValidAddress` for a network name that came as a plain string (a form's selection): unknown networks fail. */
export function isValidAddressOn(network: string, address: string): boolean {
  return Object.hasOwn(NETWORKS, network) && isValidAddress(network as Network, address);
}

/**
 * One spelling per address, so that a saved address and a typed one compare equal: EVM addresses in their EIP-55
 * form (case carries no meaning there); TRON, base58 Bitcoin and bech32 are compared as written (bech32 in lower
 * case). Only for addresses `isValidAddress` accepted.
 */
export function normalizeAddress(network: Network, address: string): string {
  if (NETWORKS[network] === "evm") return evmChecksum(address);
  if (NETWORKS[network] === "bitcoin" && /^bc1/i.test(address)) return address.toLowerCase();
  return address;
}

const HEX40 = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 spelling of a 0x-prefixed 40-hex-digit address (any case in). */
export function evmChecksum(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const byte = hash[i >> 1] as number;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const ch = hex[i] as string;
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

/** EVM: 0x and 40 hex digits; all lower case carries no checksum, any other spelling must be the EIP-55 one. */
export function isEvmAddress(address: string): boolean {
  if (!HEX40.test(address)) return false;
  return address === address.toLowerCase() || evmChecksum(address) === address;
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58Decode(text: string): Uint8Array | null {
  if (!text || text.length > 64) return null;
  let value = 0n;
  for (const ch of text) {
    const digit = BASE58.indexOf(ch);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const ch of text) {
    if (ch !== "1") break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** Decoded payload (without the 4-byte checksum) when the base58check checksum holds. */
function base58Check(text: string): Uint8Array | null {
  const raw = base58Decode(text);
  if (!raw || raw.length < 5) return null;
  const payload = raw.subarray(0, raw.length - 4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  const given = raw.subarray(raw.length - 4);
  return checksum.every((b, i) => b === given[i]) ? payload : null;
}

/** TRON: base58check of 0x41 and a 20-byte account id; always starts with T and has 34 characters. */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const payload = base58Check(address);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}

/** Bitcoin mainnet: P2PKH (1...), P2SH (3...), SegWit v0 (bc1q...) and v1+ such as Taproot (bc1p...). */
export function isBitcoinAddress(address: string): boolean {
  if (/^bc1/i.test(address)) return isSegwitAddress(address);
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
  const payload = base58Check(address);
  return payload !== null && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
}

const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function bech32Polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= generators[i] as number;
  }
  return chk >>> 0;
}

function convertBits(data: number[], from: number, to: number): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    acc = ((acc << from) | value) & ((1 << (from + to - 1)) - 1);
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >>> bits) & max);
    }
  }
  // No padding allowed when decoding: leftover bits must be fewer than `from` and all zero.
  if (bits >= from || ((acc << (to - bits)) & max) !== 0) return null;
  return out;
}

/** BIP-173 / BIP-350 for the `bc` prefix. */
function isSegwitAddress(address: string): boolean {
  if (address.length > 90 || (address !== address.toLowerCase() && address !== address.toUpperCase())) return false;
  const text = address.toLowerCase();
  const sep = text.lastIndexOf("1");
  const hrp = text.slice(0, sep);
  if (hrp !== "bc") return false;
  const data: number[] = [];
  for (const ch of text.slice(sep + 1)) {
    const v = BECH32_CHARSET.indexOf(ch);
    if (v < 0) return false;
    data.push(v);
  }
  if (data.length < 7) return false;
  const expanded = [...hrp].map((c) => c.charCodeAt(0) >> 5);
  expanded.push(0, ...[...hrp].map((c) => c.charCodeAt(0) & 31));
  const check = bech32Polymod([...expanded, ...data]);
  const version = data[0] as number;
  if (version > 16) return false;
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  const program = convertBits(data.slice(1, -6), 5, 8);
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}
