import type { ChainedTick } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { rememberHeads, witnessesOf } from "@/lib/live";

/** At most this many pages of 100 (a day-long order has ~86,400 ticks; the verifier is for those). */
const MAX_PAGES = 20;

/** A pair's public log between two instants (inclusive), every page of it, oldest first. */
async function getTickWindow(productid: number, from: string, to: string, signal?: AbortSignal) {
  const items: ChainedTick[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const data = await api("listTicks", { query: { productid, from, to, page, list: 100 }, signal });
    items.push(...data.items);
    if (items.length >= data.total || data.items.length === 0) return { items, complete: true };
  }
  return { items, complete: false };
}

export const tickWindowOptions = (productid: number, from: string, to: string) =>
  queryOptions({
    queryKey: ["ticklog", productid, from, to],
    queryFn: ({ signal }) => getTickWindow(productid, from, to, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useTickWindow = (productid: number, from: string, to: string, enabled: boolean) =>
  useQuery({ ...tickWindowOptions(productid, from, to), enabled });

export type WitnessState = "agrees" | "disagrees" | "gone";

/** Heads looked up per visit: the newest half of them and the rest spread over the 30 days kept. */
const CHECK_PER_VISIT = 24;

/** At most `n` of the kept heads: the newest n/2, and n/2 spread evenly over the older ones. */
export function headsToCheck<T>(kept: readonly T[], n = CHECK_PER_VISIT): T[] {
  if (kept.length <= n) return [...kept];
  const newest = kept.slice(-n / 2);
  const older = kept.slice(0, -n / 2);
  const step = older.length / (n / 2);
  return [...Array.from({ length: n / 2 }, (_, i) => older[Math.floor(i * step)] as T), ...newest];
}

/**
 * The heads of this pair's log that this device kept (one an hour for 30 days, from live ticks and earlier visits),
 * a bounded few of them looked up in the log now: the log must still hold the same hash at the same id. The current
 * heads are kept for next time.
 */
async function checkWitnesses(productid: number, signal?: AbortSignal) {
  const seen = headsToCheck(witnessesOf(productid));
  const results: { id: number; state: WitnessState }[] = [];
  for (const witness of seen) {
    const { items } = await api("listTicks", {
      query: { productid, from: witness.at, to: witness.at, list: 100 },
      signal,
    });
    const found = items.find((t) => t.id === witness.id);
    results.push({ id: witness.id, state: !found ? "gone" : found.hash === witness.hash ? "agrees" : "disagrees" });
  }
  rememberHeads((await api("listTickHeads", { signal })).items);
  return results;
}

export const useWitnessCheck = (productid: number, enabled: boolean) =>
  useQuery({
    queryKey: ["ticklog", "witnesses", productid],
    queryFn: ({ signal }) => checkWitnesses(productid, signal),
    enabled,
    staleTime: 60_000,
  });

/** The server's receipt keys: the one signing now and every one before (public, so no session needed). */
export const useReceiptKeys = (enabled: boolean) =>
  useQuery({
    queryKey: ["ticklog", "receiptkeys"],
    queryFn: ({ signal }) => api("getReceiptKey", { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
