import type { BodyOf, Calls } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userInfoKey } from "@/lib/session";
import { fundsKeys } from "./keys";

export type WithdrawInput = BodyOf<Calls["requestWithdrawal"]>;

export const submitWithdraw = (body: WithdrawInput) => api("requestWithdrawal", { body });

export function useSubmitWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitWithdraw,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: userInfoKey }),
        client.invalidateQueries({ queryKey: fundsKeys.all }),
      ]);
    },
  });
}
