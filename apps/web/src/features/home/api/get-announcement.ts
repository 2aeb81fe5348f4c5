import { routes } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";

/** The latest announcement (null when there is none), in the reader's language. */
export const announcementQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: [routes.getLatestAnnouncement.path, locale],
    queryFn: ({ signal }) => api("getLatestAnnouncement", { signal }),
    staleTime: 60_000,
  });

export function useAnnouncement() {
  const { i18n } = useTranslation();
  return useQuery(announcementQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
