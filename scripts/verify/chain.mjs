// The tick log's hash chain and the archives' day chain, exactly as the server defines them (docs/design/api.md,
// "The tick log"; packages/contract/src/calls/tick-log.ts).
import { createHash } from "node:crypto";

export const CHAIN_START = "0".repeat(64);

const sha256Hex = (data) => createHash("sha256").update(data).digest("hex");

/** hash = sha256_hex(prev_hash + "\n" + productid + "\n" + id + "\n" + price + "\n" + at) */
export const tickHash = (productid, tick) =>
  sha256Hex(`${tick.prev_hash}\n${productid}\n${tick.id}\n${tick.price}\n${tick.at}`);

/** chain = sha256_hex(prev_chain + "\n" + productid + "\n" + day + "\n" + sha256 of the gzip file) */
export const archiveChain = (prevChain, productid, day, sha256) =>
  sha256Hex(`${prevChain}\n${productid}\n${day}\n${sha256}`);

export const fileSha256 = (bytes) => sha256Hex(bytes);

/**
 * Checks a run of consecutive links of one pair's chain (a window as the log lists it, oldest first): every hash
 * recomputes, every tick links to the one before it, ids rise. Answers the problems found, empty when sound.
 */
export function checkRun(productid, ticks) {
  const problems = [];
  for (const [i, tick] of ticks.entries()) {
    if (tickHash(productid, tick) !== tick.hash) problems.push(`tick ${tick.id}: its hash does not match its content`);
    const before = ticks[i - 1];
    if (!before) continue;
    if (tick.prev_hash !== before.hash) problems.push(`tick ${tick.id}: does not link to tick ${before.id}`);
    if (!(tick.id > before.id)) problems.push(`tick ${tick.id}: out of order after ${before.id}`);
  }
  return problems;
}

/** The first tick strictly after `after` and the last at or before `until`, by (time, id), as settlement picks. */
export function entryAndExit(ticks, after, until) {
  const from = Date.parse(after);
  const to = Date.parse(until);
  const inside = ticks
    .filter((t) => Date.parse(t.at) > from && Date.parse(t.at) <= to)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
  return { entry: inside[0], exit: inside.at(-1) };
}
