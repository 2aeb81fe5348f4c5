import { calls, type DataOf } from "@cryptos/contract";
import { useQuery } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { consoleKeys } from "./keys";

export type Incident = DataOf<typeof calls.adminIncidents>["open"][number];

/**
 * Operator alerts (decision 114): the incidents open now and the latest ones. Every console page reads it for its
 * banner, so it is one query, read again each 30 s like the dashboard's counts.
 */
export const useIncidents = () =>
  useQuery({
    queryKey: consoleKeys.incidents(),
    queryFn: ({ signal }) => operatorApi(calls.adminIncidents, { signal }),
    refetchInterval: 30_000,
  });
