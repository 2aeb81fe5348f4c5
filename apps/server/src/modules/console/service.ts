import type { adminDashboard, Locale } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { AccountsService } from "../accounts/service";
import type { TwoStepService } from "../accounts/two-step";
import type { UsersService } from "../accounts/users";
import type { AdminService } from "../admin/service";
import type { ChainService } from "../chain/service";
import type { ChainWithdrawalsService } from "../chain/withdrawals";
import type { ContentService } from "../content/service";
import type { DepositsService } from "../funds/deposits";
import type { UploadsService } from "../funds/uploads";
import type { WithdrawalsService } from "../funds/withdrawals";
import type { IdentityService } from "../identity/service";
import type { LedgerService } from "../ledger/service";
import type { MarketService } from "../market/service";
import type { MessagesService } from "../messages/service";
import type { StakingService } from "../staking/service";
import type { UpDownService } from "../updown/service";

type Dashboard = z.infer<typeof adminDashboard>;
/** The domain services the console composes (named here, not taken from services.ts, which builds the console). */
interface ConsoleDeps {
  accounts: AccountsService;
  twoStep: TwoStepService;
  admin: AdminService;
  ledger: LedgerService;
  users: UsersService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  identity: IdentityService;
  market: MarketService;
  updown: UpDownService;
  staking: StakingService;
  messages: MessagesService;
  content: ContentService;
  uploads: UploadsService;
  chain: ChainService;
  chainWithdrawals: ChainWithdrawalsService;
}

/** Who did it, from where: every console change is audited with the row before and after. */
export interface OperatorAct {
  operatorId: number;
  ip: string | undefined;
}

/** A console list's filter: by user and/or status. */
interface ListFilter {
  userId?: number | undefined;
  status?: string | undefined;
}

/** The distinct user ids among rows, in the order met. */
const userIdsOf = (rows: { user_id: number }[]) => [...new Set(rows.map((r) => r.user_id))];
const imageIdsOf = (rows: { images: { id: number }[] }[]) => rows.flatMap((r) => r.images.map((i) => i.id));
/** A read of one user's data names the user as its target; a list across users has none (its rows say whose). */
const userTarget = (userId: number | undefined) => (userId === undefined ? undefined : { type: "user", id: userId });

/**
 * The operator console's own rules: it composes the domain services for the dashboard and user pages, wraps every
 * configuration change in one transaction with its audit record, and audits every read of users' personal data
 * (decision 099). It moves no money and touches no order.
 */
