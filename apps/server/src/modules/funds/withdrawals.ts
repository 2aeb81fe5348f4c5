import { explorerTxUrl, type Network, type Paged, type ReviewAction, txHashIssue } from "@cryptos/contract";
import type { Db, Tx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import { iso } from "./amounts";
import { tellUser } from "./notices";
import * as repo from "./repo";
import { type ReviewInput, type ReviewQueue, reviewPending } from "./review";
import { WithdrawNetworks } from "./withdraw-networks";
import { payoutNotice, WITHDRAWAL_TOPICS, withdrawNotice } from "./withdrawal-notices";
import type { ChainSends, WithdrawalRow, WithdrawalsDeps, WithdrawalView } from "./withdrawal-ports";
import { WithdrawalRequests } from "./withdrawal-requests";

export type {
  AddressHolds,
  ChainSends,
  ChainSendView,
  EmailCodeCheck,
  RealNameCheck,
  SecondFactorCheck,
  WithdrawalRow,
  WithdrawalsDeps,
} from "./withdrawal-ports";

/**
 * Withdraw networks and withdrawals: a request freezes amount + fee in the entry that writes it; an operator
 * completes it (frozen leaves to withdrawal clearing and fees) or rejects it (frozen returns to available).
 */
export class WithdrawalsService {
  private readonly reviewQueue: ReviewQueue<WithdrawalRow, WithdrawalView>;
  private readonly networks: WithdrawNetworks;
  private readonly requests: WithdrawalRequests;
  private chain: ChainSends | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: WithdrawalsDeps,
  ) {
    this.networks = new WithdrawNetworks(db, deps);
    this.requests = new WithdrawalRequests(db, clock, deps);
    this.reviewQueue = {
      target: "withdrawal",
      lock: repo.lockWithdrawal,
      settle: async (tx, w, { action, txHash }) => {
        if (action === "complete" && this.chain && (await this.chain.sends(tx, w.network, w.currency))) {
          await this.chain.queue(tx, w);
          return "sending";
        }
        if (action === "complete") await this.recordPayout(tx, w, txHash);
        await this.settleWithdrawal(tx, w, action);
        return undefined;
      },
      save: repo.setWithdrawalReview,
      audited: (w) => ({ user_id: w.userId, amount: toAmount(w.amount), fee: toAmount(w.fee), currency: w.currency }),
      notice: (w, status, reason) => withdrawNotice(status, w, { reason }),
      view: async (tx, row) => (await this.withdrawalViews(tx, [row]))[0] as WithdrawalView,
      topics: WITHDRAWAL_TOPICS,
      // "sending" is mailed when the hot wallet has signed it, with its hash (`sentOnChain`).
      mail: (w, status) =>
        status === "completed" ? payoutNotice("withdrawal_completed", w, w.txHash, w.completedAt ?? clock.now()) : null,
    };
  }

  /** The chain module's sender takes the withdrawals on its networks from now on (wired once at start). */
  sendOnChainWith(chain: ChainSends) {
    this.chain = chain;
  }

  withdrawInfo(userId: number, currency?: string) {
    return this.networks.withdrawInfo(userId, currency);
  }

  adminWithdrawNetworks() {
    return this.networks.adminWithdrawNetworks();
  }

  saveWithdrawNetwork(...args: Parameters<WithdrawNetworks["saveWithdrawNetwork"]>) {
    return this.networks.saveWithdrawNetwork(...args);
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
      ...(w.txHash ? { tx_hash: w.txHash, explorer_url: explorerTxUrl(w.network, w.txHash) } : {}),
      completed_at: iso(w.completedAt),
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

  /** A user's withdrawal request, with their emailed code (and TOTP answer when it is on): `WithdrawalRequests`. */
  async requestWithdrawal(
    userId: number,
    input: { currency: string; network: Network; address: string; amount: string; code: string; totp?: string },
  ): Promise<WithdrawalView> {
    return this.withdrawalView(await this.requests.request(userId, input));
  }

  /** Records a withdrawal whose codes have been checked (the ledger's row lock refuses anything beyond the balance). */
  async placeWithdrawal(
    userId: number,
    input: { currency: string; network: Network; address: string; amount: string },
  ): Promise<WithdrawalView> {
    return this.withdrawalView(await this.requests.place(userId, input));
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
    outcome: { paid: true; hash: string; explorerUrl: string | null } | { paid: false; reason: string },
  ): Promise<boolean> {
    const w = await repo.lockWithdrawal(tx, id);
    if (w?.status !== "sending") return false;
    await this.settleWithdrawal(tx, w, outcome.paid ? "complete" : "reject");
    const status = outcome.paid ? "completed" : "failed";
    const now = this.clock.now();
    await repo.setWithdrawalStatus(tx, id, status, outcome.paid ? null : outcome.reason, outcome.paid ? now : null);
    const notice = outcome.paid
      ? payoutNotice("withdrawal_completed", w, outcome.hash, now, outcome.explorerUrl)
      : null;
    await tellUser(this.deps, tx, w.userId, WITHDRAWAL_TOPICS, notice);
    await this.deps.messages.notify(
      tx,
      w.userId,
      withdrawNotice(status, w, {
        reason: outcome.paid ? "" : outcome.reason,
        hash: outcome.paid ? outcome.hash : "",
      }),
    );
    return true;
  }

  /**
   * The hot wallet signed withdrawal `id` as `hash`, in the transaction that stores it: the user's screens show the
   * hash, and the user is mailed that it is on its way, once that commits.
   */
  async sentOnChain(tx: Tx, id: number, hash: string, explorerUrl: string | null): Promise<void> {
    const w = await repo.findWithdrawal(tx, id);
    if (!w) return;
    await tellUser(
      this.deps,
      tx,
      w.userId,
      ["withdrawals"],
      payoutNotice("withdrawal_sent", w, hash, this.clock.now(), explorerUrl),
    );
  }

  /** A withdrawal on its way gained confirmations: the user's open withdrawal log reads it again. */
  async progressed(id: number): Promise<void> {
    const w = await repo.findWithdrawal(this.db, id);
    if (w) await this.deps.messages.announce(this.db, w.userId, "withdrawals");
  }

  /**
   * The payout of a withdrawal completed by hand: the transaction the operator gave (checked against the network's
   * format: decision 121) and the time, on the row the review saves next.
   */
  private async recordPayout(tx: Tx, w: WithdrawalRow, txHash: string | undefined) {
    const hash = txHash?.trim() || null;
    if (hash && txHashIssue(w.network, hash)) throw new Refusal("withdraw_tx_hash_invalid", { network: w.network });
    await repo.setWithdrawalPayout(tx, w.id, hash, this.clock.now());
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
