/** Query keys of the funds screens; `all` is a prefix of every one, so one invalidation refreshes them all. */
export const fundsKeys = {
  all: ["funds"] as const,
  channels: () => [...fundsKeys.all, "channels"] as const,
  withdrawInfo: () => [...fundsKeys.all, "withdraw-info"] as const,
  deposits: () => [...fundsKeys.all, "deposits"] as const,
  withdrawals: () => [...fundsKeys.all, "withdrawals"] as const,
  exchanges: () => [...fundsKeys.all, "exchanges"] as const,
  addresses: (filter: { currency?: string; network?: string }) => [...fundsKeys.all, "addresses", filter] as const,
  bills: (filter: { type?: string; currency?: string }) => [...fundsKeys.all, "bills", filter] as const,
};

/** Rows per page of every funds list. */
export const PAGE_SIZE = 20;
