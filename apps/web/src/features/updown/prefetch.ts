import { CRYPTO_PRODUCT_TYPE } from "@cryptos/contract";
import type { QueryClient } from "@tanstack/react-query";
import { pairsQueryOptions } from "@/lib/market/pairs";
import { upDownSettingsOptions } from "./api/get-settings";

/** The Trade screen's first reads (the tradable pairs' settings and the crypto pairs), when the app starts on it. */
export function prefetchTrade(client: QueryClient): void {
  void client.prefetchQuery(upDownSettingsOptions());
  void client.prefetchQuery(pairsQueryOptions(CRYPTO_PRODUCT_TYPE));
}
