import type { adminUpDownSetting } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { MarketReader } from "./market-reader";
import type { SettingRow } from "./repo";
import * as repo from "./repo";

export type AdminUpDownSetting = z.infer<typeof adminUpDownSetting>;

export interface SaveUpDownSetting {
  productid: number;
  min_amount: string;
  max_amount: string;
  terms: { seconds: number; payout_rate: string }[];
  enabled: boolean;
}

/**
 * The operator console's half of up/down: the terms (limits, durations, payout rates) each pair takes future
 * orders on. An accepted order keeps the terms it was accepted on.
 */
export class UpDownTerms {
  constructor(
    private readonly db: Db,
    private readonly market: MarketReader,
  ) {}

  async adminSettings(): Promise<AdminUpDownSetting[]> {
    const rows = await repo.listAllSettings(this.db);
    const views: AdminUpDownSetting[] = [];
    for (const row of rows) {
      const pair = await this.market.pair(row.pairId);
      if (pair) views.push(this.adminView(row, pair.symbol));
    }
    return views;
  }

  /** Validates and stores a pair's terms inside the caller's transaction; answers the row before and after. */
  async saveSettings(tx: Tx, input: SaveUpDownSetting) {
    const pair = await this.market.pair(input.productid, tx);
    if (!pair) throw new Refusal("console_pair_not_found", { id: input.productid });
    if (new Money(input.min_amount).gt(input.max_amount)) throw new Refusal("console_limits_order");
    const seconds = input.terms.map((t) => t.seconds);
    if (new Set(seconds).size !== seconds.length) throw new Refusal("console_terms_duplicate");
    if (input.terms.some((t) => !new Money(t.payout_rate).gt(0))) throw new Refusal("console_rate_positive");
    const before = await repo.lockSetting(tx, pair.id);
    const currency = before?.currency ?? pair.symbol.split("/")[1] ?? "USDT";
    const saved = await repo.upsertSetting(tx, {
      pairId: pair.id,
      currency,
      minAmount: input.min_amount,
      maxAmount: input.max_amount,
      terms: [...input.terms]
        .sort((a, b) => a.seconds - b.seconds)
        .map((t) => ({ seconds: t.seconds, payout_rate: toAmount(t.payout_rate) })),
      enabled: input.enabled,
    });
    return { before: before ? this.adminView(before, pair.symbol) : null, after: this.adminView(saved, pair.symbol) };
  }

  private adminView(row: SettingRow, symbol: string): AdminUpDownSetting {
    return {
      productid: row.pairId,
      symbol,
      currency: row.currency,
      min_amount: toAmount(row.minAmount),
      max_amount: toAmount(row.maxAmount),
      terms: [...row.terms].sort((a, b) => a.seconds - b.seconds),
      enabled: row.enabled,
    };
  }
}
