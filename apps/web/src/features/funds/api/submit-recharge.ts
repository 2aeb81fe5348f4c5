import { type BodyOf, type Calls, fundsCalls } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys } from "./keys";

export type RechargeInput = BodyOf<Calls["submitDeposit"]>;

export const submitRecharge = (body: RechargeInput) => api("submitDeposit", { body });

/** The most proof images one deposit takes, read from the contract's schema (it states a max, not a constant). */
export const PROOF_IMAGES_MAX = (() => {
  const images = fundsCalls.submitDeposit.body?.shape.images;
  let max = 1;
  while (images && max < 100 && images.safeParse(Array.from({ length: max + 1 }, (_, i) => i + 1)).success) max += 1;
  return max;
})();

export function useSubmitRecharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitRecharge,
    onSuccess: () => client.invalidateQueries({ queryKey: fundsKeys.deposits() }),
  });
}
