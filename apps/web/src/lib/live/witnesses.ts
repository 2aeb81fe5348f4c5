import { STORAGE_KEYS, type TickHead, type WsTick } from "@cryptos/contract";
import { storage } from "@/lib/storage";

/** A head of one pair's public tick log as this device saw it: later, the log must still hold this hash. */
export interface TickWitness {
  id: number;
  hash: string;
  at: string;
}

/**
 * Per pair, one head an hour for the last 30 days (issue 43): a rewrite of anything older than a kept head shows, and
 * a pair holds at most 721 (about 80 KB).
 */
const HOUR_MS = 3_600_000;
const KEEP_MS = 30 * 24 * HOUR_MS;
const KEEP_PER_PAIR = 30 * 24 + 1;
const hourOf = (at: string) => Math.floor(Date.parse(at) / HOUR_MS);
const lastKept = new Map<number, number>();

function read(): Record<string, TickWitness[]> {
  try {
    const parsed: unknown = JSON.parse(storage.get(STORAGE_KEYS.tickWitnesses) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, TickWitness[]>) : {};
  } catch {
    return {};
  }
}

function keep(entries: { pair: number; witness: TickWitness }[], now = Date.now()) {
  if (!entries.length) return;
  const all = read();
  let changed = false;
  for (const { pair, witness } of entries) {
    const list = (all[pair] ?? []).filter((w) => now - Date.parse(w.at) <= KEEP_MS);
    // The first head seen in an hour is that hour's; the others of the hour are not kept.
    if (list.some((w) => hourOf(w.at) === hourOf(witness.at))) continue;
    all[pair] = [...list, witness].sort((a, b) => a.id - b.id).slice(-KEEP_PER_PAIR);
    changed = true;
  }
  if (changed) storage.set(STORAGE_KEYS.tickWitnesses, JSON.stringify(all));
}

/** Called with every live ticks frame: keeps each pair's head once an hour. */
export function rememberWitnesses(ticks: readonly WsTick[], now = Date.now()) {
  const entries: { pair: number; witness: TickWitness }[] = [];
  for (const tick of ticks) {
    if (tick.id === undefined || tick.hash === undefined) continue;
    if (lastKept.get(tick.pair) === hourOf(tick.at)) continue;
    lastKept.set(tick.pair, hourOf(tick.at));
    entries.push({ pair: tick.pair, witness: { id: tick.id, hash: tick.hash, at: tick.at } });
  }
  keep(entries, now);
}

/** Heads read over HTTP (`listTickHeads`) are witnesses too. */
export function rememberHeads(heads: readonly TickHead[]) {
  keep(heads.map((h) => ({ pair: h.productid, witness: { id: h.id, hash: h.hash, at: h.at } })));
}

export function witnessesOf(pair: number): TickWitness[] {
  const list = read()[pair];
  return Array.isArray(list) ? list.filter((w) => typeof w?.id === "number" && typeof w.hash === "string") : [];
}
