/** Routes the shell itself navigates to (the full table is app/routes.tsx). */
export const HOME_PATH = "/pages/index/index";
export const LOGIN_PATH = "/pages/login";
/** The withdrawal address book (a route of this build, listed in the README); reached from Withdraw and Security. */
export const WITHDRAW_ADDRESSES_PATH = "/pages/user/withdraw-addresses";
/** The security center (a route of this build): change password, two-step verification, login history. */
export const SECURITY_PATH = "/pages/user/security";
