import { calls } from "@cryptos/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { seedContent } from "../src/modules/content/seed";
import { HELP_PAGES } from "../src/modules/content/seed-texts";
import { SETTING_KEYS, type StoredHelpPage } from "../src/modules/content/service";
import type { Services } from "../src/modules/services";
import { insertUser } from "./fixtures";
import { startTestApp, type TestApp } from "./helper";
import { signUp } from "./sign-up";

// Years before the users are created (at the real time), so the tests' broadcasts are old news to every test user.
const clock = new ManualClock(Date.UTC(2020, 0, 1));
let t: TestApp;
let s: Services;

beforeAll(async () => {
  t = await startTestApp({ clock });
  s = t.app.services;
});
afterAll(async () => {
  await t?.close();
});

const reader = async (userId: number) => ({ userId, joinedAt: (await s.users.joinedAt(userId))! });

describe("content and messages", () => {
  it("brings a help page still as first seeded up to today's names, and leaves an operator's edit", async () => {
    const key = SETTING_KEYS.help("ammhelp");
    const today = HELP_PAGES.ammhelp;
    const asSeeded = today.body
      .en!.replace("<h3>While staked</h3>", "<h3>While in custody</h3>")
      .replace("balance into staking.", "balance into custody.");
    const edited = "<p>Our own words about Verwahrung.</p>";
    await s.settings.set(key, { ...today, body: { ...today.body, en: asSeeded, de: edited } });
    await seedContent(s.settings, s.messages);
    const stored = await s.settings.get<StoredHelpPage | null>(key, null);
    expect(stored?.body.en).toBe(today.body.en);
    expect(stored?.body.en).toContain("<h3>While staked</h3>");
    expect(stored?.body.de).toBe(edited);
    const de = await t.send("getHelpPage", { query: { key: "help" }, headers: { "accept-language": "de" } });
    expect(de.body.data!.body).not.toContain("Steigt/Fällt-Orders");
  });

  it("serves the home menus, shortcuts and help pages from server data", async () => {
    const menus = await t.send("getHomeMenu");
    const items = menus.body.data!.items;
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.every((m) => m.route.startsWith("/pages/") && m.label.length > 0)).toBe(true);
    const soft = await t.send("getHomeShortcuts");
    expect(soft.body.data!.items.length).toBeGreaterThan(0);

    const help = await t.send("getHelpPage", { query: { key: "ammhelp" } });
    expect(help.body).toMatchObject({ code: 1, data: { key: "ammhelp" } });
    expect(help.body.data!.body).toContain("<h3>");
    // The help center explains the withdrawal address hold (decision 056).
    const center = await t.send("getHelpPage", { query: { key: "help" } });
    expect(center.body.data!.body).toContain("24 hours after you saved it");
    // Raw: a key the contract does not have.
    const bad = await t.call(calls.getHelpPage.path, { query: { key: "../etc/passwd" } });
    expect(bad.body.code).toBe(0);
  });

  it("answers the home menus and the currencies from memory, read once for every caller", async () => {
    const first = (await t.send("getHomeMenu")).body.data!.items;
    const currencies = (await t.send("currencies")).body.data!.items;
    // Written behind the services' backs (as another instance's release would): not read again while fresh.
    const stored = await s.settings.get<{ label: Record<string, string> }[]>(SETTING_KEYS.homeMenus, []);
    await s.settings.set(SETTING_KEYS.homeMenus, stored.slice(1));
    await t.database.db.execute(sql`update currencies set name = 'Renamed' where code = 'USDT'`);
    try {
      const answers = await Promise.all([t.send("getHomeMenu"), t.send("getHomeMenu"), t.send("currencies")]);
      expect(answers[0].body.data!.items).toEqual(first);
      expect(answers[1].body.data!.items).toEqual(first);
      expect(answers[2].body.data!.items).toEqual(currencies);
    } finally {
      await s.settings.set(SETTING_KEYS.homeMenus, stored);
      await t.database.db.execute(
        sql`update currencies set name = ${currencies.find((c) => c.code === "USDT")!.name} where code = 'USDT'`,
      );
    }
  });

  it("shows the latest announcement to everyone", async () => {
    const res = await t.send("getLatestAnnouncement");
    expect(res.body).toMatchObject({ code: 1, data: { cid: 1, title: "Welcome to Cryptos" } });
  });

  it("neutralises script in message bodies", async () => {
    await s.messages.broadcast(
      1,
      { en: "Hi <script>alert(1)</script>" },
      {
        en: '<p onclick="steal()">Read</p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a><iframe src="//evil"></iframe>',
      },
    );
    const latest = await t.send("getLatestAnnouncement");
    const body = latest.body.data!.body;
    expect(body).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<img/i);
    expect(body).toContain("<p>Read</p>");
  });

  it("counts unread personal messages, marks one read when opened, and hides it from other users", async () => {
    const alice = await insertUser(t.database);
    const bob = await insertUser(t.database);
    // The seed's welcome announcement is news to both (a month before joining counts, decision in messages/repo.ts).
    const broadcastsUnread = await s.messages.unread(await reader(bob));
    clock.advance(1000);
    const id = await s.messages.notify(t.database.db, alice, {
      title: "staking_matured_title",
      body: "staking_matured_body",
      params: { principal: "100", earned: "0.5", currency: "USDT" },
    });
    expect(await s.messages.unread(await reader(alice))).toBe(broadcastsUnread + 1);
    expect(await s.messages.unread(await reader(bob))).toBe(broadcastsUnread);

    const list = await s.messages.list(await reader(alice), 3, 1, 20, "de");
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id, read: false, title: "Staking-Auftrag abgeschlossen" });

    await expect(s.messages.show(await reader(bob), id, "en")).rejects.toMatchObject({ key: "message_not_found" });
    await expect(s.messages.show(null, id, "en")).rejects.toMatchObject({ key: "message_not_found" });
    const anonymous = await t.send("readMessage", { query: { id } });
    expect(anonymous.body).toEqual({ code: 0, msg: "This message does not exist or is not yours" });

    const opened = await s.messages.show(await reader(alice), id, "en");
    expect(opened.body).toContain("100.00 USDT");
    expect(await s.messages.unread(await reader(alice))).toBe(broadcastsUnread);
    expect((await s.messages.list(await reader(alice), 3, 1, 20, "en")).items[0]?.read).toBe(true);
  });

  it("the badge counts exactly the messages the list marks unread: news from a month before joining on", async () => {
    const day = 24 * 60 * 60 * 1000;
    // After the seed's welcome announcement (written at the real time), so it is a day old when Dana joins.
    const joined = Date.now() + day;
    clock.set(joined - 40 * day);
    await s.messages.broadcast(2, { en: "Forty days before" }, { en: "<p>Old news</p>" });
    clock.set(joined - 10 * day);
    await s.messages.broadcast(1, { en: "Ten days before" }, { en: "<p>Recent news</p>" });
    clock.set(joined);
    const dana = await signUp(t);
    clock.advance(1000);
    await s.messages.broadcast(2, { en: "After joining" }, { en: "<p>New</p>" });
    await s.messages.notify(t.database.db, dana.userId, {
      title: "staking_matured_title",
      body: "staking_matured_body",
      params: { principal: "100", earned: "0.5", currency: "USDT" },
    });

    const unreadTitles = async () => {
      const res = await t.send("listMessages", { query: { page: 1, list: 100 }, as: dana });
      const { items } = res.body.data!;
      const badge = await t.send("countUnreadMessages", { as: dana });
      expect(badge.body.data).toBe(items.filter((m) => !m.read).length);
      return items.filter((m) => !m.read);
    };
    const unread = await unreadTitles();
    expect(unread.map((m) => m.title).sort()).toEqual(
      ["After joining", "Staking order completed", "Ten days before", "Welcome to Cryptos"].sort(),
    );

    const opened = await t.send("readMessage", { query: { id: String(unread[0]!.id) }, as: dana });
    expect(opened.body.code).toBe(1);
    expect(await unreadTitles()).toHaveLength(3);
  });

  it("lists announcements to signed-out readers, never personal messages", async () => {
    const res = await t.send("listMessages", { query: { page: 1, list: 50 } });
    const { items } = res.body.data!;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((m) => m.cid !== 3)).toBe(true);
    const count = await t.send("countUnreadMessages");
    expect(count.body).toMatchObject({ code: 1, data: 0 });
  });
});
