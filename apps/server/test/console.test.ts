import { type BodyOf, type Calls, calls } from "@cryptos/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositCompleted } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await startTestApp();
  op = await t.operatorToken();
});
afterAll(async () => {
  await t?.close();
});

async function auditOf(action: string) {
  return (await t.api("adminAuditList", { as: op, body: { action } })).items;
}

describe("operator console API", () => {
  it("shows pending reviews, users and exposure on the dashboard", async () => {
    const before = await t.api("adminDashboard", { as: op });
    const user = await signUp(t);
    await depositCompleted(t, user, op, "250");
    const data = await t.api("adminDashboard", { as: op });
    expect(data).toMatchObject({ ledger_ok: true });
    expect(data.users.total).toBe(before.users.total + 1);
    expect(data.users.joined_today).toBeGreaterThanOrEqual(1);
    expect(data.pending.deposits).toBe(before.pending.deposits);
    expect(Number(data.exposure.find((e) => e.currency === "USDT")!.users)).toBeGreaterThanOrEqual(250);
  });

  it("finds users, shows their balances and bills", async () => {
    const user = await signUp(t);
    await depositCompleted(t, user, op, "40");
    const found = await t.api("adminUsersList", {
      as: op,
      body: { q: user.email.slice(0, 20) },
      query: { page: 1, list: 10 },
    });
    expect(found.items.map((u) => u.id)).toContain(user.userId);
    const byId = await t.api("adminUsersList", { as: op, body: { q: String(user.userId) } });
    expect(byId.items[0]!.id).toBe(user.userId);
    const wildcard = await t.api("adminUsersList", { as: op, body: { q: "%" } });
    expect(wildcard.total).toBe(0);

    const shown = await t.api("adminUserShow", { as: op, body: { uid: user.userId } });
    expect(shown).toMatchObject({
      id: user.userId,
      credit_score: 100,
      real_name_status: "none",
    });
    expect(shown.balances.find((b) => b.currency === "USDT")).toMatchObject({ available: "40", frozen: "0" });
    const bills = await t.api("adminUserBills", { as: op, body: { uid: user.userId } });
    expect(bills.items[0]!.type).toBe("deposit");
    expect((await t.send("adminUserShow", { as: op, body: { uid: 999_999 } })).body).toMatchObject({ code: 0 });
  });

  it("changes a credit score only with a reason, tells the user, and audits it", async () => {
    const user: SignedUpUser = await signUp(t);
    // Raw: the body leaves out the reason the contract requires.
    const noReason = await t.call(calls.adminCredit.path, {
      headers: { authorization: `Bearer ${op}` },
      body: { uid: user.userId, score: 80 },
    });
    expect(noReason.body.code).toBe(0);
    expect(noReason.body.msg).toMatch(/reason/);

    const res = await t.api("adminCredit", {
      as: op,
      body: { uid: user.userId, score: 80, reason: "Chargeback on a deposit" },
    });
    expect(res).toMatchObject({ credit_score: 80 });
    expect(await t.api("getUserInfo", { as: user })).toMatchObject({ userinfo: { credit_score: 80 } });

    const inbox = await t.api("listMessages", { as: user, headers: { lang: "de" }, query: { cid: 3 } });
    expect(inbox.items.map((m) => m.title)).toContain("Dein Kredit-Score wurde geändert");

    const [entry] = await auditOf("user.credit");
    expect(entry).toMatchObject({
      before: { credit_score: 100 },
      after: { credit_score: 80 },
      reason: "Chargeback on a deposit",
    });
  });

  it("disables a pair for everyone, audited, and never edits a price", async () => {
    const pairs = await t.api("adminPairsList", { as: op });
    const link = pairs.items.find((p) => p.symbol === "LINK/USDT")!;
    const tradable = async () => (await t.api("listUpDownSettings")).items.map((i) => i.symbol);
    expect(await tradable()).toContain("LINK/USDT");
    // A price is no field of the call: the extra key must be ignored (a variable, so that it is not refused as excess).
    const withPrice = { id: link.id, enabled: false, price: "1" };
    expect(await t.api("adminPairSave", { as: op, body: withPrice })).toMatchObject({ enabled: false });
    const list = await t.api("listPairs", { query: { product_type: 1 } });
    expect(list.items.map((p) => p.symbol)).not.toContain("LINK/USDT");
    // Nor can it be traded up/down: its terms are left out while the pair is off.
    expect(await tradable()).not.toContain("LINK/USDT");
    expect((await auditOf("pair.save"))[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    await t.api("adminPairSave", { as: op, body: { id: link.id, enabled: true } });
  });

  it("sets up/down terms for future orders and refuses inconsistent ones", async () => {
    const settings = await t.api("adminUpDownList", { as: op });
    const eth = settings.items.find((s) => s.symbol === "ETH/USDT")!;
    const save = (body: BodyOf<Calls["adminUpDownSave"]>) => t.send("adminUpDownSave", { as: op, body });
    const dup = await save({
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
    const inverted = await save({
      productid: eth.productid,
      min_amount: "500",
      max_amount: "5",
      terms: [{ seconds: 60, payout_rate: "0.8" }],
      enabled: true,
    });
    expect(inverted.body.code).toBe(0);

    const saved = await save({
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
    const eth2 = (await t.api("listUpDownSettings")).items.find((i) => i.productid === eth.productid);
    expect(eth2).toMatchObject({ min_amount: "5", terms: [{ seconds: 45, payout_rate: "0.7" }, { seconds: 180 }] });
  });

  it("creates and edits staking products", async () => {
    const save = (body: BodyOf<Calls["adminStakingSave"]>) => t.send("adminStakingSave", { as: op, body });
    const created = await save({
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
    const id = created.body.data!.id;
    const shown = await t.api("getStakingProduct", { body: { id }, headers: { lang: "zh-Hans" } });
    expect(shown).toMatchObject({ name: "USDT 14天" });

    const noEnglish = await save({
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
    const unknownCurrency = await save({
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
    const save = (body: BodyOf<Calls["adminNewsSave"]>) => t.send("adminNewsSave", { as: op, body });
    // Home's announcement is kept in memory (lib/cached-read.ts): read once before, it must not outlive the save.
    const latest = async (lang: string) =>
      (await t.send("getLatestAnnouncement", { headers: { lang } })).body.data?.title ?? null;
    const before = await latest("de");
    const saved = await save({
      cid: 1,
      title: { en: "Maintenance", de: "Wartung" },
      body: { en: "<p>Tonight</p><script>alert(1)</script>", de: "<p>Heute Nacht</p>" },
    });
    expect(saved.body).toMatchObject({ code: 1, data: { cid: 1, published: true } });
    const id = saved.body.data!.id;
    const shown = await t.api("readMessage", { query: { id }, headers: { lang: "en" } });
    expect(shown).toMatchObject({ title: "Maintenance", body: "<p>Tonight</p>" });
    const german = await t.api("readMessage", { query: { id }, headers: { lang: "de" } });
    expect(german).toMatchObject({ title: "Wartung" });
    expect(await latest("de")).toBe("Wartung");
    expect(await latest("en")).toBe("Maintenance");

    const hidden = await save({
      id,
      cid: 1,
      title: { en: "Maintenance" },
      body: { en: "<p>Tonight</p>" },
      published: false,
    });
    expect(hidden.body).toMatchObject({ code: 1, data: { published: false } });
    expect((await t.send("readMessage", { query: { id } })).body.code).toBe(0);
    expect(await latest("de")).toBe(before);
    const noEnglish = await save({ cid: 1, title: { de: "x" }, body: { de: "y" } });
    expect(noEnglish.body.code).toBe(0);
    const listed = await t.api("adminNewsList", { as: op, body: { cid: 1 } });
    expect(listed.items[0]!.id).toBe(id);
    expect((await auditOf("news.save")).length).toBe(2);
  });

  it("keeps the web view allow-list, public to read, operator to change", async () => {
    expect((await t.send("listWebviewHosts")).body).toMatchObject({ code: 1, data: { hosts: [] } });
    const bad = await t.send("adminWebviewHosts", { as: op, body: { hosts: ["javascript:alert(1)"] } });
    expect(bad.body.code).toBe(0);
    const set = await t.send("adminWebviewHosts", {
      as: op,
      body: { hosts: ["Docs.Example.com", "docs.example.com"] },
    });
    expect(set.body).toMatchObject({ code: 1, data: { hosts: ["docs.example.com"] } });
    expect((await t.send("listWebviewHosts")).body).toMatchObject({ data: { hosts: ["docs.example.com"] } });
  });

  it("reads the email outbox", async () => {
    const email = `outbox-${Date.now()}@example.com`;
    await t.api("sendEmailCode", { body: { email, event: "register" } });
    const { items } = await t.api("adminOutbox", { as: op, query: { page: 1, list: 5 } });
    expect(items[0]).toMatchObject({ to: email });
    expect(items[0]!.text).toMatch(/\d{6}/);
  });
});