export class ConsoleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly s: ConsoleDeps,
  ) {}

  async dashboard(): Promise<Dashboard> {
    const now = this.clock.now();
    const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [deposits, withdrawals, realNames, total, joinedToday, health] = await Promise.all([
      this.s.deposits.deposits({ status: "pending" }, 1, 1),
      this.s.withdrawals.withdrawals({ status: "pending" }, 1, 1),
      this.s.identity.submissions({ status: "pending" }, 1, 1),
      this.s.users.count(),
      this.s.users.count(startOfDay),
      this.s.ledger.health(),
    ]);
    const exposure = new Map<string, { users: Money; house: Money }>();
    for (const t of health.totals) {
      const row = exposure.get(t.currency) ?? { users: new Money(0), house: new Money(0) };
      if (t.owner === "users") row.users = row.users.plus(t.total);
      if (t.owner === "house") row.house = row.house.plus(t.total);
      exposure.set(t.currency, row);
    }
    return {
      pending: { deposits: deposits.total, withdrawals: withdrawals.total, real_names: realNames.total },
      users: { total, joined_today: joinedToday },
      exposure: [...exposure].map(([currency, r]) => ({
        currency,
        users: toAmount(r.users),
        house: toAmount(r.house),
      })),
      ledger_ok: health.ok,
    };
  }

  // Reads of users' personal data, each audited with what it read -------------------------------------------------

  /** Users, searched by email, address or id. */
  users(act: OperatorAct, q: string | undefined, page: number, list: number) {
    return this.read(
      act,
      "read.users",
      undefined,
      () => this.s.users.list(q, page, list),
      (r) => ({ q, page, list, user_ids: r.items.map((u) => u.id) }),
    );
  }

  /** One user's account, balances, real-name state and two-step state. */
  user(act: OperatorAct, userId: number) {
    return this.read(
      act,
      "read.user",
      userTarget(userId),
      async () => {
        const user = await this.s.users.find(userId);
        const [balances, realName, totp] = await Promise.all([
          this.s.ledger.balances(userId),
          this.s.identity.status(userId),
          this.s.twoStep.hasTotp(userId),
        ]);
        return { ...user, totp_enabled: totp, balances, real_name_status: realName };
      },
      (r) => ({ fields: Object.keys(r) }),
    );
  }

  userBills(act: OperatorAct, userId: number, page: number, list: number) {
    return this.read(
      act,
      "read.user.bills",
      userTarget(userId),
      async () => {
        await this.s.users.find(userId);
        return this.s.ledger.bills(userId, page, list, {});
      },
      (r) => ({ page, list, ids: r.items.map((b) => b.id) }),
    );
  }

  userOrders(act: OperatorAct, userId: number, page: number, list: number) {
    return this.read(
      act,
      "read.user.orders",
      userTarget(userId),
      async () => {
        await this.s.users.find(userId);
        return this.s.updown.ordersOf(userId, page, list);
      },
      (r) => ({ page, list, ids: r.items.map((o) => o.id) }),
    );
  }

  /** The email outbox: with SMTP its codes are masked (accounts), without it whole (the demo). */
  outbox(act: OperatorAct, page: number, list: number) {
    return this.read(
      act,
      "read.outbox",
      undefined,
      () => this.s.accounts.outbox(page, list),
      (r) => ({ page, list, ids: r.items.map((m) => m.id), delivering: r.delivering }),
    );
  }

  /** Real-name submissions: names, full document numbers and signed URLs of the document images. */
  realNames(
    act: OperatorAct,
    filter: ListFilter & { status?: "pending" | "verified" | "failed" | undefined },
    page: number,
    list: number,
  ) {
    return this.read(
      act,
      "read.real",
      userTarget(filter.userId),
      () => this.s.identity.submissions(filter, page, list),
      (r) => ({ ...this.listed(filter, page, list, r.items), images: imageIdsOf(r.items) }),
    );
  }

  /** Deposits, with signed URLs of their proof images. */
  deposits(act: OperatorAct, filter: ListFilter, page: number, list: number) {
    return this.read(
      act,
      "read.deposits",
      userTarget(filter.userId),
      () => this.s.deposits.deposits(filter, page, list),
      (r) => ({ ...this.listed(filter, page, list, r.items), images: imageIdsOf(r.items) }),
    );
  }

  /** Withdrawals, with the addresses users send to. */
  withdrawals(act: OperatorAct, filter: ListFilter, page: number, list: number) {
    return this.read(
      act,
      "read.withdrawals",
      userTarget(filter.userId),
      () => this.s.withdrawals.withdrawals(filter, page, list),
      (r) => this.listed(filter, page, list, r.items),
    );
  }

  /** The chain watcher's networks and the latest on-chain deposits, whose users and amounts are personal data. */
  chainStatus(act: OperatorAct) {
    return this.read(
      act,
      "read.chain",
      undefined,
      () => this.s.chain.status(),
      (r) => ({ ids: r.deposits.map((d) => d.deposit_id), user_ids: userIdsOf(r.deposits) }),
    );
  }

  /** Users' balances beside what the chain holds; totals only, no user's data, so not an audited read. */
  async chainReconcile() {
    return this.s.chain.reconcile(await this.s.chainWithdrawals.hotAddress());
  }

  /**
   * An uploaded image (a document or a proof) opened with an operator's token; `null` when there is none. The
   * signed URLs the lists hand out are audited with those lists, by image id.
   */
  async file(act: OperatorAct, uploadId: number) {
    const file = await this.s.uploads.read(uploadId, { operatorId: act.operatorId });
    if (file) {
      await this.s.admin.audit(this.db, {
        operatorId: act.operatorId,
        action: "read.file",
        target: { type: "user", id: file.userId },
        after: { upload_id: uploadId },
        ip: act.ip,
      });
    }
    return file;
  }

  private listed(filter: ListFilter, page: number, list: number, rows: { id: number; user_id: number }[]) {
    return { status: filter.status, page, list, ids: rows.map((r) => r.id), user_ids: userIdsOf(rows) };
  }

  /**
   * Answers a read of users' personal data after auditing it: one row per call, naming what the answer holds (ids
   * and fields, never the data itself). A read whose audit row cannot be written is not answered.
   */
  private async read<T>(
    act: OperatorAct,
    action: string,
    target: { type: string; id: number } | undefined,
    read: () => Promise<T>,
    what: (answer: T) => Record<string, unknown>,
  ): Promise<T> {
    const answer = await read();
    await this.s.admin.audit(this.db, { operatorId: act.operatorId, action, target, after: what(answer), ip: act.ip });
    return answer;
  }

  /** Changes a credit score; the user reads the reason in a message (docs/design/accounts.md, "Credit score"). */
  setCreditScore(act: OperatorAct, userId: number, score: number, reason: string) {
    return this.audited(act, "user.credit", { type: "user", id: userId }, reason, async (tx) => {
      const change = await this.s.users.setCreditScore(tx, userId, score);
      await this.s.messages.notify(tx, userId, {
        title: "credit_changed_title",
        body: "credit_changed_body",
        params: { score, before: change.before.credit_score, reason },
      });
      return change;
    });
  }

  /**
   * Turns off a user's two-step verification, for a user who lost the authenticator and proved who they are to the
   * operator some other way. Audited with the state before and after; the user gets a message with the reason (in
   * the same transaction) and a notification mail (after the commit, in the operator's request language: accounts
   * store none).
   */
  async resetTotp(act: OperatorAct, userId: number, reason: string, locale: Locale) {
    const after = await this.audited(act, "user.totp.reset", { type: "user", id: userId }, reason, async (tx) => {
      const change = await this.s.twoStep.resetTotpByOperator(tx, userId);
      await this.s.messages.notify(tx, userId, {
        title: "totp_reset_title",
        body: "totp_reset_body",
        params: { reason },
      });
      return change;
    });
    await this.s.accounts.notifySecurityChange(userId, locale, { kind: "totp_reset", reason });
    return after;
  }

  async savePair(act: OperatorAct, id: number, set: { enabled?: boolean | undefined; sort?: number | undefined }) {
    const saved = await this.audited(act, "pair.save", { type: "pair", id }, undefined, (tx) =>
      this.s.market.savePair(tx, id, set),
    );
    this.s.market.invalidate();
    return saved;
  }

  saveUpDownSettings(act: OperatorAct, input: Parameters<UpDownService["terms"]["saveSettings"]>[1]) {
    return this.audited(act, "updown.settings.save", { type: "pair", id: input.productid }, undefined, (tx) =>
      this.s.updown.terms.saveSettings(tx, input),
    );
  }

  saveStakingProduct(act: OperatorAct, input: Parameters<StakingService["saveProduct"]>[1]) {
    return this.audited(
      act,
      "staking.product.save",
      { type: "staking_product", id: input.id ?? "new" },
      undefined,
      (tx) => this.s.staking.saveProduct(tx, input),
    );
  }

  saveNews(act: OperatorAct, input: Parameters<MessagesService["saveNews"]>[1]) {
    return this.audited(act, "news.save", { type: "message", id: input.id ?? "new" }, undefined, (tx) =>
      this.s.messages.saveNews(tx, input),
    );
  }

  async webviewHosts(act: OperatorAct, hosts: string[] | undefined) {
    if (!hosts) return { hosts: await this.s.content.webviewHosts() };
    return this.audited(act, "webview.hosts.save", { type: "setting", id: "webview.hosts" }, undefined, (tx) =>
      this.s.content.setWebviewHosts(tx, hosts),
    );
  }

  /** A message from the operator to one user, audited in the transaction that writes it. */
  async sendMessage(act: OperatorAct, input: { uid: number; title: string; body: string }): Promise<{ id: number }> {
    if (!(await this.s.users.exists(input.uid))) throw new Refusal("user_not_found", { id: input.uid });
    const id = await withTransaction(this.db, async (tx) => {
      const messageId = await this.s.messages.sendPersonal(tx, input.uid, input.title, input.body);
      await this.s.admin.audit(tx, {
        operatorId: act.operatorId,
        action: "message.send",
        target: { type: "user", id: input.uid },
        after: { message_id: messageId, title: input.title },
        ip: act.ip,
      });
      return messageId;
    });
    return { id };
  }

  private audited<T>(
    act: OperatorAct,
    action: string,
    target: { type: string; id: string | number },
    reason: string | undefined,
    change: (tx: Tx) => Promise<{ before: unknown; after: T }>,
  ): Promise<T> {
    return withTransaction(this.db, async (tx) => {
      const { before, after } = await change(tx);
      const id = (after as { id?: number; productid?: number }).id ?? target.id;
      await this.s.admin.audit(tx, {
        operatorId: act.operatorId,
        action,
        target: { type: target.type, id },
        before,
        after,
        reason,
        ip: act.ip,
      });
      return after;
    });
  }
}
