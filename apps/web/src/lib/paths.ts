/** Routes the shell itself navigates to (the full table is app/routes.tsx). */
export const HOME_PATH = "/pages/index/index";
export const LOGIN_PATH = "/pages/login";
/** The account screen (profile, real name, security, logout); the header's person button leads there. */
export const ACCOUNT_PATH = "/pages/user/account";
/** The login page's query parameter naming where to go once signed in (see `loginPath`, `afterLoginPath`). */
export const REDIRECT_PARAM = "redirect";

/**
 * Whether `target` may be returned to after login: a route of this app (`/pages/…`, with an optional query), and
 * never the login page itself, another origin (`//host`, `https:`), a backslash trick or a fragment. Anything
 * else is dropped, so that a crafted link cannot send a user elsewhere after they log in.
 */
export function isSafeRedirect(target: string | null | undefined): target is string {
  if (!target || target.length > 512) return false;
  if (!/^\/pages\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*(\?[A-Za-z0-9_.~%=&+-]*)?$/.test(target)) return false;
  const path = target.split("?")[0];
  return path !== LOGIN_PATH;
}

/** The login page's query parameter that opens it on sign-up ("register") rather than "Welcome back". */
export const MODE_PARAM = "mode";

/**
 * The login page, to come back to `from` (a route of this app with its query) once signed in; `register` opens it
 * on sign-up.
 */
export function loginPath(from?: string, mode?: "register"): string {
  const query = new URLSearchParams();
  if (isSafeRedirect(from)) query.set(REDIRECT_PARAM, from);
  if (mode) query.set(MODE_PARAM, mode);
  const text = query.toString();
  return text ? `${LOGIN_PATH}?${text}` : LOGIN_PATH;
}

/**
 * Where a successful login, registration or wallet sign-in goes: on the login page, its `redirect` when it names a
 * route of this app; else home. Read from the address itself, so the forms and the wallet sign-in need no props.
 */
export function afterLoginPath(hash: string = window.location.hash): string {
  const [path, ...rest] = hash.replace(/^#/, "").split("?");
  if (path !== LOGIN_PATH) return HOME_PATH;
  const target = new URLSearchParams(rest.join("?")).get(REDIRECT_PARAM);
  return isSafeRedirect(target) ? target : HOME_PATH;
}
/** The withdrawal address book (a route of this build, listed in the README); reached from Withdraw and Security. */
export const WITHDRAW_ADDRESSES_PATH = "/pages/user/withdraw-addresses";
/** The security center (a route of this build): change password, two-step verification, login history. */
export const SECURITY_PATH = "/pages/user/security";
