import type { Calls, DataOf, HELP_PAGES } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { currentLocale } from "@/lib/i18n";

export type HelpKey = (typeof HELP_PAGES)[number];
export type HelpPage = DataOf<Calls["getHelpPage"]>;

export const getHelpPage = (key: HelpKey, signal?: AbortSignal): Promise<HelpPage> =>
  api("getHelpPage", { query: { key }, signal });

/** The text comes in the request's language, so the language is part of the key. */
export const helpPageOptions = (key: HelpKey, locale: string) =>
  queryOptions({
    queryKey: ["content", "help", key, locale],
    queryFn: ({ signal }) => getHelpPage(key, signal),
    staleTime: 5 * 60_000,
  });

export function useHelpPage(key: HelpKey) {
  return useQuery(helpPageOptions(key, currentLocale()));
}
