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
