import {
  type adminDeposit,
  type adminDepositChannel,
  type depositChannel,
  explorerTxUrl,
  type Network,
  type Paged,
  type ReviewAction,
  txHashIssue,
} from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { deposits } from "../../db/schema/funds";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { AdminService } from "../admin/service";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import { isValidAddress } from "./addresses";
import { checkPrecision, iso } from "./amounts";
import { postDepositCredit } from "./deposit-credit";
import { type MoneyMails, tellUser } from "./notices";
import * as repo from "./repo";
import { type ReviewInput, type ReviewQueue, reviewPending } from "./review";
import type { UploadsService } from "./uploads";

type DepositView = z.infer<typeof adminDeposit>;
type DepositRow = typeof deposits.$inferSelect;

/** Pending deposits one user may have at a time; more is noise for the operators, not money. */
const MAX_PENDING_DEPOSITS = 20;

export interface DepositsDeps {
  ledger: LedgerService;
  admin: AdminService;
  messages: MessagesService;
  uploads: UploadsService;
  mails: MoneyMails;
  /** The networks with a node (the chain module); their channels answer each user's own address. */
  chain: DepositAddresses;
}

/** The on-chain terms of a currency on a network, as Recharge shows them. */
export interface OnChainTerms {
  confirmations: number;
  min_deposit: string;
}

/** A chain deposit's progress beside its deposit row (Recharge log, console). */
export interface DepositChainView {
  tx_hash: string;
  confirmations: number;
  required: number;
  tx_url: string | null;
}

/**
 * What deposits need of the chain module, injected (it is the `ChainService`): the chain module builds on funds
 * (`OnChainFunds`), so funds knows it only through this port and imports nothing of it.
 */
export interface DepositAddresses {
  /** The terms when `currency` on `network` is credited from the chain; undefined when it is checked by hand. */
  terms(currency: string, network: string): Promise<OnChainTerms | undefined>;
  /** The user's own deposit address on `network` (allocated on the first ask). */
  addressFor(userId: number, network: string): Promise<string>;
  /** The chain progress of deposit rows. */
  depositViews(conn: Db | Tx, depositIds: number[]): Promise<Map<number, DepositChainView>>;
}

/**
 * Deposit channels and deposits: a user reports a transfer to a channel's address, an operator completes it (the
 * ledger credits the user from deposit clearing, keyed `deposit:<id>` so it can post only once) or rejects it.
 */
