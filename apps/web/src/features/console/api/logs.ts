import { calls, type DataOf } from "@cryptos/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { consoleKeys, PAGE_SIZE } from "./keys";

export type AuditEntry = DataOf<typeof calls.adminAuditList>["items"][number];
export type OutboxMail = DataOf<typeof calls.adminOutbox>["items"][number];

/** Which entries the audit log shows: changes (and sign-ins), reads of users' personal data, or all. */
export type AuditKind = "change" | "read" | "all";

/**
 * The audit log, newest first; `action` is matched exactly, `operatorId` is an operator's id or "". `kind` keeps
 * the reads of personal data (decision 099), which come many to a change, apart.
 */
export function useAuditLog(kind: AuditKind, action: string, operatorId: string, page: number) {
  return useQuery({
    queryKey: consoleKeys.audit(kind, action, operatorId, page),
    queryFn: ({ signal }) =>
      operatorApi(calls.adminAuditList, {
        query: { page, list: PAGE_SIZE },
        body: {
          kind: kind === "all" ? undefined : kind,
          action: action === "" ? undefined : action,
          operator_id: /^\d+$/.test(operatorId) ? Number(operatorId) : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(page: number) {
  return useQuery({
    queryKey: consoleKeys.outbox(page),
    queryFn: ({ signal }) => operatorApi(calls.adminOutbox, { query: { page, list: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}
