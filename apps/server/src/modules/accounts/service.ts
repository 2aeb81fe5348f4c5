import {
  type Balance,
  LOGIN_TYPES,
  type Locale,
  resolveLocale,
  type SecurityProof,
  type UserInfo,
} from "@cryptos/contract";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { translate } from "../../i18n/translate";
import type { Clock } from "../../lib/clock";
import { Refusal, Unauthorized } from "../../lib/errors";
import type { ThrottlePolicy } from "../../lib/login-throttle";
import { hashPassword, verifyPassword } from "../../lib/secrets";
import type { Caller } from "../../plugins/auth";
import type { RealNameCheck } from "../funds/withdrawals";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import { EmailCodesService } from "./codes";
import { Mailer, type MailLog } from "./mailer";
import { type MoneyNotice, moneyMail } from "./money-mail";
import { OwnerProof, reauthKindOf, userOf } from "./owner-proof";
import * as repo from "./repo";
import { type SecurityChange, securityMail } from "./security-mail";
import { type RequestMeta, SessionsService } from "./sessions";
import { SignInService } from "./sign-in";
import { LoginThrottle } from "./throttle";
import { TwoStepService } from "./two-step";
import * as twoStepRepo from "./two-step-repo";
import { WalletVerifier } from "./wallet";

export type { MoneyNotice } from "./money-mail";
export type { RequestMeta, SessionData } from "./sessions";

/** An IANA time zone the runtime knows (at most 64 characters), else null. */
function validTimeZone(zone: string | undefined): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const MINUTE_MS = 60_000;
/**
 * Failed sign-ins, in a sliding window of 15 minutes, per account (the email as typed, whether it exists or not):
 * five from one address lock that address out of the account; ten from all addresses together make every further
 * attempt on the account wait 1 s, 2 s, 4 s … up to 30 s after the last failure. With per-IP limits, 30 failures
 * from one address lock it out of every account.
 */
const LOGIN_THROTTLE: ThrottlePolicy = {
  windowMs: 15 * MINUTE_MS,
  pairMax: 5,
  accountSlowAfter: 10,
  maxDelayMs: 30_000,
  addressMax: 30,
};

export interface AccountsDeps {
  ledger: LedgerService;
  /** The real-name state shown in `getUserInfo` (the identity module). */
  realName: RealNameCheck;
  /** The unread count shown in `getUserInfo` (the messages module). */
  messages: Pick<MessagesService, "unread">;
  /** The emailed codes' clock when it is not `clock`: a test server's steppable one (decision 141). */
  codeClock?: Clock;
}

export type AccountsConfig = Pick<
  Config,
  "publicOrigin" | "smtpUrl" | "mailFrom" | "rpcUrl" | "chainId" | "perIpLimits" | "codeResendSeconds"
>;

/**
 * The signed-in user's account: what `getUserInfo` shows, the password change, signing other sessions out, the
 * security notification mails, and the operator's view of the outbox.
 */
