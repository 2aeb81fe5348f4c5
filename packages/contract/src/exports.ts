/**
 * Statements (issue 24): the user's whole history of one kind as CSV, `GET` with the bearer token. Each file's
 * columns are the fields of the matching list call's items (bills: `getmoneylog`, orders: `miaolist`, deposits:
 * `getrecharge`, withdrawals: `getwithdraw`, exchanges: `getduihuanlog`, staking: `getitemlist`).
 */
export const EXPORT_KINDS = ["bills", "orders", "deposits", "withdrawals", "exchanges", "staking"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const exportPath = (kind: ExportKind) => `/api/user/export/${kind}.csv`;
