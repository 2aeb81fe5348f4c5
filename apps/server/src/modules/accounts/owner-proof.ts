import type { ReauthKind, SecurityProof } from "@cryptos/contract";
import type { Hex } from "viem";
import type { Db, Tx } from "../../db/client";
import type { MessageKey } from "../../i18n/translate";
import type { Clock } from "../../lib/clock";
import { Refusal, Unauthorized } from "../../lib/errors";
import { verifyPassword } from "../../lib/secrets";
import type { Caller } from "../../plugins/auth";
import type { EmailCodesService } from "./codes";
import * as repo from "./repo";
import type { RequestMeta } from "./sessions";
import type { LoginThrottle } from "./throttle";
import { checkSiweMessage, type WalletVerifier } from "./wallet";

export type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

/** A refused or missing proof of ownership, with the kind the client should ask for. */
const reauthRefusal = (key: MessageKey, kind: ReauthKind) => new Refusal(key, {}, 200, 0, { reauth: kind });

/** The signed-in user's row; a session whose user is gone is expired. */
export async function userOf(db: Db | Tx, caller: Caller): Promise<UserRow> {
  const user = await repo.findUserById(db, caller.userId);
  if (!user) throw new Unauthorized("session_expired");
  return user;
}

export interface OwnerProofDeps {
  throttle: LoginThrottle;
  codes: EmailCodesService;
  wallet: WalletVerifier;
  origin: URL;
  chainId: number;
}

/** The owner's proof before a security change (password, emailed code or a signed message), see `proveOwner`. */
export class OwnerProof {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: OwnerProofDeps,
  ) {}

  /**
   * Re-authentication before a security change (issue 20): a session token alone is not the owner. An email account
   * with a password gives the password (wrong ones count toward the lockout, as at sign-in); one without a password
   * gives a code emailed for event `security`; a wallet account signs a fresh EIP-4361 message (a single-use nonce
   * from /api/user/nonce, checked as at wallet sign-in). Refusals carry `data.reauth`, the kind to ask for.
   */
  async proveOwner(user: UserRow, proof: SecurityProof, meta: RequestMeta): Promise<void> {
    const kind = reauthKindOf(user);
    if (kind === "password" && user.email && user.passwordHash) {
      if (!proof.password) throw reauthRefusal("reauth_password", kind);
      const { passwordHash } = user;
      const password = proof.password;
      if (!(await this.deps.throttle.attempt(user.email, meta.ip, () => verifyPassword(passwordHash, password)))) {
        throw reauthRefusal("password_wrong", kind);
      }
      return;
    }
    if (kind === "email_code" && user.email) {
      if (!proof.email_code) throw reauthRefusal("reauth_email_code", kind);
      if (!(await this.deps.codes.consumeCode(user.email, "security", proof.email_code)))
        throw reauthRefusal("code_invalid", kind);
      return;
    }
    if (!user.address || !proof.message || !proof.signature) throw reauthRefusal("reauth_wallet", "wallet");
    const now = this.clock.now();
    try {
      const signed = await checkSiweMessage(proof.message, user.address, this.deps.origin, this.deps.chainId, now);
      if (!(await this.deps.wallet.verify(signed.address, proof.message, proof.signature as Hex))) {
        throw new Refusal("siwe_bad_signature");
      }
      if (!(await repo.useNonce(this.db, signed.nonce, signed.address, now))) throw new Refusal("siwe_expired");
    } catch (error) {
      if (error instanceof Refusal && error.code === 0) throw reauthRefusal(error.key, "wallet");
      throw error;
    }
  }
}

/** What the account proves itself with before a security change: see `proveOwner`. */
export function reauthKindOf(user: { email: string | null; passwordHash: string | null }): ReauthKind {
  if (user.email) return user.passwordHash ? "password" : "email_code";
  return "wallet";
}
