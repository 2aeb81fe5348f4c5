import type { fundsSettings } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { AdminService } from "../admin/service";
import type { SettingsService } from "../settings/service";

/** The settings funds reads, with the values that hold until an operator sets them. */
export const FUNDS_SETTINGS = {
  exchangeFeeRate: { key: "exchange_fee_rate", fallback: "0.001" },
  withdrawRequiresRealName: { key: "withdraw_requires_real_name", fallback: false },
} as const;

export interface FundsSettingsDeps {
  settings: SettingsService;
  admin: AdminService;
}

/** The operator's funds settings: the exchange fee rate and whether withdrawing needs a verified real name. */
export class FundsSettingsService {
  constructor(
    private readonly db: Db,
    private readonly deps: FundsSettingsDeps,
  ) {}

  async settings(conn: Db | Tx = this.db): Promise<z.infer<typeof fundsSettings>> {
    const { settings } = this.deps;
    const [rate, realName] = await Promise.all([
      settings.get<string>(FUNDS_SETTINGS.exchangeFeeRate.key, FUNDS_SETTINGS.exchangeFeeRate.fallback, conn),
      settings.get<boolean>(
        FUNDS_SETTINGS.withdrawRequiresRealName.key,
        FUNDS_SETTINGS.withdrawRequiresRealName.fallback,
        conn,
      ),
    ]);
    return { exchange_fee_rate: toAmount(rate), withdraw_requires_real_name: realName === true };
  }

  async saveSettings(
    operatorId: number,
    ip: string | undefined,
    change: { exchange_fee_rate?: string | undefined; withdraw_requires_real_name?: boolean | undefined },
  ) {
    return withTransaction(this.db, async (tx) => {
      const before = await this.settings(tx);
      if (change.exchange_fee_rate !== undefined) {
        if (new Money(change.exchange_fee_rate).gte(1)) throw new Refusal("fee_rate_invalid");
        await this.deps.settings.set(FUNDS_SETTINGS.exchangeFeeRate.key, toAmount(change.exchange_fee_rate), tx);
      }
      if (change.withdraw_requires_real_name !== undefined) {
        await this.deps.settings.set(
          FUNDS_SETTINGS.withdrawRequiresRealName.key,
          change.withdraw_requires_real_name,
          tx,
        );
      }
      const after = await this.settings(tx);
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await this.deps.admin.audit(tx, { operatorId, action: "funds.settings", before, after, ip });
      }
      return after;
    });
  }
}
