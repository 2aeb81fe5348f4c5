import { useQuery } from "@tanstack/react-query";
import { currenciesQueryOptions } from "./currencies";
import { decimalsOf } from "./format";

/**
 * A currency's decimals from the currencies list the app loads at start (or kept from the last start). Its own file:
 * only the exchange and deposit screens use it, and currencies.ts is in the first screen's scripts.
 */
export function useDecimalsOf(): (currency: string) => number | undefined {
  const query = useQuery(currenciesQueryOptions);
  const items = query.data?.items;
  return (currency) => items?.find((item) => item.code === currency)?.decimals ?? decimalsOf(currency);
}
