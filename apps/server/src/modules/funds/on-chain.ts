import type { Db, Tx } from "../../db/client";
import { Money, toAmount } from "../../lib/decimal";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import { postDepositCredit } from "./deposit-credit";
import { type MoneyMails, tellUser } from "./notices";
import * as onChainRepo from "./on-chain-repo";
import * as repo from "./repo";

/** What the stored channel of an on-chain network says instead of an address: every user has their own. */
export const OWN_ADDRESS_CHANNEL = "on-chain (own address per user)";

/** A deposit row's status while the chain module follows it (`completed` once credited). */
export type OnChainDepositStatus = "confirming" | "below_minimum";

/** Ids per statement when summing withdrawals: far below the 65,535 parameters PostgreSQL takes. */
const IDS_PER_SUM = 1000;

/**
 * The funds module's side of the networks with a node (decision 163). The chain module keeps its own records (its
 * deposits, cursors, sends) and comes here for the funds' rows: the networks' deposit channels and withdrawal fee,
 * each user's deposit row and its credit, and the withdrawals it counts. Every change runs in the caller's
 * transaction `tx`, so the chain's record and the funds' row (and a credit's ledger entry) commit together or not
 * at all, as the ledger's `post(tx, ...)` does.
 */
export class OnChainFunds {
  constructor(
    private readonly deps: {
      ledger: Pick<LedgerService, "post">;
      messages: Pick<MessagesService, "announce" | "notify">;
      mails: MoneyMails;
    },
  ) {}

  // Channels ------------------------------------------------------------------------------------------------------

  /**
   * `currency` is deposited on chain on `network` from now on: its channel there says each user has their own
   * address, its demo channels go off, and its withdrawals there cost `withdrawFee` (a new withdraw network starts at
   * the minimum `minAmount`).
   */
  async claimChannel(tx: Tx, currency: string, network: string, terms: { withdrawFee: string; minAmount: string }) {
    await onChainRepo.claimChannel(tx, currency, network, OWN_ADDRESS_CHANNEL);
    await onChainRepo.disableDemoChannels(tx, currency);
    await onChainRepo.applyWithdrawFee(tx, currency, network, terms.withdrawFee, terms.minAmount);
  }

  /** `currency` is no longer on chain on `network`: its claimed channel goes off. */
  async releaseChannel(tx: Tx, currency: string, network: string) {
    await onChainRepo.disableChannel(tx, currency, network);
  }

  // Deposit rows --------------------------------------------------------------------------------------------------

  /** A transfer the chain saw to a user's own address: their deposit row, in the network's channel (answers its id). */
  async recordDeposit(
    tx: Tx,
    deposit: {
      userId: number;
      currency: string;
      network: string;
      address: string;
      amount: string;
      txHash: string;
      status: OnChainDepositStatus;
      at: Date;
    },
  ): Promise<number> {
    const channel = await repo.findChannelByNetwork(tx, deposit.currency, deposit.network);
    if (!channel) throw new Error(`no deposit channel for ${deposit.currency} on ${deposit.network}`);
    const row = await repo.insertDeposit(tx, {
      userId: deposit.userId,
      channelId: channel.id,
      currency: deposit.currency,
      network: deposit.network,
      address: deposit.address,
      demo: false,
      amount: deposit.amount,
      txid: deposit.txHash,
      imageIds: [],
      status: deposit.status,
      createdAt: deposit.at,
    });
    return row.id;
  }

  /** A dropped deposit is in the chain again (a reorg back): it is confirming once more. */
  async reopenDeposit(tx: Tx, depositId: number) {
    await onChainRepo.setDepositStatus(tx, depositId, "confirming", null);
  }

  /** A reorg took the deposit's block away: never credited. */
  async dropDeposit(tx: Tx, depositId: number, at: Date) {
    await onChainRepo.setDepositStatus(tx, depositId, "dropped", at);
  }

  /**
   * The chain confirmed the deposit: the user is credited (the ledger's `deposit:<id>` entry, as for a reviewed
   * deposit), the row is completed, and the user gets their message, the live update and the mail (after commit).
   */
  async creditDeposit(
    tx: Tx,
    deposit: { id: number; userId: number; currency: string; amount: string; at: Date },
    chain: { network: string; hash: string; explorerUrl: string | null },
  ) {
    const amount = toAmount(deposit.amount);
    await postDepositCredit(this.deps.ledger, tx, { ...deposit, amount });
    await onChainRepo.setDepositStatus(tx, deposit.id, "completed", deposit.at);
    await this.deps.messages.notify(tx, deposit.userId, {
      title: "deposit_completed_title",
      body: "deposit_completed_body",
      params: { id: deposit.id, amount, currency: deposit.currency, reason: "" },
    });
    await tellUser(this.deps, tx, deposit.userId, ["deposits", "balances"], {
      kind: "deposit_credited",
      amount,
      currency: deposit.currency,
      network: chain.network,
      address: null,
      hash: chain.hash,
      explorerUrl: chain.explorerUrl,
      at: deposit.at,
    });
  }

  // Withdrawals ---------------------------------------------------------------------------------------------------

  /** Withdrawals on `network` (of `currency`, when given) still waiting for review or being sent. */
  unfinishedWithdrawals(conn: Db | Tx, network: string, currency?: string): Promise<number> {
    return onChainRepo.countUnfinishedWithdrawals(conn, network, currency);
  }

  /** What withdrawals `ids` come to (those that failed left out, with `skipFailed`: nothing left the wallet). */
  async withdrawalsTotal(conn: Db | Tx, ids: number[], options: { skipFailed: boolean }): Promise<string> {
    let total = new Money(0);
    for (let i = 0; i < ids.length; i += IDS_PER_SUM) {
      total = total.plus(await onChainRepo.sumWithdrawals(conn, ids.slice(i, i + IDS_PER_SUM), options.skipFailed));
    }
    return toAmount(total);
  }
}
