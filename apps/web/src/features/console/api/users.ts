import { type BodyOf, calls, type DataOf } from "@cryptos/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { CONSOLE_KEY, consoleKeys, PAGE_SIZE } from "./keys";

export type AdminUser = DataOf<typeof calls.adminUsersList>["items"][number];
export type AdminUserDetail = DataOf<typeof calls.adminUserShow>;
export type AdminBill = DataOf<typeof calls.adminUserBills>["items"][number];
export type AdminOrder = DataOf<typeof calls.adminUserOrders>["items"][number];
export type CreditInput = BodyOf<typeof calls.adminCredit>;
export type MessageInput = BodyOf<typeof calls.adminMessage>;
export type TotpResetInput = BodyOf<typeof calls.adminUserTotpReset>;

/** Users, newest first; `q` matches email, address or id. */
export function useUsers(q: string, page: number) {
  return useQuery({
    queryKey: consoleKeys.users(q, page),
    queryFn: ({ signal }) =>
      operatorApi(calls.adminUsersList, {
        query: { page, list: PAGE_SIZE },
        body: { q: q === "" ? undefined : q },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(uid: number) {
  return useQuery({
    queryKey: consoleKeys.user(uid),
    queryFn: ({ signal }) => operatorApi(calls.adminUserShow, { body: { uid }, signal }),
  });
}

export function useUserBills(uid: number, page: number) {
  return useQuery({
    queryKey: consoleKeys.userBills(uid, page),
    queryFn: ({ signal }) =>
      operatorApi(calls.adminUserBills, { query: { page, list: PAGE_SIZE }, body: { uid }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserOrders(uid: number, page: number) {
  return useQuery({
    queryKey: consoleKeys.userOrders(uid, page),
    queryFn: ({ signal }) =>
      operatorApi(calls.adminUserOrders, { query: { page, list: PAGE_SIZE }, body: { uid }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const setCreditScore = (body: CreditInput) => operatorApi(calls.adminCredit, { body });
export const sendPersonalMessage = (body: MessageInput) => operatorApi(calls.adminMessage, { body });

export function useSetCreditScore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setCreditScore,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_KEY }),
  });
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendPersonalMessage });
}

/** Turns a user's two-step verification off (a lost authenticator), with a reason the user reads; audited. */
export const resetUserTotp = (body: TotpResetInput) => operatorApi(calls.adminUserTotpReset, { body });

export function useResetUserTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetUserTotp,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_KEY }),
  });
}
