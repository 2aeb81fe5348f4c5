import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** Foreign hosts an operator allowed for the web view; this site's own paths need no entry. */
export const getWebviewHosts = async (signal?: AbortSignal): Promise<string[]> =>
  (await api("listWebviewHosts", { signal })).hosts;

export const webviewHostsOptions = queryOptions({
  queryKey: ["content", "webview-hosts"],
  queryFn: ({ signal }) => getWebviewHosts(signal),
});

export const useWebviewHosts = () => useQuery(webviewHostsOptions);