export class DepositsService {
  private readonly reviewQueue: ReviewQueue<DepositRow, DepositView>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: DepositsDeps,
  ) {
    this.reviewQueue = {
      target: "deposit",
      lock: repo.lockDeposit,
      settle: async (tx, deposit, { action }) => {
        await this.creditDeposit(tx, deposit, action);
        return undefined;
      },
      save: repo.setDepositReview,
      audited: (d) => ({ user_id: d.userId, amount: toAmount(d.amount), currency: d.currency }),
      notice: (d, status, reason) => {
        const params = { id: d.id, amount: toAmount(d.amount), currency: d.currency, reason };
        return status === "completed"
          ? { title: "deposit_completed_title", body: "deposit_completed_body", params }
          : { title: "deposit_rejected_title", body: "deposit_rejected_body", params };
      },
      view: async (tx, row) => (await this.depositViews(tx, [row]))[0] as DepositView,
      topics: ["deposits", "balances"],
      mail: (d, status) =>
        status === "completed"
          ? {
              kind: "deposit_credited",
              amount: toAmount(d.amount),
              currency: d.currency,
              network: d.network,
              address: null,
              hash: d.txid,
              explorerUrl: d.txid && !txHashIssue(d.network, d.txid) ? explorerTxUrl(d.network, d.txid) : null,
              at: d.reviewedAt ?? this.clock.now(),
            }
          : null,
    };
  }

  // Deposit channels ----------------------------------------------------------------------------------------------

  /** The enabled channels; on an on-chain network the address is `userId`'s own (allocated on the first ask). */
  async channels(userId: number): Promise<z.infer<typeof depositChannel>[]> {
    const rows = await repo.listChannels(this.db, true);
    return Promise.all(
      rows.map(async (c) => {
        const terms = await this.deps.chain.terms(c.currency, c.network);
        const address = terms ? await this.deps.chain.addressFor(userId, c.network) : c.address;
        return { id: c.id, currency: c.currency, network: c.network, address, demo: c.demo, on_chain: terms ?? null };
      }),
    );
  }

  async adminChannels(): Promise<z.infer<typeof adminDepositChannel>[]> {
    const rows = await repo.listChannels(this.db, false);
    return rows.map((c) => ({ ...c }));
  }

  async saveChannel(
    operatorId: number,
    ip: string | undefined,
    input: {
      id?: number | undefined;
      currency: string;
      network: Network;
      address: string;
      enabled: boolean;
      demo: boolean;
      sort: number;
    },
  ): Promise<z.infer<typeof adminDepositChannel>> {
    await this.deps.ledger.currency(input.currency);
    if (!isValidAddress(input.network, input.address)) {
      throw new Refusal("address_invalid", { network: input.network });
    }
    return withTransaction(this.db, async (tx) => {
      const clash = await repo.findChannelByNetwork(tx, input.currency, input.network);
      if (clash && clash.id !== input.id) {
        throw new Refusal("channel_exists", { currency: input.currency, network: input.network });
      }
      const values = {
        currency: input.currency,
        network: input.network,
        address: input.address,
        enabled: input.enabled,
        demo: input.demo,
        sort: input.sort,
      };
      let before: unknown = null;
      let saved: Awaited<ReturnType<typeof repo.insertChannel>>;
      if (input.id === undefined) {
        saved = await repo.insertChannel(tx, values);
      } else {
        before = await repo.findChannel(tx, input.id);
        if (!before) throw new Refusal("review_not_found", { id: input.id });
        const updated = await repo.updateChannel(tx, input.id, values);
        if (!updated) throw new Refusal("review_not_found", { id: input.id });
        saved = updated;
      }
      await this.deps.admin.audit(tx, {
        operatorId,
        action: "deposit_channel.save",
        target: { type: "deposit_channel", id: saved.id },
        before,
        after: saved,
        ip,
      });
      return { ...saved };
    });
  }

  // Deposits ------------------------------------------------------------------------------------------------------

  async depositViews(conn: Db | Tx, rows: DepositRow[]): Promise<DepositView[]> {
    const urls = await this.deps.uploads.urls(
      conn,
      rows.flatMap((r) => r.imageIds),
    );
    const chain = await this.deps.chain.depositViews(
      conn,
      rows.filter((r) => r.imageIds.length === 0).map((r) => r.id),
    );
    return rows.map((d) => ({
      id: d.id,
      user_id: d.userId,
      currency: d.currency,
      network: d.network,
      address: d.address,
      demo: d.demo,
      amount: toAmount(d.amount),
      txid: d.txid,
      images: d.imageIds.flatMap((id) => {
        const url = urls.get(id);
        return url ? [{ id, url }] : [];
      }),
      status: d.status as DepositView["status"],
      reason: d.reason,
      created_at: d.createdAt.toISOString(),
      reviewed_at: iso(d.reviewedAt),
      reviewed_by: d.reviewedBy,
      chain: chain.get(d.id) ?? null,
    }));
  }

  async submitDeposit(
    userId: number,
    input: { channel_id: number; amount: string; txid?: string | undefined; images: number[] },
  ): Promise<DepositView> {
    const channel = await repo.findChannel(this.db, input.channel_id);
    // An on-chain channel is credited by the chain watcher, never from a report.
    if (!channel?.enabled || (await this.deps.chain.terms(channel.currency, channel.network))) {
      throw new Refusal("deposit_channel_unavailable");
    }
    const currency = await this.deps.ledger.currency(channel.currency);
    const amount = checkPrecision(input.amount, currency);
    const imageIds = [...new Set(input.images)];
    return withTransaction(this.db, async (tx) => {
      await this.deps.uploads.assertOwned(tx, userId, imageIds);
      // Counted under the user's lock: simultaneous deposits (any connection, any instance) count one by one.
      await repo.lockUserDeposits(tx, userId);
      if ((await repo.countPendingDeposits(tx, userId)) >= MAX_PENDING_DEPOSITS) {
        throw new Refusal("deposit_pending_limit", { count: MAX_PENDING_DEPOSITS });
      }
      const row = await repo.insertDeposit(tx, {
        userId,
        channelId: channel.id,
        currency: channel.currency,
        network: channel.network,
        address: channel.address,
        demo: channel.demo,
        amount: toAmount(amount),
        txid: input.txid || null,
        imageIds,
        status: "pending",
        createdAt: this.clock.now(),
      });
      // The user's other screens (Assets, the deposit log) show it pending at once.
      await tellUser(this.deps, tx, userId, ["deposits"]);
      const [view] = await this.depositViews(tx, [row]);
      return view as DepositView;
    });
  }

  async deposits(
    filter: { userId?: number | undefined; status?: string | undefined },
    page: number,
    list: number,
  ): Promise<Paged<DepositView>> {
    const { items, total } = await repo.listDeposits(this.db, { ...filter, limit: list, offset: (page - 1) * list });
    return { items: await this.depositViews(this.db, items), total, page, list };
  }

  /**
   * Completes (credits the user: deposit clearing -> available) or rejects (reason required, no money moves) a
   * pending deposit, once (`reviewPending`); the idempotency key `deposit:<id>` makes even a second credit
   * impossible.
   */
  reviewDeposit(input: ReviewInput): Promise<DepositView> {
    return reviewPending(this.db, this.clock, this.deps, this.reviewQueue, input);
  }

  private async creditDeposit(tx: Tx, deposit: DepositRow, action: ReviewAction) {
    if (action !== "complete") return;
    await postDepositCredit(this.deps.ledger, tx, { ...deposit, amount: toAmount(deposit.amount) });
  }
}
