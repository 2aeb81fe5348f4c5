import type { QueryClient } from "@tanstack/react-query";
import { pricesListQuery } from "./api/get-prices";

/** The Assets screen's first read besides the session (prices to value balances), when the app starts on it. */
export function prefetchAssets(client: QueryClient): void {
  void client.prefetchQuery(pricesListQuery());
}
