import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { ManualClock } from "../src/lib/clock";
import type { Services } from "../src/modules/services";
import { operatorAlertsWorker } from "../src/workers/operator-alerts";
import { fundUser, insertUser } from "./fixtures";
import { startTestApp, TEST_OPERATOR, type TestApp } from "./helper";
import { type SmtpSink, startSmtpSink } from "./smtp-sink";

const OPERATOR_EMAIL = "alerts@ops.test";
const clock = new ManualClock(Date.UTC(2026, 2, 2, 12, 0, 0));
let t: TestApp;
let s: Services;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({
    clock,
    config: {
      smtpUrl: sink.url,
      operatorEmail: OPERATOR_EMAIL,
      alertTickAgeSeconds: 60,
      alertSettlementLagSeconds: 60,
      // No disk has less than 0 % free: the disk check stays quiet until a test raises the threshold.
      alertDiskFreePercent: 0,
    },
  });
  s = t.app.services;
  await t.operatorToken(); // the operators table holds one operator too: both addresses are mailed
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Every enabled pair ticks now. */
async function feedTicks() {
  const pairs = await s.market.newestTicks();
  await s.market.recordQuotes(
    pairs.map((p) => ({ pairId: p.pairId, price: "100" })),
    clock.now(),
  );
}

/** One round of checks by the worker loop main.ts runs (under its lease), then the mail it sent. */
async function checkOnce() {
  const loop = operatorAlertsWorker(s, t.database.db, 60_000, { info() {}, warn() {}, error() {} });
  expect(await loop.runOnce()).toBe(true);
  await loop.stop();
  await s.accounts.mailer.flush();
}

const mailsTo = (to: string, subject: RegExp) => sink.mails.filter((m) => m.to.includes(to) && subject.test(m.subject));

async function incidents() {
  const res = await t.send("adminIncidents", { as: await t.operatorToken(), body: {} });
  expect(res.status).toBe(200);
  return res.body.data!;
}

describe("operator alerts", () => {
  it("mails each operator once when the feed goes stale, not once per check, and once when it is back", async () => {
    await feedTicks();
    await checkOnce();
    expect((await incidents()).open).toEqual([]);

    clock.advance(61_000); // the feed stopped a minute ago
    await checkOnce();
    await checkOnce();
    await checkOnce();
    const opened = await sink.nextMail(OPERATOR_EMAIL, { subject: /alert: The price feed is stale/ });
    expect(opened.raw).toContain("BTC/USDT");
    await sink.nextMail(TEST_OPERATOR.email, { subject: /alert: The price feed is stale/ });
    expect(mailsTo(OPERATOR_EMAIL, /alert: The price feed is stale/)).toHaveLength(1);
    expect(mailsTo(TEST_OPERATOR.email, /alert: The price feed is stale/)).toHaveLength(1);
    const open = (await incidents()).open;
    expect(open.map((i) => i.kind)).toEqual(["stale_feed"]);
    expect(open[0]!.opened_at).toBe(clock.now().toISOString());
    expect(open[0]!.resolved_at).toBeNull();

    await feedTicks();
    await checkOnce();
    await checkOnce();
    await sink.nextMail(OPERATOR_EMAIL, { subject: /resolved: The price feed is stale/ });
    expect(mailsTo(OPERATOR_EMAIL, /resolved: The price feed is stale/)).toHaveLength(1);
    const after = await incidents();
    expect(after.open).toEqual([]);
    expect(after.recent[0]).toMatchObject({ kind: "stale_feed", resolved_at: clock.now().toISOString() });

    // A second stall is a second incident, mailed again.
    clock.advance(61_000);
    await checkOnce();
    await sink.nextMail(OPERATOR_EMAIL, { subject: /alert: The price feed is stale/ });
    expect(mailsTo(OPERATOR_EMAIL, /alert: The price feed is stale/)).toHaveLength(2);
    await feedTicks();
    await checkOnce();
    expect((await incidents()).open).toEqual([]);
  });

  it("opens one incident, mailed once, when two instances on one database raise it at the same moment", async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      const before = sink.mails.length;
      const raised = await Promise.all([
        s.incidents.raise("backup_failed", "disk full while writing"),
        other.services.incidents.raise("backup_failed", "disk full while writing"),
      ]);
      expect(raised.filter(Boolean)).toHaveLength(1);
      const mail = await sink.nextMail(OPERATOR_EMAIL, { subject: /alert: A backup failed/ });
      expect(mail.raw).toContain("disk full while writing");
      const resolved = await Promise.all([
        other.services.incidents.resolve("backup_failed"),
        s.incidents.resolve("backup_failed"),
      ]);
      expect(resolved.filter(Boolean)).toHaveLength(1);
      await sink.nextMail(OPERATOR_EMAIL, { subject: /resolved: A backup failed/ });
      await s.accounts.mailer.flush();
      await other.services.accounts.mailer.flush();
      // Two recipients, an opening and a resolving mail each: four in all, whichever instance sent them.
      expect(sink.mails.length - before).toBe(4);
    } finally {
      await other.close();
    }
  });

  it("finds a ledger that does not sum to zero, from a posting written behind the ledger's back", async () => {
    await feedTicks();
    await fundUser(s.ledger, await insertUser(t.database), "10"); // the house's USDT account exists from here on
    const [account] = (
      (await t.database.db.execute(
        sql`select id from ledger_accounts where system_key is not null and currency = 'USDT' limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const entry = (
      (await t.database.db.execute(
        sql`insert into journal_entries (type, idempotency_key, created_at)
            values ('adjust', 'operator-alerts-test-bad-entry', now()) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0]!.id;
    await t.database.db.execute(
      sql`insert into postings (entry_id, account_id, amount, created_at) values (${entry}, ${account!.id}, 5, now())`,
    );
    try {
      await checkOnce();
      const mail = await sink.nextMail(OPERATOR_EMAIL, { subject: /alert: The ledger does not sum to zero/ });
      expect(mail.raw).toContain("USDT postings sum to 5");
    } finally {
      await t.database.db.execute(sql`delete from postings where entry_id = ${entry}`);
      await t.database.db.execute(sql`delete from journal_entries where id = ${entry}`);
    }
    await checkOnce();
    await sink.nextMail(OPERATOR_EMAIL, { subject: /resolved: The ledger does not sum to zero/ });
  });

  it("warns of a nearly full disk by the configured threshold", async () => {
    await feedTicks();
    t.config.alertDiskFreePercent = 100; // every disk has less than 100 % free
    await checkOnce();
    const mail = await sink.nextMail(OPERATOR_EMAIL, { subject: /alert: The disk under the data folder/ });
    expect(mail.subject).toContain("less than 100 % free");
    t.config.alertDiskFreePercent = 0;
    await checkOnce();
    await sink.nextMail(OPERATOR_EMAIL, { subject: /resolved: The disk under the data folder/ });
    expect((await incidents()).open).toEqual([]);
  });
});
