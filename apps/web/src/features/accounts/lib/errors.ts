import { totpRequiredData } from "@cryptos/contract";
import { ApiError } from "@/lib/api";
import type { TFunction } from "@/lib/i18n";
import { isOffline } from "@/lib/network-status";

/** A proof of ownership the browser could not give (no wallet, a declined signature): its message is for the user. */
export class ProofError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProofError";
  }
}

/** What to tell the user about a failed call: the server's own message, else the shell's "retry" text. */
export function errorText(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.msg;
  if (error instanceof ProofError) return error.message;
  return t(isOffline() ? "common:status.offline" : "common:status.networkError");
}

/** The server refused because the account has two-step verification on and the code was missing or wrong. */
export const needsTotpCode = (error: unknown): boolean =>
  error instanceof ApiError && totpRequiredData.safeParse(error.data).success;
