import { CRYPTO_PRODUCT_TYPE } from "@cryptos/contract";
import type { QueryClient } from "@tanstack/react-query";
import { pairsQueryOptions } from "@/lib/market/pairs";
import { announcementQueryOptions } from "./api/get-announcement";
import { menusQueryOptions } from "./api/get-menus";
import { softMenusQueryOptions } from "./api/get-soft-menus";

/**
 * Home's four reads, asked for when the app starts on Home: they travel while the page's code downloads, so that
 * Home's first render usually has its data and draws the screen once instead of once per answer.
 */
export function prefetchHome(client: QueryClient, locale: string): void {
  void client.prefetchQuery(menusQueryOptions(locale));
  void client.prefetchQuery(softMenusQueryOptions(locale));
  void client.prefetchQuery(announcementQueryOptions(locale));
  void client.prefetchQuery(pairsQueryOptions(CRYPTO_PRODUCT_TYPE));
}
