import { randomInt } from "node:crypto";
import { APP_NAME } from "@cryptos/contract";
import { Secret, TOTP } from "otpauth";

/** RFC 6238 with the parameters every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
const PARAMS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
/** A code of the step before or after the current one still counts (clock drift, slow typing). */
const WINDOW = 1;

const totpOf = (secret: string, label = "") =>
  new TOTP({ ...PARAMS, issuer: APP_NAME, label, secret: Secret.fromBase32(secret) });

/** A fresh 160-bit secret (base32) and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label).toString() };
}

/** The step `code` belongs to when it is valid at `at` (within the window), else null. */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  const totp = totpOf(secret);
  const timestamp = at.getTime();
  const delta = totp.validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i), so a code read off paper types back right. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_HALF = 5;

/** One-time recovery codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(count: number): string[] {
  const half = () =>
    Array.from({ length: RECOVERY_HALF }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return Array.from({ length: count }, () => `${half()}-${half()}`);
}

/** A recovery code as typed (any case, spaces or no dash) in the form it was issued in, or null when it cannot be one. */
export function normaliseRecoveryCode(input: string): string | null {
  const bare = input.toLowerCase().replace(/[\s-]/g, "");
  if (bare.length !== 2 * RECOVERY_HALF || [...bare].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return `${bare.slice(0, RECOVERY_HALF)}-${bare.slice(RECOVERY_HALF)}`;
}
