/** Every console query key starts with "console": signing in or out drops them all at once. */
export const CONSOLE_KEY = ["console"] as const;
export const PAGE_SIZE = 20;

export const consoleKeys = {
  all: CONSOLE_KEY,
  dashboard: () => [...CONSOLE_KEY, "dashboard"] as const,
  ledger: () => [...CONSOLE_KEY, "ledger"] as const,
  deposits: (status: string, page: number) => [...CONSOLE_KEY, "deposits", status, page] as const,
  withdrawals: (status: string, page: number) => [...CONSOLE_KEY, "withdrawals", status, page] as const,
  realNames: (status: string, page: number) => [...CONSOLE_KEY, "real-names", status, page] as const,
  users: (q: string, page: number) => [...CONSOLE_KEY, "users", q, page] as const,
  user: (uid: number) => [...CONSOLE_KEY, "user", uid] as const,
  userBills: (uid: number, page: number) => [...CONSOLE_KEY, "user", uid, "bills", page] as const,
  userOrders: (uid: number, page: number) => [...CONSOLE_KEY, "user", uid, "orders", page] as const,
  pairs: () => [...CONSOLE_KEY, "pairs"] as const,
  updown: () => [...CONSOLE_KEY, "updown"] as const,
  staking: () => [...CONSOLE_KEY, "staking"] as const,
  channels: () => [...CONSOLE_KEY, "channels"] as const,
  networks: () => [...CONSOLE_KEY, "networks"] as const,
  chain: () => [...CONSOLE_KEY, "chain"] as const,
  fundsSettings: () => [...CONSOLE_KEY, "funds-settings"] as const,
  news: (cid: string, page: number) => [...CONSOLE_KEY, "news", cid, page] as const,
  webview: () => [...CONSOLE_KEY, "webview"] as const,
  incidents: () => [...CONSOLE_KEY, "incidents"] as const,
  outbox: (page: number) => [...CONSOLE_KEY, "outbox", page] as const,
  operators: () => [...CONSOLE_KEY, "operators"] as const,
  sessions: (page: number) => [...CONSOLE_KEY, "sessions", page] as const,
  audit: (kind: string, action: string, operatorId: string, page: number) =>
    [...CONSOLE_KEY, "audit", kind, action, operatorId, page] as const,
};
