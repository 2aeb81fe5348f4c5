import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** An opaque session token: 32 random bytes, URL-safe. Only its hash is stored. */
export const newToken = (prefix = ""): string => `${prefix}${randomBytes(32).toString("base64url")}`;

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** argon2id with the library's defaults (memory-hard: 19 MiB, 2 passes). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * Checks passwords so that an account without one (an unknown email, a disabled operator) costs the same argon2
 * verification as a wrong password: it is verified against a decoy hash, and refused. Answer times then tell
 * nobody which emails have accounts.
 */
export class PasswordVerifier {
  private decoyHash: Promise<string> | null = null;
  /** Verifications run against the decoy so far: what shows that the decoy path is taken. */
  decoyVerifications = 0;

  async verify(stored: string | null | undefined, password: string): Promise<boolean> {
    if (stored) return verifyPassword(stored, password);
    this.decoyHash ??= hashPassword(randomBytes(18).toString("base64url"));
    await verifyPassword(await this.decoyHash, password);
    this.decoyVerifications++;
    return false;
  }
}
