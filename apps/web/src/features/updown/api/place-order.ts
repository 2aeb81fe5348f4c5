import type { BodyOf, Calls } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userInfoKey } from "@/lib/session";
import { ordersKey } from "./get-orders";

export type PlaceOrderInput = BodyOf<Calls["domiao"]>;

export const placeUpDownOrder = (body: PlaceOrderInput) => api("domiao", { body });

/** Places an order, then refreshes the order lists and the balance it was paid from. */
export function usePlaceUpDownOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeUpDownOrder,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ordersKey }),
        client.invalidateQueries({ queryKey: userInfoKey }),
      ]);
    },
  });
}
