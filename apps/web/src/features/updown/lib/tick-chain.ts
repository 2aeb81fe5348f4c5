import type { ChainedTick } from "@cryptos/contract";
import { compare } from "@cryptos/contract/decimal";

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** sha256_hex(prev_hash + "\n" + productid + "\n" + id + "\n" + price + "\n" + at), on this device (Web Crypto). */
export async function tickHash(productid: number, tick: ChainedTick): Promise<string> {
  const text = `${tick.prev_hash}\n${productid}\n${tick.id}\n${tick.price}\n${tick.at}`;
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

export type ChainCheck = { ok: true; checked: number } | { ok: false; checked: number; brokenAt: number };

/** Recomputes every hash of a run of the log and checks each tick links to the one before it. */
export async function checkChain(productid: number, ticks: readonly ChainedTick[]): Promise<ChainCheck> {
  for (const [i, tick] of ticks.entries()) {
    const before = ticks[i - 1];
    const linked = !before || (tick.prev_hash === before.hash && tick.id > before.id);
    if (!linked || (await tickHash(productid, tick)) !== tick.hash) return { ok: false, checked: i, brokenAt: tick.id };
  }
  return { ok: true, checked: ticks.length };
}

/**
 * The entry and exit the log gives. With the head an order's receipt names (`afterTickId`): the first tick after it
 * by position, and the last by time at or before the settle time among the same. Without one (orders placed before
 * receipts): the first tick after acceptance and the last at or before the settle time.
 */
export function entryAndExit(
  ticks: readonly ChainedTick[],
  acceptedAt: string,
  settleAt: string,
  afterTickId: number | null = null,
) {
  const after = Date.parse(acceptedAt);
  const until = Date.parse(settleAt);
  const inside = ticks
    .filter((t) => (afterTickId === null ? Date.parse(t.at) > after : t.id > afterTickId) && Date.parse(t.at) <= until)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
  const entry = afterTickId === null ? inside[0] : [...inside].sort((a, b) => a.id - b.id)[0];
  return { entry, exit: inside.at(-1), inside };
}

/** Whether a tick's price moved up (1), down (-1) or not (0) against another: the whole rule of the result. */
export const movement = (exit: string, entry: string) => compare(exit, entry);
