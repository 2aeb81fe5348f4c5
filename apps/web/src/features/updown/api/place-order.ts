import type { BodyOf, Calls } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userInfoKey } from "@/lib/session";
import { keepSigned } from "../lib/receipts";
import { ordersKey } from "./get-orders";

export type PlaceOrderInput = BodyOf<Calls["placeUpDownOrder"]>;

export const placeUpDownOrder = (body: PlaceOrderInput) => api("placeUpDownOrder", { body });

/** Places an order, then refreshes the order lists and the balance it was paid from. */
export function usePlaceUpDownOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeUpDownOrder,
    // The receipt is kept on this device as it came with the acceptance (issue 43).
    onSuccess: (order) => keepSigned(order),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ordersKey }),
        client.invalidateQueries({ queryKey: userInfoKey }),
      ]);
    },
  });
}
