import type { adminWithdrawNetwork, Network, withdrawNetwork } from "@cryptos/contract";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import { checkPrecision } from "./amounts";
import * as repo from "./repo";
import type { WithdrawalsDeps } from "./withdrawal-ports";

type NetworkView = z.infer<typeof adminWithdrawNetwork>;
type NetworkRow = Awaited<ReturnType<typeof repo.upsertWithdrawNetwork>>;

function networkView(n: NetworkRow): NetworkView {
  return {
    id: n.id,
    currency: n.currency,
    network: n.network,
    fee: toAmount(n.fee),
    min_amount: toAmount(n.minAmount),
    max_amount: toAmount(n.maxAmount),
    enabled: n.enabled,
    sort: n.sort,
  };
}

/** The networks a currency can be withdrawn on, with their fee and limits: what users see, what operators set. */
export class WithdrawNetworks {
  constructor(
    private readonly db: Db,
    private readonly deps: Pick<WithdrawalsDeps, "ledger" | "admin" | "settings" | "realName">,
  ) {}

  /** The enabled networks (of `currency`), and whether the user's real-name state lets them withdraw. */
  async withdrawInfo(userId: number, currency?: string) {
    const [rows, settings, realName, all] = await Promise.all([
      repo.listWithdrawNetworks(this.db, { onlyEnabled: true, currency }),
      this.deps.settings.settings(),
      this.deps.realName.status(userId),
      this.deps.ledger.currencies(),
    ]);
    const decimals = new Map(all.map((c) => [c.code, c.decimals]));
    const items: z.infer<typeof withdrawNetwork>[] = rows
      .filter((n) => decimals.has(n.currency))
      .map((n) => ({
        currency: n.currency,
        network: n.network,
        fee: toAmount(n.fee),
        min_amount: toAmount(n.minAmount),
        max_amount: toAmount(n.maxAmount),
        decimals: decimals.get(n.currency) as number,
      }));
    return { items, requires_real_name: settings.withdraw_requires_real_name, real_name_status: realName };
  }

  async adminWithdrawNetworks(): Promise<NetworkView[]> {
    const rows = await repo.listWithdrawNetworks(this.db, { onlyEnabled: false });
    return rows.map(networkView);
  }

  /** An operator's save of one network's fee and limits (in the currency's decimals), audited with before and after. */
  async saveWithdrawNetwork(
    operatorId: number,
    ip: string | undefined,
    input: {
      currency: string;
      network: Network;
      fee: string;
      min_amount: string;
      max_amount: string;
      enabled: boolean;
      sort: number;
    },
  ): Promise<NetworkView> {
    const currency = await this.deps.ledger.currency(input.currency);
    const fee = checkPrecision(input.fee, currency);
    const min = checkPrecision(input.min_amount, currency);
    const max = checkPrecision(input.max_amount, currency);
    if (min.gt(max)) throw new Refusal("withdraw_limits_invalid");
    return withTransaction(this.db, async (tx) => {
      const before = await repo.findWithdrawNetwork(tx, input.currency, input.network);
      const saved = await repo.upsertWithdrawNetwork(tx, {
        currency: input.currency,
        network: input.network,
        fee: toAmount(fee),
        minAmount: toAmount(min),
        maxAmount: toAmount(max),
        enabled: input.enabled,
        sort: input.sort,
      });
      const view = networkView(saved);
      await this.deps.admin.audit(tx, {
        operatorId,
        action: "withdraw_network.save",
        target: { type: "withdraw_network", id: saved.id },
        before: before ? networkView(before) : null,
        after: view,
        ip,
      });
      return view;
    });
  }
}
