/**
 * Statements (issue 24): the user's whole history of one kind as CSV, `GET` with the bearer token. Each file's
 * columns are the fields of the matching list call's items (bills: `listBills`, orders: `listUpDownOrders`, deposits:
 * `listDeposits`, withdrawals: `listWithdrawals`, exchanges: `listExchanges`, staking: `listStakingOrders`).
 */
export const EXPORT_KINDS = ["bills", "orders", "deposits", "withdrawals", "exchanges", "staking"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const exportPath = (kind: ExportKind) => `/api/user/export/${kind}.csv`;
