import { type Calls, type DataOf, routes } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";

export type MenuEntry = DataOf<Calls["getHomeMenu"]>["items"][number];

/** Menu labels come from the server in the request's language, so the language is part of the key. */
export const menusQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: [routes.getHomeMenu.path, locale],
    queryFn: ({ signal }) => api("getHomeMenu", { signal }),
    staleTime: 5 * 60_000,
  });

export function useMenus() {
  const { i18n } = useTranslation();
  return useQuery(menusQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
