import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import {
  type ChainedTick,
  type Paged,
  TICK_ARCHIVE_PATH,
  TICK_CHAIN_START,
  type TickArchive,
  type TickHead,
} from "@cryptos/contract";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import * as repo from "./tick-log-repo";

const DAY_MS = 86_400_000;
const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The link of one archived day to the day before it (the verifier recomputes it the same way). */
export const archiveChain = (prevChain: string, pairId: number, day: string, sha256: string) =>
  sha256Hex(`${prevChain}\n${pairId}\n${day}\n${sha256}`);

/** The CSV of an archive: a header naming the tick log's fields, then one line per tick (no cell needs quoting). */
export const archiveCsv = (ticks: repo.LoggedTick[]) =>
  ["id,price,at,prev_hash,hash", ...ticks.map((t) => `${t.id},${t.price},${t.at},${t.prevHash},${t.hash}`)].join("\n") +
  "\n";

/**
 * The public tick log: every recorded tick of every pair, hash-chained per pair by the database as it is recorded
 * (migration 0017), its heads (what a client keeps as witnesses), and the day archives that keep the proof once
 * retention prunes the raw ticks.
 */
export class TickLogService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async ticks(pairId: number, from: Date | undefined, to: Date | undefined, page: number, list: number) {
    const { items, total } = await repo.pageOfTicks(this.db, pairId, from, to, (page - 1) * list, list);
    return {
      items: items.map(
        (t): ChainedTick => ({ id: t.id, price: t.price, at: t.at, prev_hash: t.prevHash, hash: t.hash }),
      ),
      total,
      page,
      list,
    } satisfies Paged<ChainedTick>;
  }

  async heads(): Promise<{ items: TickHead[] }> {
    const heads = await repo.chainHeads(this.db);
    return {
      items: heads.map((h) => ({ productid: h.pairId, symbol: h.symbol, id: h.tickId, hash: h.hash, at: h.at })),
    };
  }

  async archives(pairId: number, page: number, list: number): Promise<Paged<TickArchive>> {
    const { items, total } = await repo.pageOfArchives(this.db, pairId, (page - 1) * list, list);
    return {
      items: items.map((a) => ({
        day: a.day,
        ticks: a.ticks,
        first_id: a.firstTickId,
        last_id: a.lastTickId,
        last_hash: a.lastHash,
        sha256: a.sha256,
        prev_chain: a.prevChain,
        chain: a.chain,
        bytes: a.bytes,
        url: `${TICK_ARCHIVE_PATH}?productid=${pairId}&day=${a.day}`,
      })),
      total,
      page,
      list,
    };
  }

  archiveFile(pairId: number, day: string) {
    return repo.archiveFile(this.db, pairId, day);
  }

  /**
   * Archives every complete UTC day of every pair that ends at or before `keepDays` ago and is not archived yet,
   * oldest first, so that retention may prune those days' ticks. Any number of instances may run it: one pair's
   * archives are written under a lock and a day already written is skipped. Returns how many days it wrote.
   */
  async archiveDaysBeforeRetention(keepDays: number): Promise<number> {
    const cutoff = this.clock.now().getTime() - keepDays * DAY_MS;
    const before = new Date(Math.floor(cutoff / DAY_MS) * DAY_MS);
    let written = 0;
    for (const { pairId, day } of await repo.unarchivedDays(this.db, before)) {
      if (await this.archiveDay(pairId, day)) written++;
    }
    return written;
  }

  private archiveDay(pairId: number, day: string) {
    return this.db.transaction(async (tx) => {
      await repo.lockPairArchives(tx, pairId);
      const ticks = await repo.ticksOfDay(tx, pairId, day);
      const previous = await repo.lastArchiveChain(tx, pairId);
      if (previous && previous.day >= day) return false;
      const gzip = gzipSync(archiveCsv(ticks), { level: 9 });
      const sha256 = sha256Hex(gzip);
      const prevChain = previous?.chain ?? TICK_CHAIN_START;
      return repo.insertArchive(tx, {
        pairId,
        day,
        ticks: ticks.length,
        firstTickId: ticks[0]?.id ?? null,
        lastTickId: ticks.at(-1)?.id ?? null,
        lastHash: ticks.at(-1)?.hash ?? TICK_CHAIN_START,
        sha256,
        prevChain,
        chain: archiveChain(prevChain, pairId, day, sha256),
        gzip,
      });
    });
  }
}
