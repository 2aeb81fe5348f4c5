import { statfs } from "node:fs/promises";
import path from "node:path";
import { Money } from "../../lib/decimal";
import type { LedgerService } from "../ledger/service";
import type { MarketService } from "../market/service";
import type { UpDownService } from "../updown/service";
import type { IncidentKind } from "./kinds";

export interface CheckSources {
  market: Pick<MarketService, "newestTicks">;
  updown: Pick<UpDownService, "overdue">;
  ledger: Pick<LedgerService, "postingSums">;
  /** The folder whose disk is watched (DATA_DIR). */
  dataDir: string;
}

export interface CheckThresholds {
  alertTickAgeSeconds: number;
  alertSettlementLagSeconds: number;
  alertDiskFreePercent: number;
}

/** What a check found: the trouble's detail, false when all is well, "unknown" when it could not look. */
export type Finding = string | false | "unknown";

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** The disk's free share under `dir` (its nearest existing ancestor, before the folder is made), in percent. */
export async function diskFreePercent(dir: string): Promise<number> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const s = await statfs(at);
      return s.blocks > 0 ? (Number(s.bavail) / Number(s.blocks)) * 100 : 100;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || at === path.dirname(at)) throw error;
    }
  }
}

/** The checks of decision 114, each on its own: one that throws is "unknown", never a reason to skip the others. */
export async function findTrouble(
  sources: CheckSources,
  limits: CheckThresholds,
  now: Date,
): Promise<Map<Exclude<IncidentKind, "backup_failed">, Finding>> {
  const look = (check: () => Promise<string | false>): Promise<Finding> => check().catch(() => "unknown" as const);
  const [staleFeed, settlementLag, ledger, disk] = await Promise.all([
    look(async () => {
      const limitMs = limits.alertTickAgeSeconds * 1000;
      const stale = (await sources.market.newestTicks()).filter(
        (p) => !p.at || now.getTime() - p.at.getTime() > limitMs,
      );
      if (stale.length === 0) return false;
      return stale
        .map(
          (p) => `${p.symbol}: ${p.at ? `newest tick ${seconds(now.getTime() - p.at.getTime())} old` : "no tick yet"}`,
        )
        .join("; ");
    }),
    look(async () => {
      const { count, oldestAgeSeconds } = await sources.updown.overdue();
      if (oldestAgeSeconds <= limits.alertSettlementLagSeconds) return false;
      return `${count} up/down orders past their settle time, the oldest by ${Math.round(oldestAgeSeconds)} s`;
    }),
    look(async () => {
      const off = (await sources.ledger.postingSums()).filter((s) => !new Money(s.total).isZero());
      return off.length === 0 ? false : off.map((s) => `${s.currency} postings sum to ${s.total}`).join("; ");
    }),
    look(async () => {
      const free = await diskFreePercent(sources.dataDir);
      if (free >= limits.alertDiskFreePercent) return false;
      return `${free.toFixed(1)} % free on the disk under ${sources.dataDir} (alert below ${limits.alertDiskFreePercent} %)`;
    }),
  ]);
  return new Map([
    ["stale_feed", staleFeed],
    ["settlement_lag", settlementLag],
    ["ledger_imbalance", ledger],
    ["disk_low", disk],
  ]);
}
