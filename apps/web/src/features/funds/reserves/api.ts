import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys } from "../api/keys";

const reservesKeys = {
  latest: () => [...fundsKeys.all, "reserves", "latest"] as const,
  proof: (snapshotId: number) => [...fundsKeys.all, "reserves", "proof", snapshotId] as const,
};

/** The latest proof-of-reserves snapshot (public), null before the first. */
export const latestReservesQuery = () =>
  queryOptions({ queryKey: reservesKeys.latest(), queryFn: ({ signal }) => api("latestReserves", { signal }) });

export const useLatestReserves = () => useQuery(latestReservesQuery());

/** My leaf and path in one snapshot. */
export const useReservesProof = (snapshotId: number | undefined) =>
  useQuery({
    queryKey: reservesKeys.proof(snapshotId ?? 0),
    queryFn: ({ signal }) => api("reservesProof", { body: { snapshot_id: snapshotId }, signal }),
    enabled: snapshotId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
