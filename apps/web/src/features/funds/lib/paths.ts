/** The spec's routes this feature links to, and the query that opens a sheet on Assets. */
export const ASSETS_PATH = "/pages/assets/assets";
export const RECHARGE_PATH = "/pages/user/recharge";
export const RECHARGE_LOG_PATH = "/pages/user/recharge-log";
export const ACCOUNT_BILL_PATH = "/pages/user/account-bill";
export const REAL_NAME_PATH = "/pages/user/realname";

export type AssetsSheet = "withdraw" | "exchange";
export const SHEET_PARAM = "sheet";
export type LogTab = "deposits" | "withdrawals" | "exchanges";
export const LOG_TABS: readonly LogTab[] = ["deposits", "withdrawals", "exchanges"];
