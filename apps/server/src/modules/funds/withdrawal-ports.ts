import type { adminWithdrawal, Network, RealNameStatus } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { withdrawals } from "../../db/schema/funds";
import type { AdminService } from "../admin/service";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import type { MoneyMails } from "./notices";
import type { FundsSettingsService } from "./settings";

/** What the withdrawal services need of other modules, and the shapes they share. */

export type WithdrawalView = z.infer<typeof adminWithdrawal>;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * The accounts module's emailed codes. A guess is checked apart from its use: wrong guesses count when they are
 * made, and a right code is used up in the transaction that writes the withdrawal (kept when that is refused).
 */
export interface EmailCodeCheck {
  /** The id of the user's live code for `event` when `code` is it (a wrong guess counts against it); not used up. */
  matchCodeForUser(userId: number, event: "withdraw", code: string): Promise<number | null>;
  /** Uses up a matched code in `tx`; false when another request used it first. */
  useCode(tx: Tx, id: number): Promise<boolean>;
}

/** A second-factor answer the accounts module has checked and not used up yet. */
export type SecondFactorMatch = { userId: number; step: number } | { userId: number; recoveryHash: string };

/** The accounts module's two-step verification, checked like the emailed code: wrong answers count at once. */
export interface SecondFactorCheck {
  /**
   * Null when the user has no TOTP; else refuses unless `totp` is a current code or an unused recovery code, and
   * answers it, not used up.
   */
  matchSecondFactor(userId: number, totp: string | undefined): Promise<SecondFactorMatch | null>;
  /** Uses up a matched answer in `tx`; refuses when another request used it (or a later code) first. */
  useSecondFactor(tx: Tx, match: SecondFactorMatch): Promise<void>;
}

/** A user's real-name state, for the withdrawal rule. */
export interface RealNameCheck {
  status(userId: number): Promise<RealNameStatus>;
}

/** The address book's rule on destinations: only book addresses past their hold (decision 120). */
export interface AddressHolds {
  assertUsable(userId: number, input: { currency: string; network: Network; address: string }): Promise<void>;
  assertWithdrawable(
    tx: Tx,
    userId: number,
    input: { currency: string; network: Network; address: string },
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
  sends(tx: Tx, network: string, currency: string): Promise<boolean>;
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
  mails: MoneyMails;
}
