import {
  type adminWithdrawal,
  type adminWithdrawNetwork,
  amountIssue,
  type Network,
  type Paged,
  type RealNameStatus,
  type ReviewAction,
  type withdrawNetwork,
} from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { withdrawals } from "../../db/schema";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { AdminService } from "../admin/service";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import { isValidAddress } from "./addresses";
import { checkPrecision, iso } from "./amounts";
import * as repo from "./repo";
import { type ReviewedStatus, type ReviewInput, type ReviewQueue, reviewPending } from "./review";
import type { FundsSettingsService } from "./settings";

type WithdrawalView = z.infer<typeof adminWithdrawal>;
type Notice = Parameters<MessagesService["notify"]>[2];

/** The user's message for where a withdrawal has got to. */
function withdrawNotice(status: ReviewedStatus | "failed", params: Notice["params"]): Notice {
  const keys = {
    completed: { title: "withdraw_completed_title", body: "withdraw_completed_body" },
    rejected: { title: "withdraw_rejected_title", body: "withdraw_rejected_body" },
    sending: { title: "withdraw_sending_title", body: "withdraw_sending_body" },
    failed: { title: "withdraw_failed_title", body: "withdraw_failed_body" },
  } as const;
  return { ...keys[status], params };
}
type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The accounts module's check of an emailed code (uses the code up; wrong guesses count against it). */
export interface EmailCodeCheck {
  consumeCodeForUser(userId: number, event: "withdraw", code: string): Promise<boolean>;
}

/** The accounts module's two-step verification. */
export interface SecondFactorCheck {
  /**
   * Refuses unless the user has no TOTP or `totp` is a current code or a recovery code (used up); answers whether
   * a second factor was given and passed.
   */
  checkSecondFactor(userId: number, totp: string | undefined): Promise<boolean>;
}

/** A user's real-name state, for the withdrawal rule. */
export interface RealNameCheck {
  status(userId: number): Promise<RealNameStatus>;
}

/** The address book's rule on destinations: book addresses past their hold, others only with TOTP (decision 031). */
export interface AddressHolds {
  assertUsable(userId: number, input: { currency: string; network: Network; address: string }): Promise<void>;
  assertWithdrawable(
    tx: Tx,
    userId: number,
    input: { currency: string; network: Network; address: string },
    secondFactorPassed: boolean,
  ): Promise<void>;
}

/** What users and operators see of a withdrawal's send on chain. */
export type ChainSendView = Pick<
  WithdrawalView,
  "tx_hash" | "explorer_url" | "confirmations" | "confirmations_required" | "chain"
>;

/**
 * The chain module's sender (issue 39), for withdrawals on a network with a node: an operator's "complete" hands
 * the withdrawal to it instead of marking it paid, and the chain says when it is completed or failed.
 */
export interface ChainSends {
  sends(network: string, currency: string): boolean;
  /** Takes an operator-completed withdrawal, in the review's transaction; refuses what it cannot send exactly. */
  queue(tx: Tx, w: WithdrawalRow): Promise<void>;
  views(conn: Db | Tx, ids: number[]): Promise<Map<number, ChainSendView>>;
}

export interface WithdrawalsDeps {
  ledger: LedgerService;
  admin: AdminService;
  messages: MessagesService;
  settings: FundsSettingsService;
  codes: EmailCodeCheck;
  secondFactor: SecondFactorCheck;
  realName: RealNameCheck;
  addressBook: AddressHolds;
}

/**
 * Withdraw networks and withdrawals: a request freezes amount + fee in the entry that writes it; an operator
 * completes it (frozen leaves to withdrawal clearing and fees) or rejects it (frozen returns to available).
 */
