import { calls } from "@cryptos/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositCompleted } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

let t: TestApp;
let operator: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  operator = { authorization: `Bearer ${await t.operatorToken()}` };
});
afterAll(async () => {
  await t?.close();
});

const admin = (path: string, body?: unknown, query?: Record<string, string>) =>
  t.call(path, { headers: operator, body: body ?? {}, ...(query ? { query } : {}) });

async function auditOf(action: string) {
  const res = await admin(calls.adminAuditList.path, { action });
  return (res.body.data as { items: { before: unknown; after: unknown; reason: string | null }[] }).items;
}

describe("operator console API", () => {
  it("shows pending reviews, users and exposure on the dashboard", async () => {
    const before = (await admin(calls.adminDashboard.path)).body.data as {
      pending: { deposits: number };
      users: { total: number };
    };
    const user = await signUp(t);
    await depositCompleted(t, user, operator, "250");
    const after = await admin(calls.adminDashboard.path);
    expect(after.body).toMatchObject({ code: 1, data: { ledger_ok: true } });
    const data = after.body.data as {
      pending: { deposits: number };
      users: { total: number; joined_today: number };
      exposure: { currency: string; users: string }[];
    };
    expect(data.users.total).toBe(before.users.total + 1);
    expect(data.users.joined_today).toBeGreaterThanOrEqual(1);
    expect(data.pending.deposits).toBe(before.pending.deposits);
    expect(Number(data.exposure.find((e) => e.currency === "USDT")!.users)).toBeGreaterThanOrEqual(250);
  });

  it("finds users, shows their balances and bills", async () => {
    const user = await signUp(t);
    await depositCompleted(t, user, operator, "40");
    const found = await admin(calls.adminUsersList.path, { q: user.email.slice(0, 20) }, { page: "1", list: "10" });
    expect((found.body.data as { items: { id: number }[] }).items.map((u) => u.id)).toContain(user.userId);
    const byId = await admin(calls.adminUsersList.path, { q: String(user.userId) });
    expect((byId.body.data as { items: { id: number }[] }).items[0]!.id).toBe(user.userId);
    const wildcard = await admin(calls.adminUsersList.path, { q: "%" });
    expect((wildcard.body.data as { total: number }).total).toBe(0);

    const shown = await admin(calls.adminUserShow.path, { uid: user.userId });
    expect(shown.body.data).toMatchObject({
      id: user.userId,
      credit_score: 100,
      real_name_status: "none",
    });
    const balances = (shown.body.data as { balances: { currency: string; available: string }[] }).balances;
    expect(balances.find((b) => b.currency === "USDT")).toMatchObject({ available: "40", frozen: "0" });
    const bills = await admin(calls.adminUserBills.path, { uid: user.userId });
    expect((bills.body.data as { items: { type: string }[] }).items[0]!.type).toBe("deposit");
    expect((await admin(calls.adminUserShow.path, { uid: 999_999 })).body).toMatchObject({ code: 0 });
  });

  it("changes a credit score only with a reason, tells the user, and audits it", async () => {
    const user: SignedUpUser = await signUp(t);
    const noReason = await admin(calls.adminCredit.path, { uid: user.userId, score: 80 });
    expect(noReason.body.code).toBe(0);
    expect(noReason.body.msg).toMatch(/reason/);

    const res = await admin(calls.adminCredit.path, { uid: user.userId, score: 80, reason: "Chargeback on a deposit" });
    expect(res.body).toMatchObject({ code: 1, data: { credit_score: 80 } });
    const me = await t.call(calls.userinfo.path, { headers: user.headers });
    expect(me.body.data).toMatchObject({ userinfo: { credit_score: 80 } });

    const inbox = await t.call(calls.newslist.path, { headers: { ...user.headers, lang: "de" }, query: { cid: "3" } });
    const items = (inbox.body.data as { items: { title: string }[] }).items;
    expect(items.map((m) => m.title)).toContain("Ihr Kredit-Score wurde geändert");

    const [entry] = await auditOf("user.credit");
    expect(entry).toMatchObject({
      before: { credit_score: 100 },
      after: { credit_score: 80 },
      reason: "Chargeback on a deposit",
    });
  });

  it("disables a pair for everyone, audited, and never edits a price", async () => {
    const pairs = (await admin(calls.adminPairsList.path)).body.data as { items: { id: number; symbol: string }[] };
    const link = pairs.items.find((p) => p.symbol === "LINK/USDT")!;
    const res = await admin(calls.adminPairSave.path, { id: link.id, enabled: false, price: "1" });
    expect(res.body).toMatchObject({ code: 1, data: { enabled: false } });
    const list = await t.call(calls.productlist.path, { method: "GET", query: { product_type: "1" } });
    expect((list.body.data as { items: { symbol: string }[] }).items.map((p) => p.symbol)).not.toContain("LINK/USDT");
    expect((await auditOf("pair.save"))[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    await admin(calls.adminPairSave.path, { id: link.id, enabled: true });
  });

  it("sets up/down terms for future orders and refuses inconsistent ones", async () => {
    const settings = (await admin(calls.adminUpDownList.path)).body.data as {
      items: { productid: number; symbol: string }[];
    };
    const eth = settings.items.find((s) => s.symbol === "ETH/USDT")!;
    const dup = await admin(calls.adminUpDownSave.path, {
      productid: eth.productid,
      min_amount: "5",
      max_amount: "500",
      terms: [
        { seconds: 60, payout_rate: "0.8" },
        { seconds: 60, payout_rate: "0.9" },
      ],
      enabled: true,
    });
    expect(dup.body).toMatchObject({ code: 0, msg: "Each settlement time may appear only once" });
    const inverted = await admin(calls.adminUpDownSave.path, {
      productid: eth.productid,
      min_amount: "500",
      max_amount: "5",
      terms: [{ seconds: 60, payout_rate: "0.8" }],
      enabled: true,
    });
    expect(inverted.body.code).toBe(0);

    const saved = await admin(calls.adminUpDownSave.path, {
      productid: eth.productid,
      min_amount: "5",
      max_amount: "500",
      terms: [
        { seconds: 180, payout_rate: "0.88" },
        { seconds: 45, payout_rate: "0.7" },
      ],
      enabled: true,
    });
    expect(saved.body).toMatchObject({ code: 1, data: { terms: [{ seconds: 45 }, { seconds: 180 }] } });
    const publicTerms = await t.call(calls.miao.path);
    const eth2 = (publicTerms.body.data as { items: { productid: number; min_amount: string }[] }).items.find(
      (i) => i.productid === eth.productid,
    );
    expect(eth2).toMatchObject({ min_amount: "5", terms: [{ seconds: 45, payout_rate: "0.7" }, { seconds: 180 }] });
  });

  it("creates and edits staking products", async () => {
    const created = await admin(calls.adminStakingSave.path, {
      name: { en: "USDT 14-day", "zh-Hans": "USDT 14天" },
      currency: "USDT",
      daily_rate: "0.0006",
      days: 14,
      min_amount: "50",
      max_amount: "5000",
      quota: "100000",
      per_user_limit: "10000",
      enabled: true,
    });
    expect(created.body).toMatchObject({ code: 1, data: { days: 14, daily_rate: "0.0006" } });
    const id = (created.body.data as { id: number }).id;
    const shown = await t.call(calls.getitems.path, { body: { id }, headers: { lang: "zh-Hans" } });
    expect(shown.body.data).toMatchObject({ name: "USDT 14天" });

    const noEnglish = await admin(calls.adminStakingSave.path, {
      id,
      name: { fr: "USDT 14 jours" },
      currency: "USDT",
      daily_rate: "0.0006",
      days: 14,
      min_amount: "50",
      max_amount: "5000",
      quota: "100000",
      per_user_limit: "10000",
      enabled: true,
    });
    expect(noEnglish.body.code).toBe(0);
    const unknownCurrency = await admin(calls.adminStakingSave.path, {
      name: { en: "Fake" },
      currency: "NOPE",
      daily_rate: "0.1",
      days: 1,
      min_amount: "1",
      max_amount: "2",
      quota: "3",
      per_user_limit: "2",
      enabled: true,
    });
    expect(unknownCurrency.body.code).toBe(0);
  });

  it("publishes and edits an announcement per language, sanitised when read", async () => {
    const saved = await admin(calls.adminNewsSave.path, {
      cid: 1,
      title: { en: "Maintenance", de: "Wartung" },
      body: { en: "<p>Tonight</p><script>alert(1)</script>", de: "<p>Heute Nacht</p>" },
    });
    expect(saved.body).toMatchObject({ code: 1, data: { cid: 1, published: true } });
    const id = (saved.body.data as { id: number }).id;
    const shown = await t.call(calls.newsshow.path, { query: { id: String(id) }, headers: { lang: "en" } });
    expect(shown.body.data).toMatchObject({ title: "Maintenance", body: "<p>Tonight</p>" });
    const german = await t.call(calls.newsshow.path, { query: { id: String(id) }, headers: { lang: "de" } });
    expect(german.body.data).toMatchObject({ title: "Wartung" });

    const hidden = await admin(calls.adminNewsSave.path, {
      id,
      cid: 1,
      title: { en: "Maintenance" },
      body: { en: "<p>Tonight</p>" },
      published: false,
    });
    expect(hidden.body).toMatchObject({ code: 1, data: { published: false } });
    expect((await t.call(calls.newsshow.path, { query: { id: String(id) } })).body.code).toBe(0);
    const noEnglish = await admin(calls.adminNewsSave.path, { cid: 1, title: { de: "x" }, body: { de: "y" } });
    expect(noEnglish.body.code).toBe(0);
    const listed = await admin(calls.adminNewsList.path, { cid: 1 });
    expect((listed.body.data as { items: { id: number }[] }).items[0]!.id).toBe(id);
    expect((await auditOf("news.save")).length).toBe(2);
  });

  it("keeps the web view allow-list, public to read, operator to change", async () => {
    expect((await t.call(calls.webviewhosts.path)).body).toMatchObject({ code: 1, data: { hosts: [] } });
    const bad = await admin(calls.adminWebviewHosts.path, { hosts: ["javascript:alert(1)"] });
    expect(bad.body.code).toBe(0);
    const set = await admin(calls.adminWebviewHosts.path, { hosts: ["Docs.Example.com", "docs.example.com"] });
    expect(set.body).toMatchObject({ code: 1, data: { hosts: ["docs.example.com"] } });
    expect((await t.call(calls.webviewhosts.path)).body).toMatchObject({ data: { hosts: ["docs.example.com"] } });
  });

  it("reads the email outbox", async () => {
    const email = `outbox-${Date.now()}@example.com`;
    await t.call(calls.emsSend.path, { body: { email, event: "register" } });
    const res = await admin(calls.adminOutbox.path, {}, { page: "1", list: "5" });
    const items = (res.body.data as { items: { to: string; text: string }[] }).items;
    expect(items[0]).toMatchObject({ to: email });
    expect(items[0]!.text).toMatch(/\d{6}/);
  });
});
