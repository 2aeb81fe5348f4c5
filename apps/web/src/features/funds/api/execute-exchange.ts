import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userInfoKey } from "@/lib/session";
import { fundsKeys } from "./keys";

export const executeExchange = (quoteId: string) => api("exchange", { body: { quote_id: quoteId } });

export function useExecuteExchange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: executeExchange,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: userInfoKey }),
        client.invalidateQueries({ queryKey: fundsKeys.all }),
      ]);
    },
  });
}
