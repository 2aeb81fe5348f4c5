import { CRYPTO_PRODUCT_TYPE } from "@cryptos/contract";
import type { QueryClient } from "@tanstack/react-query";
import { pairsQueryOptions } from "@/lib/market/pairs";

/** The Markets screen's first read (its first tab's pairs), asked for when the app starts on Markets. */
export function prefetchMarkets(client: QueryClient): void {
  void client.prefetchQuery(pairsQueryOptions(CRYPTO_PRODUCT_TYPE));
}
