import type { BodyOf, Calls } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userInfoKey, useToken } from "@/lib/session";
import { type RealName, realNameOptions } from "./get-real-name";

export type RealNameInput = BodyOf<Calls["submitRealName"]>;

export const submitRealName = (body: RealNameInput): Promise<RealName> => api("submitRealName", { body });

/** The answer is the new status (under review): shown at once, and the account's real-name state refreshes. */
export function useSubmitRealName() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: submitRealName,
    onSuccess: (status) => {
      client.setQueryData(realNameOptions(token).queryKey, status);
      return client.invalidateQueries({ queryKey: userInfoKey });
    },
  });
}
