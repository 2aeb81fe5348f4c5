import { calls, type DataOf } from "@cryptos/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { consoleKeys, PAGE_SIZE } from "./keys";

export type AuditEntry = DataOf<typeof calls.adminAuditList>["items"][number];
export type OutboxMail = DataOf<typeof calls.adminOutbox>["items"][number];

/** The audit log, newest first; `action` is matched exactly, `operatorId` is an operator's id or "". */
export function useAuditLog(action: string, operatorId: string, page: number) {
  return useQuery({
    queryKey: consoleKeys.audit(action, operatorId, page),
    queryFn: ({ signal }) =>
      operatorApi(calls.adminAuditList, {
        query: { page, list: PAGE_SIZE },
        body: {
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
