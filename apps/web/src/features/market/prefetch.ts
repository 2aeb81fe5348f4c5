import { CRYPTO_PRODUCT_TYPE } from "@cryptos/contract";
import type { QueryClient } from "@tanstack/react-query";
import { productListQueryOptions } from "./api/get-product-list";

/** The Markets screen's first read (its first tab's pairs), asked for when the app starts on Markets. */
export function prefetchMarkets(client: QueryClient): void {
  void client.prefetchQuery(productListQueryOptions(CRYPTO_PRODUCT_TYPE));
}
