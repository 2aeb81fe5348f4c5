import type { Calls, DataOf } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userInfoKey } from "@/lib/session";

export type StakingOrder = DataOf<Calls["subscribeStaking"]>;

export interface SubscribeInput {
  productId: number;
  amount: string;
}

export const subscribeToProduct = ({ productId, amount }: SubscribeInput): Promise<StakingOrder> =>
  api("subscribeStaking", { body: { eid: productId, money: amount } });

/** Subscribing moves the amount to custody: balances, totals, quota and the order list all change. */
export function useSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscribeToProduct,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["staking"] }),
        client.invalidateQueries({ queryKey: userInfoKey }),
      ]),
  });
}
