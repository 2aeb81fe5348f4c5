import { STORAGE_KEYS, type TickHead, type WsTick } from "@cryptos/contract";
import { storage } from "@/lib/storage";

/** A head of one pair's public tick log as this device saw it: later, the log must still hold this hash. */
export interface TickWitness {
  id: number;
  hash: string;
  at: string;
}

/** Per pair, the newest few, at most one a minute: enough to catch a rewrite, small enough for local storage. */
const KEEP_PER_PAIR = 5;
const EVERY_MS = 60_000;
const lastKept = new Map<number, number>();

function read(): Record<string, TickWitness[]> {
  try {
    const parsed: unknown = JSON.parse(storage.get(STORAGE_KEYS.tickWitnesses) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, TickWitness[]>) : {};
  } catch {
    return {};
  }
}

function keep(entries: { pair: number; witness: TickWitness }[]) {
  if (!entries.length) return;
  const all = read();
  for (const { pair, witness } of entries) {
    const list = (all[pair] ?? []).filter((w) => w.id !== witness.id);
    all[pair] = [...list, witness].sort((a, b) => a.id - b.id).slice(-KEEP_PER_PAIR);
  }
  storage.set(STORAGE_KEYS.tickWitnesses, JSON.stringify(all));
}

/** Called with every live ticks frame: keeps each pair's head now and then. */
export function rememberWitnesses(ticks: readonly WsTick[], now = Date.now()) {
  const entries: { pair: number; witness: TickWitness }[] = [];
  for (const tick of ticks) {
    if (tick.id === undefined || tick.hash === undefined) continue;
    if (now - (lastKept.get(tick.pair) ?? 0) < EVERY_MS) continue;
    lastKept.set(tick.pair, now);
    entries.push({ pair: tick.pair, witness: { id: tick.id, hash: tick.hash, at: tick.at } });
  }
  keep(entries);
}

/** Heads read over HTTP (`tickhead`) are witnesses too. */
export function rememberHeads(heads: readonly TickHead[]) {
  keep(heads.map((h) => ({ pair: h.productid, witness: { id: h.id, hash: h.hash, at: h.at } })));
}

export function witnessesOf(pair: number): TickWitness[] {
  const list = read()[pair];
  return Array.isArray(list) ? list.filter((w) => typeof w?.id === "number" && typeof w.hash === "string") : [];
}
