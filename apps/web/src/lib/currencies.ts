import { routes, STORAGE_KEYS } from "@cryptos/contract";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, buildUrl } from "./api";
import { setCurrencyDecimals } from "./format";
import { storage } from "./storage";

type CurrencyDecimals = { code: string; decimals: number }[];

function stored(): CurrencyDecimals | null {
  const raw = storage.get(STORAGE_KEYS.currencyDecimals);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    return parsed.filter(
      (item): item is CurrencyDecimals[number] =>
        typeof item?.code === "string" && Number.isInteger(item?.decimals) && item.decimals >= 0,
    );
  } catch {
    return null;
  }
}

/** The decimals last loaded: amounts format with them from the first paint. */
const initial = stored();
if (initial) setCurrencyDecimals(initial);

export const currenciesQueryOptions = queryOptions({
  queryKey: ["currencies"],
  queryFn: ({ signal }) => api("currencies", { signal }),
  staleTime: 10 * 60_000,
});

/** A first visit's read of the decimals: its address, and the storage key whose absence makes a visit first. */
export const FIRST_VISIT_READ = [buildUrl(routes.currencies.path, undefined), STORAGE_KEYS.currencyDecimals] as const;

/** On a first visit, starts the read the screens wait for (app/App.tsx), with the page's own (app/routes preloadPage). */
export function prefetchCurrencyDecimals(client: QueryClient): void {
  if (initial === null) void client.prefetchQuery(currenciesQueryOptions);
}

/**
 * Loads the currencies' decimals (which lib/format shows every amount with) and keeps them for the next start.
 * `ready` is false only on a first visit until the list has come (or failed: amounts then show 2 to 8 places).
 */
export function useCurrencyDecimals(): { ready: boolean } {
  const query = useQuery(currenciesQueryOptions);
  const items = query.data?.items;
  useEffect(() => {
    if (!items) return;
    const decimals = items.map(({ code, decimals }) => ({ code, decimals }));
    setCurrencyDecimals(decimals);
    storage.set(STORAGE_KEYS.currencyDecimals, JSON.stringify(decimals));
  }, [items]);
  if (items) setCurrencyDecimals(items);
  return { ready: initial !== null || !query.isPending };
}