export class WithdrawalsService {
  private readonly reviewQueue: ReviewQueue<WithdrawalRow, WithdrawalView>;
  private chain: ChainSends | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: WithdrawalsDeps,
  ) {
    this.reviewQueue = {
      target: "withdrawal",
      lock: repo.lockWithdrawal,
      settle: async (tx, w, action) => {
        if (action === "complete" && this.chain?.sends(w.network, w.currency)) {
          await this.chain.queue(tx, w);
          return "sending";
        }
        await this.settleWithdrawal(tx, w, action);
        return undefined;
      },
      save: repo.setWithdrawalReview,
      audited: (w) => ({ user_id: w.userId, amount: toAmount(w.amount), fee: toAmount(w.fee), currency: w.currency }),
      notice: (w, status, reason) => {
        const params = {
          id: w.id,
          amount: toAmount(w.amount),
          total: toAmount(new Money(w.amount).plus(w.fee)),
          currency: w.currency,
          network: w.network,
          address: w.address,
          reason,
        };
        return withdrawNotice(status, params);
      },
      view: async (tx, row) => (await this.withdrawalViews(tx, [row]))[0] as WithdrawalView,
    };
  }

  /** The chain module's sender takes the withdrawals on its networks from now on (wired once at start). */
  sendOnChainWith(chain: ChainSends) {
    this.chain = chain;
  }

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

  async adminWithdrawNetworks(): Promise<z.infer<typeof adminWithdrawNetwork>[]> {
    const rows = await repo.listWithdrawNetworks(this.db, { onlyEnabled: false });
    return rows.map((n) => this.networkView(n));
  }

  private networkView(n: Awaited<ReturnType<typeof repo.upsertWithdrawNetwork>>) {
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
  ): Promise<z.infer<typeof adminWithdrawNetwork>> {
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
      const view = this.networkView(saved);
      await this.deps.admin.audit(tx, {
        operatorId,
        action: "withdraw_network.save",
        target: { type: "withdraw_network", id: saved.id },
        before: before ? this.networkView(before) : null,
        after: view,
        ip,
      });
      return view;
    });
  }

  /** Rows as the API shows them, with their sends on chain where there are any. */
  async withdrawalViews(conn: Db | Tx, rows: WithdrawalRow[]): Promise<WithdrawalView[]> {
    const sends = this.chain
      ? await this.chain.views(
          conn,
          rows.map((w) => w.id),
        )
      : new Map();
    return rows.map((w) => ({ ...this.withdrawalView(w), ...sends.get(w.id) }));
  }

  /** One withdrawal as the console shows it. */
  async view(conn: Db | Tx, id: number): Promise<WithdrawalView> {
    const row = await repo.findWithdrawal(conn, id);
    if (!row) throw new Refusal("review_not_found", { id });
    return (await this.withdrawalViews(conn, [row]))[0] as WithdrawalView;
  }

  /** Where a withdrawal goes: the address the user gave. */
  async destination(conn: Db | Tx, id: number): Promise<string> {
    const row = await repo.findWithdrawal(conn, id);
    if (!row) throw new Error(`withdrawal ${id} not found`);
    return row.address;
  }

  withdrawalView(w: WithdrawalRow): WithdrawalView {
    return {
      id: w.id,
      user_id: w.userId,
      currency: w.currency,
      network: w.network,
      address: w.address,
      amount: toAmount(w.amount),
      fee: toAmount(w.fee),
      status: w.status as WithdrawalView["status"],
      reason: w.reason,
      created_at: w.createdAt.toISOString(),
      reviewed_at: iso(w.reviewedAt),
      reviewed_by: w.reviewedBy,
    };
  }

  /**
   * A withdrawal as the user asks for it: the rules first, then the TOTP code when the user has it on (before the
   * emailed code, so being asked for it does not burn the email), then the emailed code (both used up by the
   * accounts module, outside this transaction so that wrong guesses count even when the request fails), then the
   * money. The destination must be a saved address past its hold unless this request passed a TOTP code.
   */
  async requestWithdrawal(
    userId: number,
    input: { currency: string; network: Network; address: string; amount: string; code: string; totp?: string },
  ): Promise<WithdrawalView> {
    const checked = await this.checkWithdrawal(userId, input);
    const available = await this.deps.ledger.balance({ userId, currency: input.currency, kind: "available" });
    if (new Money(available).lt(checked.total)) throw new Refusal("insufficient_balance", { currency: input.currency });
    const secondFactorPassed = await this.deps.secondFactor.checkSecondFactor(userId, input.totp);
    if (!(await this.deps.codes.consumeCodeForUser(userId, "withdraw", input.code))) {
      throw new Refusal("code_invalid");
    }
    return this.writeWithdrawal(userId, input, checked, { secondFactorPassed });
  }

  private async checkWithdrawal(
    userId: number,
    input: { currency: string; network: Network; address: string; amount: string },
  ) {
    const network = await repo.findWithdrawNetwork(this.db, input.currency, input.network);
    if (!network?.enabled) {
      throw new Refusal("withdraw_network_unavailable", { currency: input.currency, network: input.network });
    }
    const currency = await this.deps.ledger.currency(input.currency);
    const amount = checkPrecision(input.amount, currency);
    // The contract's amount rule, which the withdraw sheet applies as the user types (the balance is the ledger's).
    const issue = amountIssue(input.amount, {
      decimals: currency.decimals,
      min: toAmount(network.minAmount),
      max: toAmount(network.maxAmount),
    });
    if (issue === "below_min") {
      throw new Refusal("withdraw_amount_below_min", { min: toAmount(network.minAmount), currency: currency.code });
    }
    if (issue === "above_max") {
      throw new Refusal("withdraw_amount_above_max", { max: toAmount(network.maxAmount), currency: currency.code });
    }
    if (!isValidAddress(input.network, input.address)) {
      throw new Refusal("address_invalid", { network: input.network });
    }
    await this.deps.addressBook.assertUsable(userId, input);
    const { withdraw_requires_real_name } = await this.deps.settings.settings();
    if (withdraw_requires_real_name && (await this.deps.realName.status(userId)) !== "verified") {
      throw new Refusal("withdraw_real_name_required");
    }
    const fee = new Money(network.fee);
    return { amount, fee, total: amount.plus(fee) };
  }

  /**
   * Records a withdrawal whose codes have been checked: amount + fee move from available to frozen in one entry,
   * in the transaction that writes the request. The ledger's row lock refuses anything beyond the balance.
   * `secondFactorPassed`: this request gave a TOTP or recovery code that passed, so the destination may be an
   * address outside the book.
   */
  async placeWithdrawal(
    userId: number,
    input: { currency: string; network: Network; address: string; amount: string },
    verified: { secondFactorPassed: boolean },
  ): Promise<WithdrawalView> {
    return this.writeWithdrawal(userId, input, await this.checkWithdrawal(userId, input), verified);
  }

  /**
   * The money step of a withdrawal whose rules `checkWithdrawal` passed. The rules are read before the transaction
   * (other modules' reads, e.g. real-name, use their own connection); what must hold under concurrency is enforced
   * inside it: the destination under the address book's lock (an address deleted or re-added meanwhile is seen),
   * the balance by the ledger's row lock.
   */
  private writeWithdrawal(
    userId: number,
    input: { currency: string; network: Network; address: string; amount: string },
    { amount, fee, total }: Awaited<ReturnType<WithdrawalsService["checkWithdrawal"]>>,
    verified: { secondFactorPassed: boolean },
  ): Promise<WithdrawalView> {
    const { ledger } = this.deps;
    return withTransaction(this.db, async (tx) => {
      await this.deps.addressBook.assertWithdrawable(tx, userId, input, verified.secondFactorPassed);
      const row = await repo.insertWithdrawal(tx, {
        userId,
        currency: input.currency,
        network: input.network,
        address: input.address,
        amount: toAmount(amount),
        fee: toAmount(fee),
        status: "pending",
        createdAt: this.clock.now(),
      });
      await ledger.post(tx, {
        type: "withdraw_request",
        idempotencyKey: `withdraw:${row.id}:request`,
        ref: { type: "withdrawal", id: row.id },
        postings: [
          { account: { userId, currency: input.currency, kind: "available" }, amount: toAmount(total.neg()) },
          { account: { userId, currency: input.currency, kind: "frozen" }, amount: toAmount(total) },
        ],
      });
      return this.withdrawalView(row);
    });
  }

  async withdrawals(
    filter: { userId?: number | undefined; status?: string | undefined },
    page: number,
    list: number,
  ): Promise<Paged<WithdrawalView>> {
    const { items, total } = await repo.listWithdrawals(this.db, {
      ...filter,
      limit: list,
      offset: (page - 1) * list,
    });
    return { items: await this.withdrawalViews(this.db, items), total, page, list };
  }

  /**
   * Completes (frozen leaves: the amount to withdrawal clearing, the fee to fees) or rejects (frozen returns to
   * available; reason required) a pending withdrawal, exactly once (`reviewPending`).
   */
  reviewWithdrawal(input: ReviewInput): Promise<WithdrawalView> {
    return reviewPending(this.db, this.clock, this.deps, this.reviewQueue, input);
  }

  /**
   * The chain's verdict on a withdrawal it was sending, in the transaction that records it: mined with N
   * confirmations pays it out as an operator's "complete" did; reverted or dropped returns amount + fee to the
   * user's available balance. Exactly once: anything not `sending` is left as it is (answers false).
   */
  async finishOnChain(
    tx: Tx,
    id: number,
    outcome: { paid: true; hash: string } | { paid: false; reason: string },
  ): Promise<boolean> {
    const w = await repo.lockWithdrawal(tx, id);
    if (w?.status !== "sending") return false;
    await this.settleWithdrawal(tx, w, outcome.paid ? "complete" : "reject");
    const status = outcome.paid ? "completed" : "failed";
    await repo.setWithdrawalStatus(tx, id, status, outcome.paid ? null : outcome.reason);
    await this.deps.messages.notify(
      tx,
      w.userId,
      withdrawNotice(status, {
        id: w.id,
        amount: toAmount(w.amount),
        total: toAmount(new Money(w.amount).plus(w.fee)),
        currency: w.currency,
        network: w.network,
        address: w.address,
        reason: outcome.paid ? "" : outcome.reason,
        hash: outcome.paid ? outcome.hash : "",
      }),
    );
    return true;
  }

  private async settleWithdrawal(tx: Tx, w: WithdrawalRow, action: ReviewAction) {
    const { ledger } = this.deps;
    const amount = new Money(w.amount);
    const fee = new Money(w.fee);
    const total = amount.plus(fee);
    const frozen = { userId: w.userId, currency: w.currency, kind: "frozen" as const };
    if (action === "complete") {
      await ledger.post(tx, {
        type: "withdraw_complete",
        idempotencyKey: `withdraw:${w.id}:complete`,
        ref: { type: "withdrawal", id: w.id },
        postings: [
          { account: frozen, amount: toAmount(total.neg()) },
          { account: { system: "withdrawal_clearing", currency: w.currency }, amount: toAmount(amount) },
          ...(fee.isZero()
            ? []
            : [{ account: { system: "fees" as const, currency: w.currency }, amount: toAmount(fee) }]),
        ],
      });
    } else {
      await ledger.post(tx, {
        type: "withdraw_reject",
        idempotencyKey: `withdraw:${w.id}:reject`,
        ref: { type: "withdrawal", id: w.id },
        postings: [
          { account: frozen, amount: toAmount(total.neg()) },
          { account: { userId: w.userId, currency: w.currency, kind: "available" }, amount: toAmount(total) },
        ],
      });
    }
  }
}
