import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { startTestApp, TEST_OPERATOR, type TestApp } from "./helper";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await t.operatorToken();
});
afterAll(async () => {
  await t?.close();
});

describe("operator API", () => {
  it("creates an operator once when instances starting together each ensure it, and the last password holds", async () => {
    const { admin } = t.app.services;
    const email = "together@test.local";
    const results = await Promise.all(
      ["first-password-1", "second-password-2"].map((p) => admin.ensureOperator(email, p)),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results[0]!.id).toBe(results[1]!.id);
    const again = await admin.ensureOperator(` ${email.toUpperCase()} `, "third-password-3");
    expect(again).toEqual({ id: results[0]!.id, created: false });
    const login = await t.send("adminLogin", { body: { email, password: "third-password-3" } });
    expect(login.body.code).toBe(1);
  });

  it("logs an operator in, and refuses a wrong password without saying which part was wrong", async () => {
    const ok = await t.send("adminLogin", { body: TEST_OPERATOR });
    expect(ok.body.code).toBe(1);
    expect(ok.body.data!.token).toMatch(/^op_/);
    const wrong = await t.send("adminLogin", { body: { ...TEST_OPERATOR, password: "nope" } });
    expect(wrong.body).toEqual({ code: 0, msg: "Email or password is incorrect" });
    const unknown = await t.send("adminLogin", { body: { email: "who@x.io", password: "nope" } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("sends a personal message, audits it, and reports ledger health", async () => {
    const [user] = await t.database.db.insert(users).values({ email: "msg@example.com" }).returning();
    const sent = await t.send("adminMessage", {
      as: token,
      body: { uid: user!.id, title: "Welcome", body: "Your account is ready." },
    });
    expect(sent.body.code).toBe(1);

    const { services } = t.app;
    const inbox = await services.messages.personalMessages(user!.id);
    expect(inbox).toHaveLength(1);
    expect(services.messages.render(inbox[0]!, "ja")).toEqual({ title: "Welcome", body: "Your account is ready." });

    const missing = await t.send("adminMessage", {
      as: token,
      body: { uid: 999999, title: "x", body: "y" },
    });
    expect(missing.body).toEqual({ code: 0, msg: "User 999999 does not exist" });

    const audit = await t.send("adminAuditList", { as: token, body: { action: "message.send" } });
    expect(audit.body.code).toBe(1);
    const items = audit.body.data!.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      action: "message.send",
      target_id: String(user!.id),
      operator_email: TEST_OPERATOR.email,
    });

    const health = await t.send("adminLedgerHealth", { as: token });
    expect(health.body).toMatchObject({ code: 1, data: { ok: true, unbalanced_entries: 0 } });
  });

  it("revokes the operator token at logout", async () => {
    const own = await t.operatorToken();
    expect((await t.send("adminLogout", { as: own })).body.code).toBe(1);
    expect((await t.send("adminLedgerHealth", { as: own })).status).toBe(401);
  });
});
