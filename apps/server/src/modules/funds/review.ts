import type { ReviewAction, WsEventTopic } from "@cryptos/contract";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Refusal } from "../../lib/errors";
import type { AdminService } from "../admin/service";
import type { MessagesService } from "../messages/service";
import { type MoneyNotice, tellUser, type UserNoticesDeps } from "./notices";

/** What an operator review needs to say who did it, from where. */
export interface ReviewInput {
  operatorId: number;
  ip: string | undefined;
  id: number;
  action: ReviewAction;
  reason?: string | undefined;
  /** A withdrawal's payout transaction, given on completing it by hand. */
  txHash?: string | undefined;
}

export interface ReviewDeps extends UserNoticesDeps {
  admin: AdminService;
  messages: MessagesService;
}

type ReviewedRow = { id: number; userId: number; status: string };
type Notice = Parameters<MessagesService["notify"]>[2];
/** What a review leaves a row in. */
export type ReviewedStatus = "completed" | "rejected" | "sending";

/** How one review queue (deposits, withdrawals) differs from the other. */
export interface ReviewQueue<Row extends ReviewedRow, View> {
  /** The audit target's type, also the audit action's prefix (`deposit.complete`). */
  target: string;
  lock(tx: Tx, id: number): Promise<Row | undefined>;
  /**
   * The money of the decision, posted before the row changes. It may answer the status the row takes instead of
   * the action's (a withdrawal on a network with a node is completed by the chain: it becomes `sending`).
   */
  settle(tx: Tx, row: Row, input: ReviewInput): Promise<ReviewedStatus | undefined>;
  save(
    tx: Tx,
    id: number,
    review: { status: ReviewedStatus; reason: string | null; reviewedAt: Date; reviewedBy: number },
  ): Promise<Row>;
  /** What the audit record says about the row besides its new status. */
  audited(row: Row): Record<string, unknown>;
  /** The message the user gets. */
  notice(row: Row, status: ReviewedStatus, reason: string): Notice;
  /** What changed for the user's open screens (live events, decision 119). */
  topics: readonly WsEventTopic[];
  /** The mail the user gets for the outcome, if any (the row as saved). */
  mail(row: Row, status: ReviewedStatus): MoneyNotice | null;
  view(tx: Tx, row: Row): Promise<View>;
}

/**
 * Completes or rejects (reason required) one pending row of a review queue, exactly once: the row lock and status
 * check make two operators clicking at once review it once. The money, the row, the audit record and the user's
 * message are written in one transaction.
 */
export async function reviewPending<Row extends ReviewedRow, View>(
  db: Db,
  clock: Clock,
  deps: ReviewDeps,
  queue: ReviewQueue<Row, View>,
  input: ReviewInput,
): Promise<View> {
  const reason = input.reason?.trim() || null;
  if (input.action === "reject" && !reason) throw new Refusal("review_reason_required");
  return withTransaction(db, async (tx) => {
    const row = await queue.lock(tx, input.id);
    if (!row) throw new Refusal("review_not_found", { id: input.id });
    if (row.status !== "pending") throw new Refusal("review_already_done", { id: input.id });
    const { admin, messages } = deps;
    const status = (await queue.settle(tx, row, input)) ?? (input.action === "complete" ? "completed" : "rejected");
    const updated = await queue.save(tx, row.id, {
      status,
      reason: input.action === "reject" ? reason : null,
      reviewedAt: clock.now(),
      reviewedBy: input.operatorId,
    });
    await admin.audit(tx, {
      operatorId: input.operatorId,
      action: `${queue.target}.${input.action}`,
      target: { type: queue.target, id: row.id },
      before: { status: row.status },
      after: { status, ...queue.audited(row) },
      reason: reason ?? undefined,
      ip: input.ip,
    });
    await messages.notify(tx, row.userId, queue.notice(row, status, reason ?? ""));
    await tellUser(deps, tx, row.userId, queue.topics, queue.mail(updated, status));
    return queue.view(tx, updated);
  });
}
