import type { Balance } from "@cryptos/contract";
import type { UserInfo } from "@/lib/session";

/** A signed-in email user (no two-step verification) holding `balances`, as `getUserInfo` answers. */
export function userWith(balances: Array<Pick<Balance, "currency" | "available">>): UserInfo {
  return {
    userinfo: {
      token: "t",
      id: 9,
      email: "ana@example.com",
      address: null,
      login_type: 1,
      credit_score: 100,
      created_at: "2026-11-01T00:00:00.000Z",
      totp_enabled: false,
      reauth: "password",
    },
    users: {
      balances: balances.map((b) => ({ ...b, frozen: "0", custody: "0" })),
      real_name_status: "none",
      unread: 0,
    },
  };
}
