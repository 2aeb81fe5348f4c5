import { routes } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";

/** The secondary shortcuts (help, announcements, language, ...) in the reader's language. */
export const softMenusQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: [routes.getHomeShortcuts.path, locale],
    queryFn: ({ signal }) => api("getHomeShortcuts", { signal }),
    staleTime: 5 * 60_000,
  });

export function useSoftMenus() {
  const { i18n } = useTranslation();
  return useQuery(softMenusQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
