import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

/**
 * A refusal (ApiError) is an answer: retrying it changes nothing. A network failure gets one quiet retry,
 * then the screen shows "click the screen to retry" (components/QueryView).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 5_000,
    },
    mutations: { retry: false },
  },
});
