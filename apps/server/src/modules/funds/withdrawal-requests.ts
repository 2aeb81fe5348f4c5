import { amountIssue, type Network } from "@cryptos/contract";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import { isValidAddress } from "./addresses";
import { checkPrecision } from "./amounts";
import { tellUser } from "./notices";
import * as repo from "./repo";
import { WITHDRAWAL_TOPICS } from "./withdrawal-notices";
import type { WithdrawalRow, WithdrawalsDeps } from "./withdrawal-ports";

type Destination = { currency: string; network: Network; address: string };
type WithdrawalInput = Destination & { amount: string };
type Checked = { amount: Money; fee: Money; total: Money };

/**
 * A user's withdrawal request: the rules, the codes, then the money, where amount + fee move from available to
 * frozen in the entry that writes the request.
 */
export class WithdrawalRequests {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: WithdrawalsDeps,
  ) {}

  /**
   * The rules and a balance pre-check first, then the TOTP answer when the user has it on (before the emailed code,
   * so being asked for it does not burn a guess of the email), then the emailed code. Each is checked outside the
   * money's transaction, so wrong guesses count whatever happens next, and used up inside it: a request refused
   * there (the balance spent meanwhile by an order placed in parallel) keeps the user's right codes (decision 143).
   * The destination must be a saved address past its hold (decision 120).
   */
  async request(userId: number, input: WithdrawalInput & { code: string; totp?: string }): Promise<WithdrawalRow> {
    const checked = await this.check(userId, input);
    const available = await this.deps.ledger.balance({ userId, currency: input.currency, kind: "available" });
    if (new Money(available).lt(checked.total)) throw new Refusal("insufficient_balance", { currency: input.currency });
    const { codes, secondFactor } = this.deps;
    const twoStep = await secondFactor.matchSecondFactor(userId, input.totp);
    const codeId = await codes.matchCodeForUser(userId, "withdraw", input.code);
    if (codeId === null) throw new Refusal("code_invalid");
    return this.write(userId, input, checked, async (tx) => {
      if (twoStep) await secondFactor.useSecondFactor(tx, twoStep);
      if (!(await codes.useCode(tx, codeId))) throw new Refusal("code_invalid");
    });
  }

  /** The money step alone, for a withdrawal whose codes were checked elsewhere (and the concurrency tests). */
  async place(userId: number, input: WithdrawalInput): Promise<WithdrawalRow> {
    return this.write(userId, input, await this.check(userId, input));
  }

  private async check(userId: number, input: WithdrawalInput): Promise<Checked> {
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
   * The transaction of a withdrawal whose rules `check` passed; `useProofs` uses up its codes in it first. The rules
   * are read before it (other modules' reads, e.g. real-name, use their own connection); what must hold under
   * concurrency is enforced inside: the destination under the address book's lock (an address deleted or re-added
   * meanwhile is seen), the balance by the ledger's row lock.
   */
  private write(
    userId: number,
    input: WithdrawalInput,
    { amount, fee, total }: Checked,
    useProofs?: (tx: Tx) => Promise<void>,
  ): Promise<WithdrawalRow> {
    const { ledger } = this.deps;
    return withTransaction(this.db, async (tx) => {
      await useProofs?.(tx);
      await this.deps.addressBook.assertWithdrawable(tx, userId, input);
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
      await tellUser(this.deps, tx, userId, WITHDRAWAL_TOPICS);
      return row;
    });
  }
}
