import type { Locale, SecurityProof } from "@cryptos/contract";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Refusal, Unauthorized } from "../../lib/errors";
import { hashToken } from "../../lib/secrets";
import { matchTotpStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode } from "../../lib/totp";
import type { Caller } from "../../plugins/auth";
import { type OwnerProof, userOf } from "./owner-proof";
import * as repo from "./repo";
import type { SecurityNotices } from "./security-mail";
import type { RequestMeta } from "./sessions";
import type { LoginThrottle } from "./throttle";
import * as twoStepRepo from "./two-step-repo";

/** Recovery codes issued when TOTP is turned on, each good once. */
const RECOVERY_CODE_COUNT = 10;
const TOTP_CODE = /^\d{6}$/;

/** Beside a refusal for a missing or wrong TOTP code, so the client knows to show the code field. */
const totpRefusal = (key: "totp_required" | "totp_code_wrong") => new Refusal(key, {}, 200, 0, { totp_required: true });

/** A second-factor answer that passed and is not used up yet: its TOTP step, or its recovery code's hash. */
export type SecondFactorMatch = { userId: number; step: number } | { userId: number; recoveryHash: string };

type TotpRow = NonNullable<Awaited<ReturnType<typeof twoStepRepo.findTotp>>>;

/** Salted with the user id, so equal codes of two users never share a hash. */
const recoveryCodeHash = (userId: number, code: string) => hashToken(`recovery:${userId}:${code}`);

export interface TwoStepDeps {
  throttle: LoginThrottle;
  proof: OwnerProof;
  notices: SecurityNotices;
}

