import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";
import { onReconnect } from "./network-status";

/**
 * A refusal (ApiError) is an answer: retrying it changes nothing. A network failure gets one quiet retry,
 * then the screen shows "click the screen to retry" (components/QueryView), until the connection is back.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 5_000,
    },
    // A mutation offline fails at once (lib/api-client refuses without a connection) and says so: paused, it
    // left its button spinning over the offline banner for good.
    mutations: { retry: false, networkMode: "always" },
  },
});

// Back online: what failed while offline asks again (paused queries resume by themselves).
onReconnect(() => {
  void queryClient.refetchQueries({ type: "active", predicate: (query) => query.state.status === "error" });
});
