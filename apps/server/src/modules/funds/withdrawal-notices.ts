import { explorerTxUrl } from "@cryptos/contract";
import { Money, toAmount } from "../../lib/decimal";
import type { MessagesService } from "../messages/service";
import type { MoneyNotice } from "./notices";
import type { ReviewedStatus } from "./review";
import type { WithdrawalRow } from "./withdrawal-ports";

type Notice = Parameters<MessagesService["notify"]>[2];

/** What a withdrawal's change changes on the user's screens: its row and their balances. */
export const WITHDRAWAL_TOPICS = ["withdrawals", "balances"] as const;

const NOTICE_KEYS = {
  completed: { title: "withdraw_completed_title", body: "withdraw_completed_body" },
  rejected: { title: "withdraw_rejected_title", body: "withdraw_rejected_body" },
  sending: { title: "withdraw_sending_title", body: "withdraw_sending_body" },
  failed: { title: "withdraw_failed_title", body: "withdraw_failed_body" },
} as const;

/** The user's message for where withdrawal `w` has got to. */
export function withdrawNotice(
  status: ReviewedStatus | "failed",
  w: WithdrawalRow,
  extra: { reason: string; hash?: string },
): Notice {
  const params = {
    id: w.id,
    amount: toAmount(w.amount),
    total: toAmount(new Money(w.amount).plus(w.fee)),
    currency: w.currency,
    network: w.network,
    address: w.address,
    ...extra,
  };
  return { ...NOTICE_KEYS[status], params };
}

/** The mail of a withdrawal sent or paid out, with its transaction when there is one. */
export function payoutNotice(
  kind: "withdrawal_sent" | "withdrawal_completed",
  w: WithdrawalRow,
  hash: string | null,
  at: Date,
  explorerUrl: string | null = hash ? explorerTxUrl(w.network, hash) : null,
): MoneyNotice {
  const amount = toAmount(w.amount);
  return { kind, amount, currency: w.currency, network: w.network, address: w.address, hash, explorerUrl, at };
}
