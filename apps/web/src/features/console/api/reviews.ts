import {
  type BodyOf,
  calls,
  type DataOf,
  type REAL_NAME_SUBMISSION_STATUSES,
  type ReviewStatus,
  type WithdrawalStatus,
} from "@cryptos/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { CONSOLE_KEY, consoleKeys, PAGE_SIZE } from "./keys";

export type AdminDeposit = DataOf<typeof calls.adminRechargeList>["items"][number];
export type AdminWithdrawal = DataOf<typeof calls.adminWithdrawList>["items"][number];
export type AdminRealName = DataOf<typeof calls.adminRealList>["items"][number];
/** A review's body; `tx_hash` only for a withdrawal (the payout's transaction, decision 121). */
export type ReviewInput = BodyOf<typeof calls.adminWithdrawReview>;
type RealNameStatus = (typeof REAL_NAME_SUBMISSION_STATUSES)[number];

/** A queue's filter: one status, or "" for every status. */
export type QueueStatus<S extends string> = S | "";

const status = <S extends string>(value: QueueStatus<S>) => (value === "" ? undefined : value);

export function useDepositQueue(filter: QueueStatus<ReviewStatus>, page: number) {
  return useQuery({
    queryKey: consoleKeys.deposits(filter, page),
    queryFn: ({ signal }) =>
      operatorApi(calls.adminRechargeList, {
        query: { page, list: PAGE_SIZE },
        body: { status: status(filter) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawalQueue(filter: QueueStatus<WithdrawalStatus>, page: number) {
  return useQuery({
    queryKey: consoleKeys.withdrawals(filter, page),
    queryFn: ({ signal }) =>
      operatorApi(calls.adminWithdrawList, {
        query: { page, list: PAGE_SIZE },
        body: { status: status(filter) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRealNameQueue(filter: QueueStatus<RealNameStatus>, page: number) {
  return useQuery({
    queryKey: consoleKeys.realNames(filter, page),
    queryFn: ({ signal }) =>
      operatorApi(calls.adminRealList, {
        query: { page, list: PAGE_SIZE },
        body: { status: status(filter) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type ReviewKind = "deposit" | "withdrawal" | "realName";

const reviewCall = {
  deposit: calls.adminRechargeReview,
  withdrawal: calls.adminWithdrawReview,
  realName: calls.adminRealReview,
} as const;

export const reviewRequest = (kind: ReviewKind, body: ReviewInput) => operatorApi(reviewCall[kind], { body });

/** Completing or rejecting changes the queues, the dashboard's counts and balances: refresh the whole console. */
export function useReview(kind: ReviewKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewInput) => reviewRequest(kind, body),
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_KEY }),
  });
}

/** The hot wallet's balance per network and currency beside what waits to be sent (issue 39). */
export function useHotWallet() {
  return useQuery({
    queryKey: [CONSOLE_KEY, "hot-wallet"],
    queryFn: ({ signal }) => operatorApi(calls.adminHotWallet, { signal }),
  });
}

/**
 * Approve a held withdrawal's send, replace its stuck transaction with a higher fee, or cancel it (a self-transfer
 * at its nonce); each refreshes the console.
 */
const chainCall = {
  approve: calls.adminWithdrawApprove,
  speedup: calls.adminWithdrawSpeedup,
  cancel: calls.adminWithdrawCancel,
} as const;
export type ChainAction = keyof typeof chainCall;

export function useChainAction(action: ChainAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => operatorApi(chainCall[action], { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_KEY }),
  });
}