/** Two-step verification: TOTP on and off, recovery codes, and the second factor that sign-in and withdrawals ask. */
export class TwoStepService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: TwoStepDeps,
  ) {}

  /** Whether the user has two-step verification (TOTP) turned on now. */
  async hasTotp(userId: number): Promise<boolean> {
    return Boolean((await twoStepRepo.findTotp(this.db, userId))?.enabledAt);
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
    const user = await userOf(this.db, caller);
    if (!user.email) throw new Refusal("totp_email_only");
    if ((await twoStepRepo.findTotp(this.db, user.id))?.enabledAt) throw new Refusal("totp_already_enabled");
    await this.deps.proof.proveOwner(user, proof, meta);
    const { secret, uri } = newTotpSecret(user.email);
    if (!(await twoStepRepo.setPendingTotp(this.db, user.id, secret, this.clock.now(), caller.sessionId))) {
      throw new Refusal("totp_already_enabled");
    }
    return { secret, otpauth_uri: uri };
  }

  /**
   * TOTP on with a current code of the pending secret, from the session that set it up: another session of the
   * user (a copied token that also read the setup answer) cannot finish it. Answers the recovery codes, which are
   * stored only hashed.
   */
  async totpEnable(
    caller: Caller,
    code: string,
    locale: Locale,
  ): Promise<{ totp_enabled: boolean; recovery_codes: string[] }> {
    const totp = await twoStepRepo.findTotp(this.db, caller.userId);
    if (!totp) throw new Refusal("totp_not_set_up");
    if (totp.enabledAt) throw new Refusal("totp_already_enabled");
    if (totp.sessionId !== caller.sessionId) throw new Refusal("totp_other_session");
    const now = this.clock.now();
    const step = matchTotpStep(totp.secret, code, now);
    if (step === null) throw new Refusal("totp_code_wrong");
    const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
    await withTransaction(this.db, async (tx) => {
      if (!(await twoStepRepo.enableTotp(tx, caller.userId, totp.secret, step, now, caller.sessionId))) {
        throw new Refusal("totp_not_set_up");
      }
      const hashes = codes.map((c) => recoveryCodeHash(caller.userId, c));
      await twoStepRepo.replaceRecoveryCodes(tx, caller.userId, hashes, now);
    });
    await this.deps.notices.notifySecurityChange(caller.userId, locale, { kind: "totp_on" });
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
    const user = await userOf(this.db, caller);
    const totp = await twoStepRepo.findTotp(this.db, user.id);
    if (!totp?.enabledAt) throw new Refusal("totp_not_enabled");
    await this.deps.proof.proveOwner(user, proof, meta);
    if (!(await this.deps.throttle.attempt(user.email, meta.ip, () => this.useAnswer(user.id, totp, answer)))) {
      throw new Refusal("totp_code_wrong");
    }
    await withTransaction(this.db, (tx) => twoStepRepo.deleteTotp(tx, user.id));
    await this.deps.notices.notifySecurityChange(user.id, meta.locale, { kind: "totp_off" });
    return { totp_enabled: false };
  }

  /**
   * For the address book: passes when the user has no TOTP, else needs a current code or a recovery code, which it
   * uses up. Wrong answers count toward the same lockout as sign-in. Answers whether a second factor was given and
   * passed (false: TOTP is off).
   */
  async checkSecondFactor(userId: number, answer: string | undefined): Promise<boolean> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new Unauthorized("session_expired");
    return this.passSecondFactor(user.id, user.email, answer, null);
  }

  /**
   * For withdrawals (the funds module): null when the user has no TOTP, else `answer` must be a current code or an
   * unused recovery code, or the refusal asks for one. Wrong answers count toward the sign-in lockout here; a right
   * one is used up only by `useSecondFactor`, in the transaction that writes the withdrawal, so a request refused
   * there (for the money) keeps it.
   */
  async matchSecondFactor(userId: number, answer: string | undefined): Promise<SecondFactorMatch | null> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new Unauthorized("session_expired");
    const totp = await twoStepRepo.findTotp(this.db, userId);
    if (!totp?.enabledAt) return null;
    if (!answer) throw totpRefusal("totp_required");
    const match = await this.deps.throttle.attempt(
      user.email,
      null,
      () => this.matchAnswer(userId, totp, answer),
      (found) => found !== null,
    );
    if (!match) throw totpRefusal("totp_code_wrong");
    return match;
  }

  /** Uses up a matched answer in `tx`; refuses when another request used it (or a later TOTP code) first. */
  async useSecondFactor(tx: Tx, match: SecondFactorMatch): Promise<void> {
    if (!(await this.spend(tx, match))) throw totpRefusal("totp_code_wrong");
  }

  /**
   * False when TOTP is off; otherwise `answer` must pass (and is used up: true), or the refusal asks for a code.
   */
  async passSecondFactor(
    userId: number,
    account: string | null,
    answer: string | undefined,
    ip: string | null,
  ): Promise<boolean> {
    const totp = await twoStepRepo.findTotp(this.db, userId);
    if (!totp?.enabledAt) return false;
    if (!answer) throw totpRefusal("totp_required");
    if (!(await this.deps.throttle.attempt(account, ip, () => this.useAnswer(userId, totp, answer)))) {
      throw totpRefusal("totp_code_wrong");
    }
    return true;
  }

  /** A 6-digit code of a step later than the last one used, or an unused recovery code; uses it up. */
  private async useAnswer(userId: number, totp: TotpRow, answer: string): Promise<boolean> {
    const match = await this.matchAnswer(userId, totp, answer);
    return match !== null && this.spend(this.db, match);
  }

  /** `answer` as a TOTP step later than the last one used, or as an unused recovery code; null when it is neither. */
  private async matchAnswer(userId: number, totp: TotpRow, answer: string): Promise<SecondFactorMatch | null> {
    const typed = answer.trim();
    if (TOTP_CODE.test(typed)) {
      const step = matchTotpStep(totp.secret, typed, this.clock.now());
      return step !== null && (totp.lastStep === null || step > totp.lastStep) ? { userId, step } : null;
    }
    const recovery = normaliseRecoveryCode(typed);
    if (recovery === null) return null;
    const recoveryHash = recoveryCodeHash(userId, recovery);
    return (await twoStepRepo.hasUnusedRecoveryCode(this.db, userId, recoveryHash)) ? { userId, recoveryHash } : null;
  }

  /** Uses up a matched answer; false when it was used meanwhile (the statements refuse a step or code used). */
  private spend(conn: Db | Tx, match: SecondFactorMatch): Promise<boolean> {
    return "step" in match
      ? twoStepRepo.useTotpStep(conn, match.userId, match.step)
      : twoStepRepo.useRecoveryCode(conn, match.userId, match.recoveryHash, this.clock.now());
  }

  /**
   * For the operator console: turns a user's TOTP off (a lost authenticator) inside the console's audited
   * transaction `tx`, forgetting the secret and recovery codes. Answers the state before and after; refuses a user
   * without TOTP on.
   */
  async resetTotpByOperator(tx: Tx, userId: number) {
    const user = await repo.findUserById(tx, userId);
    if (!user) throw new Refusal("user_not_found", { id: userId });
    const totp = await twoStepRepo.findTotp(tx, userId);
    if (!totp?.enabledAt) throw new Refusal("console_totp_not_enabled", { id: userId });
    await twoStepRepo.deleteTotp(tx, userId);
    const before = { uid: userId, totp_enabled: true, totp_enabled_at: totp.enabledAt.toISOString() };
    return { before, after: { uid: userId, totp_enabled: false as const } };
  }
}
