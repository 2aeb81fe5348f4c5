import { randomBytes } from "node:crypto";
import { isEmail, LOGIN_TYPES, type Locale } from "@cryptos/contract";
import type { Hex } from "viem";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Refusal } from "../../lib/errors";
import { hashPassword, PasswordVerifier } from "../../lib/secrets";
import type { EmailCodesService } from "./codes";
import * as repo from "./repo";
import type { SecurityNotices } from "./security-mail";
import type { RequestMeta, SessionData, SessionsService } from "./sessions";
import type { LoginThrottle } from "./throttle";
import type { TwoStepService } from "./two-step";
import { checkSiweMessage, type WalletVerifier } from "./wallet";

const MINUTE_MS = 60_000;
export const NONCE_TTL_MS = 10 * MINUTE_MS;

export interface SignInDeps {
  throttle: LoginThrottle;
  codes: EmailCodesService;
  sessions: SessionsService;
  twoStep: TwoStepService;
  notices: SecurityNotices;
  wallet: WalletVerifier;
  origin: URL;
  chainId: number;
}

/**
 * Sign-up and sign-in: emailed codes, passwords, wallet sign-in (EIP-4361), and the forgotten password. Answers
 * never tell whether an email address has an account.
 */
export class SignInService {
  /** Sign-in's password checks: an unknown email is verified against a decoy hash, at the same cost. */
  readonly passwords = new PasswordVerifier();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: SignInDeps,
  ) {}

  async register(email: string, code: string, password: string, meta: RequestMeta): Promise<SessionData> {
    if (!(await this.deps.codes.consumeCode(email, "register", code))) throw new Refusal("code_invalid");
    const userId = await repo.insertEmailUser(this.db, email, await hashPassword(password), this.clock.now());
    // Taken: no register code is ever mailed to a registered address, so this is a race or a guess.
    if (userId === undefined) throw new Refusal("code_invalid");
    return this.deps.sessions.openSession(userId, LOGIN_TYPES.password, meta);
  }

  /** Type 1; with TOTP on, `totp` is asked for only once the password is right. */
  async loginWithPassword(username: string, password: string, meta: RequestMeta, totp?: string): Promise<SessionData> {
    const email = this.emailOf(username);
    const user = await repo.findUserByEmail(this.db, email);
    const ok = await this.deps.throttle.attempt(email, meta.ip, () =>
      this.passwords.verify(user?.passwordHash, password),
    );
    if (!user || !ok) throw new Refusal("login_failed");
    await this.deps.twoStep.passSecondFactor(user.id, email, totp, meta.ip);
    await this.deps.throttle.succeeded(email, meta.ip);
    return this.deps.sessions.openSession(user.id, LOGIN_TYPES.password, meta);
  }

  /**
   * Type 2; with TOTP on, `totp` is asked for only once the emailed code is right, and the emailed code is used up
   * only when both pass, so being asked for the TOTP code does not cost the user a new email.
   */
  async loginWithCode(username: string, code: string, meta: RequestMeta, totp?: string): Promise<SessionData> {
    const email = this.emailOf(username);
    const user = await repo.findUserByEmail(this.db, email);
    const codeId = await this.deps.throttle.attempt(
      email,
      meta.ip,
      async () => (user ? this.deps.codes.matchCode(email, "login", code) : null),
      (id) => id !== null,
    );
    if (!user || codeId === null) throw new Refusal("code_invalid");
    await this.deps.twoStep.passSecondFactor(user.id, email, totp, meta.ip);
    if (!(await repo.consumeCode(this.db, codeId, this.clock.now()))) throw new Refusal("code_invalid");
    await this.deps.throttle.succeeded(email, meta.ip);
    return this.deps.sessions.openSession(user.id, LOGIN_TYPES.emailCode, meta);
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
      domain: this.deps.origin.host,
      uri: this.deps.origin.origin,
      // The chain wallets sign for (CHAIN_ID): the one smart-contract wallets are checked on (RPC_URL's).
      chain_id: this.deps.chainId,
      expires_at: expiresAt.toISOString(),
    };
  }

  /** Wallet sign-in: a signed EIP-4361 message for this site with an unused nonce. Creates the user on first use. */
  async loginWithWallet(username: string, message: string, signature: Hex, meta: RequestMeta): Promise<SessionData> {
    await this.deps.throttle.refuseWhileLocked(null, meta.ip);
    const now = this.clock.now();
    try {
      const signed = await checkSiweMessage(message, username, this.deps.origin, this.deps.chainId, now);
      if (!(await this.deps.wallet.verify(signed.address, message, signature))) throw new Refusal("siwe_bad_signature");
      // Used up only after the signature checks out, so nobody can burn another wallet's nonce.
      if (!(await repo.useNonce(this.db, signed.nonce, signed.address, now))) throw new Refusal("siwe_expired");
      const userId = await repo.ensureWalletUser(this.db, signed.address, now);
      return await this.deps.sessions.openSession(userId, LOGIN_TYPES.wallet, meta);
    } catch (error) {
      if (error instanceof Refusal && error.code === 0) await this.deps.throttle.recordFailure(null, meta.ip);
      throw error;
    }
  }

  private emailOf(username: string): string {
    const email = username.trim().toLowerCase();
    if (!isEmail(email)) throw new Refusal("invalid_email", { field: "username" });
    return email;
  }

  /**
   * Forgotten password: a new one with an emailed `reset` code. Every session of the account is signed out, and
   * nobody is signed in: the next login still asks for the TOTP code when it is on, so an inbox alone never passes
   * the second factor.
   */
  async resetPassword(email: string, code: string, password: string, locale: Locale): Promise<null> {
    if (!(await this.deps.codes.consumeCode(email, "reset", code))) throw new Refusal("code_invalid");
    // A reset code is recorded but never mailed for an unknown address, so nobody can hold one.
    const user = await repo.findUserByEmail(this.db, email);
    if (!user) throw new Refusal("code_invalid");
    const passwordHash = await hashPassword(password);
    await withTransaction(this.db, async (tx) => {
      await repo.setPassword(tx, user.id, passwordHash);
      await repo.revokeUserSessions(tx, user.id, this.clock.now());
    });
    // Whoever proved the inbox may sign in again at once, from anywhere, even after the failures that made them reset.
    await this.deps.throttle.forgive(email);
    await this.deps.notices.notifySecurityChange(user.id, locale, { kind: "password_reset" });
    return null;
  }
}
