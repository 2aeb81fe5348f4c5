import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  APP_NAME,
  type Balance,
  CODE_LENGTH,
  CODE_TTL_S,
  type EmsEvent,
  isEmail,
  LOGIN_TYPES,
  type Locale,
  type LoginSession,
  type LoginType,
  type Paged,
  type ReauthKind,
  type SecurityProof,
  type UserInfo,
} from "@cryptos/contract";
import type { Hex } from "viem";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { type MessageKey, translate } from "../../i18n/translate";
import { Batcher } from "../../lib/batcher";
import type { Clock } from "../../lib/clock";
import { Refusal, Unauthorized } from "../../lib/errors";
import type { ThrottlePolicy } from "../../lib/login-throttle";
import { hashPassword, hashToken, newToken, PasswordVerifier, verifyPassword } from "../../lib/secrets";
import { matchTotpStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode } from "../../lib/totp";
import type { Caller } from "../../plugins/auth";
import type { RealNameCheck } from "../funds/withdrawals";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import { summariseUserAgent } from "./device";
import { Mailer, type MailLog, type OutgoingMail, paragraphsToHtml } from "./mailer";
import * as repo from "./repo";
import { type SecurityChange, securityMail } from "./security-mail";
import { LoginThrottle } from "./throttle";
import { checkSiweMessage, WalletVerifier } from "./wallet";

const MINUTE_MS = 60_000;
/** A session lives this long after its last use. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * MINUTE_MS;
/** Last-seen is written at most this often per session, not on every request. */
const SESSION_TOUCH_MS = MINUTE_MS;
/** Wrong guesses after which a code is dead. */
const MAX_CODE_GUESSES = 5;
/** Codes one IP may request per window. */
const CODE_IP_WINDOW_MS = 10 * MINUTE_MS;
const CODE_IP_MAX = 10;
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
export const NONCE_TTL_MS = 10 * MINUTE_MS;
/** Recovery codes issued when TOTP is turned on, each good once. */
const RECOVERY_CODE_COUNT = 10;
const TOTP_CODE = /^\d{6}$/;

/** Beside a refusal for a missing or wrong TOTP code, so the client knows to show the code field. */
const totpRefusal = (key: "totp_required" | "totp_code_wrong") => new Refusal(key, {}, 200, 0, { totp_required: true });

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

/** A refused or missing proof of ownership, with the kind the client should ask for. */
const reauthRefusal = (key: MessageKey, kind: ReauthKind) => new Refusal(key, {}, 200, 0, { reauth: kind });

/** Who is asking, for limits, session records and the language of mails. */
export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  locale: Locale;
}

export interface SessionData {
  userinfo: { token: string; id: number };
}

export interface AccountsDeps {
  ledger: LedgerService;
  /** The real-name state shown in `userinfo` (the identity module). */
  realName: RealNameCheck;
  /** The unread count shown in `userinfo` (the messages module). */
  messages: Pick<MessagesService, "unread">;
}

export type AccountsConfig = Pick<
  Config,
  "publicOrigin" | "smtpUrl" | "mailFrom" | "rpcUrl" | "chainId" | "perIpLimits" | "codeResendSeconds"
>;

const codeHash = (email: string, event: string, code: string) => hashToken(`${event}:${email}:${code}`);

