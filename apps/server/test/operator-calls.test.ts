import { calls } from "@cryptos/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helper";

/**
 * Every operator call, and what it may change (issue 24: no call edits a tick, an order or a balance outside a
 * ledger entry). `read` changes nothing; `config` changes settings, text or the operator's own session, never a
 * tick, an order or a balance; `ledger` moves money only through a named ledger entry the user sees in their
 * bills. A call that is not listed fails this test until someone reviews it and says here what it does.
 */
const OPERATOR_CALLS: Record<string, { effect: "read" | "config" | "ledger"; reason: string }> = {
  "/api/admin/login": { effect: "config", reason: "opens an operator session" },
  "/api/admin/logout": { effect: "config", reason: "ends the operator's own session" },
  "/api/admin/sessions": { effect: "read", reason: "the operator's own sessions" },
  "/api/admin/sessions/revoke-all": { effect: "config", reason: "ends every session of the operator, audited" },
  "/api/admin/totp/setup": { effect: "config", reason: "the operator's own two-step secret" },
  "/api/admin/totp/enable": { effect: "config", reason: "the operator's own two-step sign-in" },
  "/api/admin/totp/disable": { effect: "config", reason: "the operator's own two-step sign-in" },
  "/api/admin/operators": { effect: "read", reason: "lists operators" },
  "/api/admin/audit/list": { effect: "read", reason: "pages the audit log" },
  "/api/admin/message": { effect: "config", reason: "writes a personal message; no money, tick or order" },
  "/api/admin/ledger/health": { effect: "read", reason: "the ledger's invariants" },
  "/api/admin/recharge/list": { effect: "read", reason: "deposits to review" },
  "/api/admin/recharge/review": {
    effect: "ledger",
    reason: "completing credits the user by a `deposit` entry; rejecting moves no money",
  },
  "/api/admin/withdraw/list": { effect: "read", reason: "withdrawals to review" },
  "/api/admin/withdraw/review": {
    effect: "ledger",
    reason: "completing pays out the frozen amount, rejecting unfreezes it, each by its own entry",
  },
  "/api/admin/real/list": { effect: "read", reason: "real-name submissions" },
  "/api/admin/real/review": { effect: "config", reason: "a real-name verdict; no money" },
  "/api/admin/channels/list": { effect: "read", reason: "deposit channels" },
  "/api/admin/channels/save": { effect: "config", reason: "a deposit channel's address and switches" },
  "/api/admin/withdraw/approve": {
    effect: "config",
    reason:
      "lets the hot wallet send a withdrawal held over its daily limit, audited; the chain's verdict moves the money",
  },
  "/api/admin/withdraw/speedup": {
    effect: "config",
    reason: "re-signs a sent withdrawal at the same nonce with a higher fee, audited; it is paid once, by the chain",
  },
  "/api/admin/withdraw/cancel": {
    effect: "config",
    reason:
      "signs a zero-value self-transfer at a sent withdrawal's nonce, audited; the chain's verdict moves the money",
  },
  "/api/admin/withdraw/hotwallet": { effect: "read", reason: "the hot wallet's balances beside what waits" },
  "/api/admin/withdraw/networks/list": { effect: "read", reason: "withdrawal networks" },
  "/api/admin/withdraw/networks/save": { effect: "config", reason: "a network's fee and limits for new requests" },
  "/api/admin/funds/settings": { effect: "config", reason: "exchange fee and funds rules for new requests" },
  "/api/admin/dashboard": { effect: "read", reason: "totals" },
  "/api/admin/users/list": { effect: "read", reason: "users" },
  "/api/admin/users/show": { effect: "read", reason: "one user" },
  "/api/admin/users/bills": { effect: "read", reason: "one user's bills" },
  "/api/admin/users/orders": { effect: "read", reason: "one user's orders, read only" },
  "/api/admin/users/credit": { effect: "config", reason: "credit score with a reason the user is told; no money" },
  "/api/admin/users/totp-reset": { effect: "config", reason: "turns a user's two-step sign-in off, audited" },
  "/api/admin/pairs/list": { effect: "read", reason: "pairs" },
  "/api/admin/pairs/save": { effect: "config", reason: "enables or orders a pair; prices come only from the feed" },
  "/api/admin/updown/list": { effect: "read", reason: "up/down terms" },
  "/api/admin/updown/save": { effect: "config", reason: "terms for new orders; placed orders keep theirs" },
  "/api/admin/staking/list": { effect: "read", reason: "staking products" },
  "/api/admin/staking/save": { effect: "config", reason: "a product's terms for new subscriptions" },
  "/api/admin/news/list": { effect: "read", reason: "announcements and messages" },
  "/api/admin/news/save": { effect: "config", reason: "announcement or message text" },
  "/api/admin/webview/hosts": { effect: "config", reason: "hosts the web view may open" },
  "/api/admin/outbox/list": { effect: "read", reason: "the email outbox" },
  "/api/admin/incidents/list": { effect: "read", reason: "operator alerts: open and resolved incidents" },
  "/api/admin/chain/status": { effect: "read", reason: "the chain watcher's networks and on-chain deposits" },
  "/api/admin/chain/reconcile": { effect: "read", reason: "users' balances beside what the chain holds, per currency" },
  "/api/admin/reserves/snapshot": {
    effect: "config",
    reason: "takes a proof-of-reserves snapshot now (reads balances in one snapshot, writes only the tree), audited",
  },
  "/api/admin/reserves/declared": { effect: "read", reason: "the reserves declared for networks checked by hand" },
  "/api/admin/reserves/declare": {
    effect: "config",
    reason: "declares an address and amount on a hand-checked network, published as not proven; audited",
  },
  "/api/admin/reserves/undeclare": { effect: "config", reason: "removes a declared reserve, audited" },
  "/api/admin/chain/network/save": {
    effect: "config",
    reason: "a network's node settings, checked against the node, refused when they would strand money, audited",
  },
  "/api/admin/chain/network/remove": {
    effect: "config",
    reason: "removes a console network nobody has an address or an open withdrawal on, audited",
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the operator API", () => {
  it("has no call beyond the reviewed list: none edits a tick, an order or a balance outside a ledger entry", () => {
    const fromContract = Object.values(calls)
      .filter((call) => call.auth === "operator" || call.path.startsWith("/api/admin/"))
      .map((call) => call.path);
    // The server's own route table: a route registered outside the contract is caught too.
    const served = t.app.printRoutes({ commonPrefix: false }).match(/\/api\/admin\/[^\s(]*/g) ?? [];
    const every = [...new Set([...fromContract, ...served])].sort();
    expect(every).toEqual(Object.keys(OPERATOR_CALLS).sort());
  });
});