export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: AccountsDeps & { throttle: LoginThrottle; proof: OwnerProof },
    readonly mailer: Mailer,
    private readonly log?: MailLog,
  ) {}

  async userInfo(caller: Caller): Promise<UserInfo> {
    const [user, session, totp] = await Promise.all([
      repo.findUserById(this.db, caller.userId),
      repo.findSession(this.db, caller.sessionId),
      twoStepRepo.findTotp(this.db, caller.userId),
    ]);
    if (!user || !session) throw new Unauthorized("session_expired");
    return {
      userinfo: {
        token: caller.token,
        id: user.id,
        email: user.email,
        address: user.address,
        login_type: session.loginType,
        credit_score: user.creditScore,
        created_at: user.createdAt.toISOString(),
        totp_enabled: Boolean(totp?.enabledAt),
        reauth: reauthKindOf(user),
      },
      users: {
        balances: await this.balancesFor(user.id),
        real_name_status: await this.deps.realName.status(user.id),
        unread: await this.deps.messages.unread({ userId: user.id, joinedAt: user.createdAt }),
      },
    };
  }

  /** The user's balances summary for `getUserInfo`: the one place that asks the ledger for it. */
  balancesFor(userId: number): Promise<Balance[]> {
    return this.deps.ledger.balances(userId);
  }

  loginTypes(locale: Locale) {
    return {
      types: [
        { type: LOGIN_TYPES.password, name: translate(locale, "login_type_password") },
        { type: LOGIN_TYPES.emailCode, name: translate(locale, "login_type_code") },
        { type: LOGIN_TYPES.wallet, name: translate(locale, "login_type_wallet") },
      ],
    };
  }

  /** A new password for the signed-in user, with the current one; the user's other sessions are signed out. */
  async changePassword(caller: Caller, current: string, next: string, meta: RequestMeta): Promise<{ revoked: number }> {
    const user = await userOf(this.db, caller);
    if (!user.email || !user.passwordHash) throw new Refusal("password_not_set");
    const hash = user.passwordHash;
    if (!(await this.deps.throttle.attempt(user.email, meta.ip, () => verifyPassword(hash, current)))) {
      throw new Refusal("password_wrong");
    }
    if (current === next) throw new Refusal("password_unchanged");
    const passwordHash = await hashPassword(next);
    const changed = await withTransaction(this.db, async (tx) => {
      await repo.setPassword(tx, user.id, passwordHash);
      return { revoked: await repo.revokeUserSessions(tx, user.id, this.clock.now(), caller.sessionId) };
    });
    await this.notifySecurityChange(user.id, meta.locale, { kind: "password_changed" });
    return changed;
  }

  /**
   * Signs out every other session, with the account's proof: the owner can always throw a thief out, and a thief
   * holding one session cannot throw the owner out.
   */
  async revokeOtherSessions(caller: Caller, proof: SecurityProof, meta: RequestMeta): Promise<{ revoked: number }> {
    await this.deps.proof.proveOwner(await userOf(this.db, caller), proof, meta);
    const revoked = await repo.revokeUserSessions(this.db, caller.userId, this.clock.now(), caller.sessionId);
    await this.notifySecurityChange(caller.userId, meta.locale, { kind: "sessions_revoked" });
    return { revoked };
  }

  /**
   * Mails the user about a security change, in `locale` (the language of the request that made it; accounts store
   * no language). Called after the change has committed, and never throws: a mail that cannot be written or sent is
   * logged, and the change stands. Accounts without an email address (wallets) get nothing.
   */
  async notifySecurityChange(userId: number, locale: Locale, change: SecurityChange): Promise<void> {
    try {
      const user = await repo.findUserById(this.db, userId);
      if (!user?.email) return;
      await this.mailer.send(securityMail(user.email, locale, change, this.clock.now()));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log?.warn({ userId, change: change.kind, reason }, "security notification mail failed");
    }
  }

  /**
   * Remembers the language and time zone of the user's money request, for the mails later events of it send
   * (decision 119). One statement, which writes only when either changed; an unknown zone is kept as none (UTC).
   */
  async rememberPreferences(userId: number, locale: Locale, timeZone: string | undefined): Promise<void> {
    await repo.setUserPreferences(this.db, userId, locale, validTimeZone(timeZone));
  }

  /**
   * Mails the user about a deposit credited or a withdrawal sent or completed, in the language and time zone of their
   * latest money request. Called after the change has committed, and never throws (it logs): the money stands.
   */
  async notifyMoney(userId: number, notice: MoneyNotice): Promise<void> {
    try {
      const user = await repo.findUserById(this.db, userId);
      if (!user?.email) return;
      await this.mailer.send(moneyMail(user.email, resolveLocale(user.locale), user.timeZone, notice));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log?.warn({ userId, notice: notice.kind, reason }, "money notification mail failed");
    }
  }

  /** The outbox for the console: with SMTP every mail's secrets are masked (decision 099). */
  async outbox(page: number, list: number) {
    const [rows, total] = await Promise.all([
      repo.listOutbox(this.db, list, (page - 1) * list),
      repo.countOutbox(this.db),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        created_at: r.createdAt.toISOString(),
        sent_at: r.sentAt?.toISOString() ?? null,
        error: r.error,
      })),
      total,
      page,
      list,
      delivering: this.mailer.delivering,
    };
  }
}

/** The accounts module's services, sharing one mailer, one sign-in throttle and one wallet verifier. */
export function createAccountServices(db: Db, clock: Clock, config: AccountsConfig, deps: AccountsDeps, log?: MailLog) {
  const mailer = new Mailer(db, clock, { smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const wallet = new WalletVerifier(config.rpcUrl);
  const origin = new URL(config.publicOrigin);
  const throttle = new LoginThrottle(db, clock, LOGIN_THROTTLE, { scopePrefix: "", perAddress: config.perIpLimits });
  const sessions = new SessionsService(db, clock);
  const emailCodes = new EmailCodesService(db, deps.codeClock ?? clock, config, mailer);
  const siwe = { wallet, origin, chainId: config.chainId };
  const proof = new OwnerProof(db, clock, { throttle, codes: emailCodes, ...siwe });
  const accounts = new AccountsService(db, clock, { ...deps, throttle, proof }, mailer, log);
  const twoStep = new TwoStepService(db, clock, { throttle, proof, notices: accounts });
  const signIn = new SignInService(db, clock, {
    throttle,
    codes: emailCodes,
    sessions,
    twoStep,
    notices: accounts,
    ...siwe,
  });
  return { accounts, sessions, emailCodes, twoStep, signIn };
}