/** Salted with the user id, so equal codes of two users never share a hash. */
const recoveryCodeHash = (userId: number, code: string) => hashToken(`recovery:${userId}:${code}`);

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const minutesUntil = (from: Date | null, windowMs: number, now: Date) =>
  Math.max(1, Math.ceil(((from?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / MINUTE_MS));

const CODE_MAIL: Record<EmsEvent, MessageKey> = {
  register: "mail_code_register",
  login: "mail_code_login",
  withdraw: "mail_code_withdraw",
  reset: "mail_code_reset",
  security: "mail_code_security",
};

/**
 * Sign-up and sign-in: emailed codes, passwords, wallet sign-in (EIP-4361), sessions and their limits. Answers
 * never tell whether an email address has an account.
 */
export class AccountsService {
  readonly mailer: Mailer;
  private readonly wallet: WalletVerifier;
  private readonly origin: URL;
  /** Sign-in's password checks: an unknown email is verified against a decoy hash, at the same cost. */
  readonly passwords = new PasswordVerifier();
  /** Sign-in failures and the limits they set, per account and address. */
  private readonly throttle: LoginThrottle;
  /**
   * Every signed-in request looks its session up: lookups that arrive while one runs go together as the next one
   * (one statement for many requests under load, at once when alone).
   */
  private readonly sessionLookups = new Batcher<string, repo.SessionRow | undefined>((hashes) =>
    this.findLiveSessions(hashes),
  );
  /**
   * The live socket's checks before each event, apart: an announcement to every signed-in socket asks thousands
   * at once, and the requests' own look-ups must not queue behind them.
   */
  private readonly liveChecks = new Batcher<string, repo.SessionRow | undefined>(
    (hashes) => this.findLiveSessions(hashes),
    1_000,
  );

  private async findLiveSessions(hashes: string[]): Promise<PromiseSettledResult<repo.SessionRow | undefined>[]> {
    const found = await repo.findLiveSessions(this.db, [...new Set(hashes)], this.clock.now());
    const byHash = new Map(found.map((row) => [row.tokenHash, row]));
    return hashes.map((hash) => ({ status: "fulfilled", value: byHash.get(hash) }));
  }

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: AccountsConfig,
    private readonly deps: AccountsDeps,
    private readonly log?: MailLog,
  ) {
    this.mailer = new Mailer(db, clock, { smtpUrl: config.smtpUrl, from: config.mailFrom, log });
    this.wallet = new WalletVerifier(config.rpcUrl);
    this.origin = new URL(config.publicOrigin);
    this.throttle = new LoginThrottle(db, clock, LOGIN_THROTTLE, { scopePrefix: "", perAddress: config.perIpLimits });
  }

  // Sessions ------------------------------------------------------------------------------------------------------

  /** The caller behind a raw token, sliding its expiry forward; `null` when unknown, expired or revoked. */
  resolveSession = async (token: string): Promise<Caller | null> => {
    const session = await this.sessionLookups.submit(hashToken(token));
    const now = this.clock.now();
    if (!session) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
      await repo.touchSession(this.db, session.id, now, new Date(now.getTime() + SESSION_IDLE_MS));
    }
    return { userId: session.userId, sessionId: session.id, token };
  };

  /**
   * The user of a session that is still live, without counting the look-up as use (no sliding expiry): the live
   * socket asks before each event it passes on, so a revoked or expired session hears nothing more.
   */
  sessionUser = async (token: string): Promise<number | null> =>
    (await this.liveChecks.submit(hashToken(token)))?.userId ?? null;

  private async openSession(userId: number, loginType: LoginType, meta: RequestMeta): Promise<SessionData> {
    const token = newToken();
    const now = this.clock.now();
    await repo.insertSession(this.db, {
      userId,
      tokenHash: hashToken(token),
      loginType,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    });
    return { userinfo: { token, id: userId } };
  }

  async logout(caller: Caller): Promise<null> {
    await repo.revokeSession(this.db, caller.sessionId, this.clock.now());
    return null;
  }

  // Emailed codes -------------------------------------------------------------------------------------------------

  /**
   * Emails a 6-digit code for `event`. One request per email per `codeResendSeconds` (60), whatever the event, and a
   * limit per IP. A code is recorded for every request, but mailed only where it can be used: a login, reset or
   * withdraw code for an unknown email is never sent, and a register request for a taken email gets a mail saying
   * so instead of a code. The answer is the same in every case.
   */
  async sendCode(email: string, event: EmsEvent, meta: RequestMeta): Promise<{ resend_after: number }> {
    const now = this.clock.now();
    if (this.config.perIpLimits) {
      const recent = await repo.codesFromIpSince(this.db, meta.ip, new Date(now.getTime() - CODE_IP_WINDOW_MS));
      if (recent.count >= CODE_IP_MAX) {
        throw new Refusal("code_ip_limited", { minutes: minutesUntil(recent.first, CODE_IP_WINDOW_MS, now) });
      }
    }
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
    await withTransaction(this.db, async (tx) => {
      await repo.lockEmail(tx, email);
      const last = await repo.latestCodeForEmail(tx, email);
      if (last) {
        const wait = Math.ceil(
          (last.createdAt.getTime() + this.config.codeResendSeconds * 1000 - now.getTime()) / 1000,
        );
        if (wait > 0) throw new Refusal("code_wait", { seconds: wait });
      }
      await repo.insertCode(tx, {
        email,
        event,
        codeHash: codeHash(email, event, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_S * 1000),
        ip: meta.ip,
      });
    });

    const registered = (await repo.findUserByEmail(this.db, email)) !== undefined;
    const mail =
      event === "register"
        ? registered
          ? this.accountExistsMail(email, meta.locale)
          : this.codeMail(email, event, code, meta.locale)
        : registered
          ? this.codeMail(email, event, code, meta.locale)
          : null;
    if (mail) await this.mailer.send(mail);
    return { resend_after: this.config.codeResendSeconds };
  }

  private codeMail(to: string, event: EmsEvent, code: string, locale: Locale): OutgoingMail {
    const t = (key: MessageKey) =>
      translate(locale, key, { app: APP_NAME, code, minutes: Math.round(CODE_TTL_S / 60) });
    const paragraphs = [t(CODE_MAIL[event]), t("mail_code_validity")];
    return { to, subject: t("mail_code_subject"), text: paragraphs.join("\n\n"), html: paragraphsToHtml(paragraphs) };
  }

  private accountExistsMail(to: string, locale: Locale): OutgoingMail {
    const t = (key: MessageKey) => translate(locale, key, { app: APP_NAME });
    const paragraphs = [t("mail_exists_body")];
    return { to, subject: t("mail_exists_subject"), text: paragraphs.join("\n\n"), html: paragraphsToHtml(paragraphs) };
  }

  /**
   * Uses up the newest code for this email and event if `code` matches and it is still good. A wrong guess counts
   * against the code, which dies after MAX_CODE_GUESSES.
   */
  async consumeCode(email: string, event: EmsEvent, code: string): Promise<boolean> {
    const id = await this.matchCode(email, event, code);
    return id !== null && repo.consumeCode(this.db, id, this.clock.now());
  }

  /**
   * The id of the newest code for this email and event when `code` matches and is still good; not used up yet. The
   * guess is counted before the comparison (one statement that refuses past MAX_CODE_GUESSES), so guesses arriving
   * together never check more than the limit; a right guess is given back.
   */
  private async matchCode(email: string, event: EmsEvent, code: string): Promise<number | null> {
    const row = await repo.reserveCodeGuess(this.db, email, event, this.clock.now(), MAX_CODE_GUESSES);
    if (!row || !sameHash(codeHash(email, event, code), row.codeHash)) return null;
    await repo.returnCodeGuess(this.db, row.id);
    return row.id;
  }

  /** For other modules (withdrawals): checks and uses up a code emailed to the user's own address. */
  async consumeCodeForUser(userId: number, event: EmsEvent, code: string): Promise<boolean> {
    const user = await repo.findUserById(this.db, userId);
    return user?.email ? this.consumeCode(user.email, event, code) : false;
  }

  // Registration and sign-in --------------------------------------------------------------------------------------

  async register(email: string, code: string, password: string, meta: RequestMeta): Promise<SessionData> {
    if (!(await this.consumeCode(email, "register", code))) throw new Refusal("code_invalid");
    const userId = await repo.insertEmailUser(this.db, email, await hashPassword(password), this.clock.now());
    // Taken: no register code is ever mailed to a registered address, so this is a race or a guess.
    if (userId === undefined) throw new Refusal("code_invalid");
    return this.openSession(userId, LOGIN_TYPES.password, meta);
  }

  /** Type 1; with TOTP on, `totp` is asked for only once the password is right. */
  async loginWithPassword(username: string, password: string, meta: RequestMeta, totp?: string): Promise<SessionData> {
    const email = this.emailOf(username);
    const user = await repo.findUserByEmail(this.db, email);
    const ok = await this.guarded(email, meta.ip, () => this.passwords.verify(user?.passwordHash, password));
    if (!user || !ok) throw new Refusal("login_failed");
    await this.passSecondFactor(user.id, email, totp, meta.ip);
    await this.throttle.succeeded(email, meta.ip);
    return this.openSession(user.id, LOGIN_TYPES.password, meta);
  }

  /**
   * Type 2; with TOTP on, `totp` is asked for only once the emailed code is right, and the emailed code is used up
   * only when both pass, so being asked for the TOTP code does not cost the user a new email.
   */
  async loginWithCode(username: string, code: string, meta: RequestMeta, totp?: string): Promise<SessionData> {
    const email = this.emailOf(username);
    const user = await repo.findUserByEmail(this.db, email);
    const codeId = await this.guarded(
      email,
      meta.ip,
      async () => (user ? this.matchCode(email, "login", code) : null),
      (id) => id !== null,
    );
    if (!user || codeId === null) throw new Refusal("code_invalid");
    await this.passSecondFactor(user.id, email, totp, meta.ip);
    if (!(await repo.consumeCode(this.db, codeId, this.clock.now()))) throw new Refusal("code_invalid");
    await this.throttle.succeeded(email, meta.ip);
    return this.openSession(user.id, LOGIN_TYPES.emailCode, meta);
  }

  /** A single-use nonce for Sign-In with Ethereum, and the domain and URI the message must name. */
  async issueNonce(address: string) {
    const now = this.clock.now();
    // viem's generateSiweNonce uses Math.random; a nonce must not be guessable.
    const nonce = randomBytes(16).toString("hex");
    const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
    await repo.deleteExpiredNonces(this.db, now);
    await repo.insertNonce(this.db, { nonce, address: address.toLowerCase(), createdAt: now, expiresAt });
    return {
      nonce,
      domain: this.origin.host,
      uri: this.origin.origin,
      // The chain wallets sign for (CHAIN_ID): the one smart-contract wallets are checked on (RPC_URL's).
      chain_id: this.config.chainId,
      expires_at: expiresAt.toISOString(),
    };
  }

  /** Wallet sign-in: a signed EIP-4361 message for this site with an unused nonce. Creates the user on first use. */
  async loginWithWallet(username: string, message: string, signature: Hex, meta: RequestMeta): Promise<SessionData> {
    await this.refuseWhileLocked(null, meta.ip);
    const now = this.clock.now();
    try {
      const signed = checkSiweMessage(message, username, this.origin, this.config.chainId, now);
      if (!(await this.wallet.verify(signed.address, message, signature))) throw new Refusal("siwe_bad_signature");
      // Used up only after the signature checks out, so nobody can burn another wallet's nonce.
      if (!(await repo.useNonce(this.db, signed.nonce, signed.address, now))) throw new Refusal("siwe_expired");
      const userId = await repo.ensureWalletUser(this.db, signed.address, now);
      return await this.openSession(userId, LOGIN_TYPES.wallet, meta);
    } catch (error) {
      if (error instanceof Refusal && error.code === 0) await this.recordFailure(null, meta.ip);
      throw error;
    }
  }

  private emailOf(username: string): string {
    const email = username.trim().toLowerCase();
    if (!isEmail(email)) throw new Refusal("invalid_email", { field: "username" });
    return email;
  }

  /** Checks a credential under the sign-in limits (see LoginThrottle.attempt). */
  private guarded<T>(account: string | null, ip: string | null, check: () => Promise<T>, passed?: (r: T) => boolean) {
    return this.throttle.attempt(account, ip, check, passed);
  }

  /** Refuses while this address is locked out of the account (or of all), or while the account is slowed down. */
  private refuseWhileLocked(account: string | null, ip: string | null): Promise<void> {
    return this.throttle.refuseWhileLocked(account, ip);
  }

  /** A failed credential check for `account` and/or from `ip` (null: not known to the caller, e.g. withdrawals). */
  private recordFailure(account: string | null, ip: string | null): Promise<void> {
    return this.throttle.recordFailure(account, ip);
  }

  // The signed-in user --------------------------------------------------------------------------------------------

  /** Whether the user has two-step verification (TOTP) turned on now. */
  async hasTotp(userId: number): Promise<boolean> {
    return Boolean((await repo.findTotp(this.db, userId))?.enabledAt);
  }

  async userInfo(caller: Caller): Promise<UserInfo> {
    const [user, session, totp] = await Promise.all([
      repo.findUserById(this.db, caller.userId),
      repo.findSession(this.db, caller.sessionId),
      repo.findTotp(this.db, caller.userId),
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

  /** The user's balances summary for `userinfo`: the one place that asks the ledger for it. */
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

  // Security center: passwords, second factor, sessions -----------------------------------------------------------

  /**
   * Forgotten password: a new one with an emailed `reset` code. Every session of the account is signed out, and
   * nobody is signed in: the next login still asks for the TOTP code when it is on, so an inbox alone never passes
   * the second factor.
   */
  async resetPassword(email: string, code: string, password: string, locale: Locale): Promise<null> {
    if (!(await this.consumeCode(email, "reset", code))) throw new Refusal("code_invalid");
    // A reset code is recorded but never mailed for an unknown address, so nobody can hold one.
    const user = await repo.findUserByEmail(this.db, email);
    if (!user) throw new Refusal("code_invalid");
    const passwordHash = await hashPassword(password);
    await withTransaction(this.db, async (tx) => {
      await repo.setPassword(tx, user.id, passwordHash);
      await repo.revokeUserSessions(tx, user.id, this.clock.now());
    });
    // Whoever proved the inbox may sign in again at once, from anywhere, even after the failures that made them reset.
    await this.throttle.forgive(email);
    await this.notifySecurityChange(user.id, locale, { kind: "password_reset" });
    return null;
  }

  /** A new password for the signed-in user, with the current one; the user's other sessions are signed out. */
  async changePassword(caller: Caller, current: string, next: string, meta: RequestMeta): Promise<{ revoked: number }> {
    const user = await this.userOf(caller);
    if (!user.email || !user.passwordHash) throw new Refusal("password_not_set");
    const hash = user.passwordHash;
    if (!(await this.guarded(user.email, meta.ip, () => verifyPassword(hash, current)))) {
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
   * A new pending TOTP secret for an email account; the only answer that ever carries it, so it asks for the
   * account's proof: whoever holds only the session never learns a secret, and cannot turn TOTP on (enable needs a
   * code of this secret).
   */
  async totpSetup(
    caller: Caller,
    proof: SecurityProof,
    meta: RequestMeta,
  ): Promise<{ secret: string; otpauth_uri: string }> {
    const user = await this.userOf(caller);
    if (!user.email) throw new Refusal("totp_email_only");
    if ((await repo.findTotp(this.db, user.id))?.enabledAt) throw new Refusal("totp_already_enabled");
    await this.proveOwner(user, proof, meta);
    const { secret, uri } = newTotpSecret(user.email);
    if (!(await repo.setPendingTotp(this.db, user.id, secret, this.clock.now()))) {
      throw new Refusal("totp_already_enabled");
    }
    return { secret, otpauth_uri: uri };
  }

  /** TOTP on with a current code of the pending secret; answers the recovery codes, which are stored only hashed. */
  async totpEnable(
    caller: Caller,
    code: string,
    locale: Locale,
  ): Promise<{ totp_enabled: boolean; recovery_codes: string[] }> {
    const totp = await repo.findTotp(this.db, caller.userId);
    if (!totp) throw new Refusal("totp_not_set_up");
    if (totp.enabledAt) throw new Refusal("totp_already_enabled");
    const now = this.clock.now();
    const step = matchTotpStep(totp.secret, code, now);
    if (step === null) throw new Refusal("totp_code_wrong");
    const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
    await withTransaction(this.db, async (tx) => {
      if (!(await repo.enableTotp(tx, caller.userId, totp.secret, step, now))) throw new Refusal("totp_not_set_up");
      const hashes = codes.map((c) => recoveryCodeHash(caller.userId, c));
      await repo.replaceRecoveryCodes(tx, caller.userId, hashes, now);
    });
    await this.notifySecurityChange(caller.userId, locale, { kind: "totp_on" });
    return { totp_enabled: true, recovery_codes: codes };
  }

  /**
   * TOTP off with the account's proof and a current code or a recovery code; wrong answers count toward the
   * account's lockout. The proof is checked first, so a session alone cannot spend the user's recovery codes.
   */
  async totpDisable(
    caller: Caller,
    answer: string,
    proof: SecurityProof,
    meta: RequestMeta,
  ): Promise<{ totp_enabled: boolean }> {
    const user = await this.userOf(caller);
    const totp = await repo.findTotp(this.db, user.id);
    if (!totp?.enabledAt) throw new Refusal("totp_not_enabled");
    await this.proveOwner(user, proof, meta);
    if (!(await this.guarded(user.email, meta.ip, () => this.useSecondFactor(user.id, totp.secret, answer)))) {
      throw new Refusal("totp_code_wrong");
    }
    await withTransaction(this.db, (tx) => repo.deleteTotp(tx, user.id));
    await this.notifySecurityChange(user.id, meta.locale, { kind: "totp_off" });
    return { totp_enabled: false };
  }

  /**
   * For withdrawals (the funds module): passes when the user has no TOTP, else needs a current code or a recovery
   * code, which it uses up. Wrong answers count toward the same lockout as sign-in. Answers whether a second factor
   * was given and passed (false: TOTP is off).
   */
  async checkSecondFactor(userId: number, answer: string | undefined): Promise<boolean> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new Unauthorized("session_expired");
    return this.passSecondFactor(user.id, user.email, answer, null);
  }

  /**
   * False when TOTP is off; otherwise `answer` must pass (and is used up: true), or the refusal asks for a code.
   */
  private async passSecondFactor(
    userId: number,
    account: string | null,
    answer: string | undefined,
    ip: string | null,
  ): Promise<boolean> {
    const totp = await repo.findTotp(this.db, userId);
    if (!totp?.enabledAt) return false;
    if (!answer) throw totpRefusal("totp_required");
    if (!(await this.guarded(account, ip, () => this.useSecondFactor(userId, totp.secret, answer)))) {
      throw totpRefusal("totp_code_wrong");
    }
    return true;
  }

  /** A 6-digit code of a step later than the last one used, or an unused recovery code; uses it up. */
  private async useSecondFactor(userId: number, secret: string, answer: string): Promise<boolean> {
    const now = this.clock.now();
    const typed = answer.trim();
    if (TOTP_CODE.test(typed)) {
      const step = matchTotpStep(secret, typed, now);
      return step !== null && repo.useTotpStep(this.db, userId, step);
    }
    const recovery = normaliseRecoveryCode(typed);
    return recovery !== null && repo.useRecoveryCode(this.db, userId, recoveryCodeHash(userId, recovery), now);
  }

  /** Login history: every session of the user, newest first. */
  async sessions(caller: Caller, page: number, list: number): Promise<Paged<LoginSession>> {
    const [rows, total] = await Promise.all([
      repo.listUserSessions(this.db, caller.userId, list, (page - 1) * list),
      repo.countUserSessions(this.db, caller.userId),
    ]);
    const now = this.clock.now();
    return {
      items: rows.map((r) => ({
        id: r.id,
        login_type: r.loginType,
        ip: r.ip,
        device: summariseUserAgent(r.userAgent),
        created_at: r.createdAt.toISOString(),
        last_seen_at: r.lastSeenAt.toISOString(),
        current: r.id === caller.sessionId,
        active: r.revokedAt === null && r.expiresAt > now,
      })),
      total,
      page,
      list,
    };
  }

  /**
   * Signs out every other session, with the account's proof: the owner can always throw a thief out, and a thief
   * holding one session cannot throw the owner out.
   */
  async revokeOtherSessions(caller: Caller, proof: SecurityProof, meta: RequestMeta): Promise<{ revoked: number }> {
    await this.proveOwner(await this.userOf(caller), proof, meta);
    const revoked = await repo.revokeUserSessions(this.db, caller.userId, this.clock.now(), caller.sessionId);
    await this.notifySecurityChange(caller.userId, meta.locale, { kind: "sessions_revoked" });
    return { revoked };
  }

  /**
   * Re-authentication before a security change (issue 20): a session token alone is not the owner. An email account
   * with a password gives the password (wrong ones count toward the lockout, as at sign-in); one without a password
   * gives a code emailed for event `security`; a wallet account signs a fresh EIP-4361 message (a single-use nonce
   * from /api/user/nonce, checked as at wallet sign-in). Refusals carry `data.reauth`, the kind to ask for.
   */
  private async proveOwner(user: UserRow, proof: SecurityProof, meta: RequestMeta): Promise<void> {
    const kind = reauthKindOf(user);
    if (kind === "password" && user.email && user.passwordHash) {
      if (!proof.password) throw reauthRefusal("reauth_password", kind);
      const { passwordHash } = user;
      const password = proof.password;
      if (!(await this.guarded(user.email, meta.ip, () => verifyPassword(passwordHash, password)))) {
        throw reauthRefusal("password_wrong", kind);
      }
      return;
    }
    if (kind === "email_code" && user.email) {
      if (!proof.email_code) throw reauthRefusal("reauth_email_code", kind);
      if (!(await this.consumeCode(user.email, "security", proof.email_code)))
        throw reauthRefusal("code_invalid", kind);
      return;
    }
    if (!user.address || !proof.message || !proof.signature) throw reauthRefusal("reauth_wallet", "wallet");
    const now = this.clock.now();
    try {
      const signed = checkSiweMessage(proof.message, user.address, this.origin, this.config.chainId, now);
      if (!(await this.wallet.verify(signed.address, proof.message, proof.signature as Hex))) {
        throw new Refusal("siwe_bad_signature");
      }
      if (!(await repo.useNonce(this.db, signed.nonce, signed.address, now))) throw new Refusal("siwe_expired");
    } catch (error) {
      if (error instanceof Refusal && error.code === 0) throw reauthRefusal(error.key, "wallet");
      throw error;
    }
  }

  /**
   * For the operator console: turns a user's TOTP off (a lost authenticator) inside the console's audited
   * transaction `tx`, forgetting the secret and recovery codes. Answers the state before and after; refuses a user
   * without TOTP on.
   */
  async resetTotpByOperator(tx: Tx, userId: number) {
    const user = await repo.findUserById(tx, userId);
    if (!user) throw new Refusal("user_not_found", { id: userId });
    const totp = await repo.findTotp(tx, userId);
    if (!totp?.enabledAt) throw new Refusal("console_totp_not_enabled", { id: userId });
    await repo.deleteTotp(tx, userId);
    const before = { uid: userId, totp_enabled: true, totp_enabled_at: totp.enabledAt.toISOString() };
    return { before, after: { uid: userId, totp_enabled: false as const } };
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

  private async userOf(caller: Caller) {
    const user = await repo.findUserById(this.db, caller.userId);
    if (!user) throw new Unauthorized("session_expired");
    return user;
  }

  // For the operator console --------------------------------------------------------------------------------------

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
    };
  }
}

/** What the account proves itself with before a security change: see `proveOwner`. */
export function reauthKindOf(user: { email: string | null; passwordHash: string | null }): ReauthKind {
  if (user.email) return user.passwordHash ? "password" : "email_code";
  return "wallet";
}
