import { ApiError } from "./api";
import { i18n } from "./i18n";
import { isOffline } from "./network-status";

/**
 * What to tell the user about a call that failed: the server's own message on a refusal; offline, the offline
 * banner's words (the call was refused at once, lib/api-client); else the spec's timeout text.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.msg;
  return i18n.t(isOffline() ? "common:status.offline" : "common:status.networkError");
}
