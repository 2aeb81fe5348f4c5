import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CODE_COUNTDOWN_S, type EmsEvent } from "@cryptos/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../src/db/schema";
import { ManualClock } from "../src/lib/clock";
import { tinyPng, upload } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";
import { type SmtpSink, startSmtpSink } from "./smtp-sink";

/**
 * Issue 38 item 1 (decision 099): an operator cannot read the codes users are mailed when SMTP delivers them, and
 * every console read of a user's personal data is in the audit log with what was read.
 */
const clock = new ManualClock(Date.now() + 60_000);
const NEW_PASSWORD = "taken-over-by-ops-1";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-console-privacy-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Every 6-digit number in a text: what an operator would try as a code. */
const sixDigits = (text: string) => [...text.matchAll(/\b(\d{6})\b/g)].map((m) => m[1]!);

/** Every page of the outbox, as the operator's token reads it. */
async function wholeOutbox(t: TestApp, op: string) {
  const pages: unknown[] = [];
  const mails: { to: string; subject: string; text: string }[] = [];
  for (let page = 1; ; page++) {
    const res = await t.send("adminOutbox", { as: op, query: { page, list: 100 } });
    expect(res.body.code, res.body.msg).toBe(1);
    pages.push(res.body);
    mails.push(...res.body.data!.items);
    if (page * 100 >= res.body.data!.total) break;
  }
  return { pages, mails };
}

/** The codes an operator finds in the outbox mails to `email`. */
async function codesInOutbox(t: TestApp, op: string, email: string) {
  const { mails } = await wholeOutbox(t, op);
  return mails.filter((m) => m.to === email).flatMap((m) => [...sixDigits(m.subject), ...sixDigits(m.text)]);
}

describe("console privacy: with SMTP, the outbox keeps no code", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let op: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ config: { smtpUrl: sink.url, dataDir }, clock });
    op = await t.operatorToken();
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** Asks for a code for `event`, past the resend wait; the user reads it from the SMTP sink. */
  async function mailedCode(email: string, event: EmsEvent): Promise<string> {
    clock.advance(CODE_COUNTDOWN_S * 1000);
    const sent = await t.send("sendEmailCode", { body: { email, event } });
    expect(sent.body.code, sent.body.msg).toBe(1);
    return sink.nextCode(email);
  }

  /** Every console read of this user's data the operator's token can make, as the answers' text. */
  async function everyConsoleRead(user: SignedUpUser): Promise<string> {
    const uid = { uid: user.userId };
    const answers = [
      ...(await wholeOutbox(t, op)).pages,
      await t.send("adminUsersList", { as: op, body: { q: user.email } }),
      await t.send("adminUserShow", { as: op, body: uid }),
      await t.send("adminUserBills", { as: op, body: uid, query: { page: 1, list: 100 } }),
      await t.send("adminUserOrders", { as: op, body: uid, query: { page: 1, list: 100 } }),
      await t.send("adminRealList", { as: op, body: uid, query: { page: 1, list: 100 } }),
      await t.send("adminRechargeList", { as: op, body: uid, query: { page: 1, list: 100 } }),
      await t.send("adminWithdrawList", { as: op, body: uid, query: { page: 1, list: 100 } }),
      await t.send("adminAuditList", { as: op, body: {}, query: { page: 1, list: 100 } }),
      await t.send("adminNewsList", { as: op, body: {}, query: { page: 1, list: 100 } }),
      await t.send("adminDashboard", { as: op }),
    ];
    return JSON.stringify(answers);
  }

  it("delivers the sign-in code to the user and shows the operator only a masked copy", async () => {
    const user = await signUp(t, undefined, sink);
    const code = await mailedCode(user.email, "login");

    const everything = await everyConsoleRead(user);
    expect(everything).not.toContain(code);
    expect(await codesInOutbox(t, op, user.email)).toEqual([]);
    // Nor does the database keep it, in any column (the HTML too), once delivered.
    await t.app.services.accounts.mailer.flush();
    const stored = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(stored.filter((row) => row.sentAt !== null)).toHaveLength(stored.length);
    expect(JSON.stringify(stored)).not.toContain(code);
    const { mails } = await wholeOutbox(t, op);
    const mail = mails.find((m) => m.to === user.email && m.subject.includes("•"));
    expect(mail?.subject).toBe("•••••• is your Cryptos verification code");

    // The mail itself went out whole: the user signs in with the code.
    const byCode = await t.send("login", { body: { type: 2, username: user.email, code } });
    expect(byCode.body.code, byCode.body.msg).toBe(1);
  });

  it("leaves an operator who reads the outbox no code to reset a user's password with", async () => {
    const user = await signUp(t, undefined, sink);
    const code = await mailedCode(user.email, "reset");

    for (const guess of await codesInOutbox(t, op, user.email)) {
      const taken = await t.send("resetPassword", { body: { email: user.email, code: guess, password: NEW_PASSWORD } });
      expect(taken.body.code, `the operator reset the password with ${guess}`).toBe(0);
    }
    expect(await everyConsoleRead(user)).not.toContain(code);
    const byOwner = await t.send("resetPassword", { body: { email: user.email, code, password: NEW_PASSWORD } });
    expect(byOwner.body.code, byOwner.body.msg).toBe(1);
  });

  it("masks a code the SMTP server never took, too", async () => {
    const broken = await startTestApp({ config: { smtpUrl: "smtp://127.0.0.1:1", dataDir }, clock });
    try {
      const email = `never-delivered-${Date.now()}@example.com`;
      expect((await broken.send("sendEmailCode", { body: { email, event: "register" } })).body.code).toBe(1);
      await broken.app.services.accounts.mailer.flush();
      const brokenOp = await broken.operatorToken();
      const { pages, mails } = await wholeOutbox(broken, brokenOp);
      const mail = mails.find((m) => m.to === email);
      expect(mail).toMatchObject({ subject: "•••••• is your Cryptos verification code", sent_at: null });
      expect((mail as { error?: string } | undefined)?.error).toBeTruthy();
      expect(await codesInOutbox(broken, brokenOp, email)).toEqual([]);
      expect(pages).toEqual([expect.objectContaining({ data: expect.objectContaining({ delivering: true }) })]);
    } finally {
      await broken.close();
    }
  });

  it("says in the outbox answer that mail is delivered", async () => {
    const res = await t.send("adminOutbox", { as: op, query: { page: 1, list: 1 } });
    expect(res.body.data).toMatchObject({ delivering: true });
  });
});

describe("console privacy: without SMTP (the demo), the outbox shows codes and says mail is not delivered", () => {
  let t: TestApp;
  let op: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { dataDir }, clock });
    op = await t.operatorToken();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows the code, which registers the user", async () => {
    expect(t.config.smtpUrl).toBeUndefined();
    const email = `demo-${Date.now()}@example.com`;
    expect((await t.send("sendEmailCode", { body: { email, event: "register" } })).body.code).toBe(1);
    const res = await t.send("adminOutbox", { as: op, query: { page: 1, list: 20 } });
    expect(res.body.data).toMatchObject({ delivering: false });
    const [code] = await codesInOutbox(t, op, email);
    expect(code).toMatch(/^\d{6}$/);
    const registered = await t.send("register", { body: { email, code: code!, password: "demo-password-1" } });
    expect(registered.body.code, registered.body.msg).toBe(1);
  });
});

describe("console privacy: every read of personal data is audited with what was read", () => {
  let t: TestApp;
  let op: string;
  let opId: number;
  let user: SignedUpUser;
  let imageIds: number[];
  let realId: number;
  let depositId: number;

  beforeAll(async () => {
    t = await startTestApp({ config: { dataDir }, clock });
    op = await t.operatorToken();
    opId = (await t.api("adminOperators", { as: op })).items[0]!.id;
    user = await signUp(t);
    imageIds = [];
    for (const size of [4, 5]) {
      const res = await upload(t, user, { data: tinyPng({ size }) });
      expect(res.body.code, res.body.msg).toBe(1);
      imageIds.push(res.body.data!.id);
    }
    await t.api("submitRealName", {
      as: user,
      body: { name: "Ada Lovelace", doc_type: "passport", doc_number: "E12345678", images: imageIds },
    });
    realId = (await t.app.services.identity.submissions({ userId: user.userId }, 1, 1)).items[0]!.id;
    const proof = await upload(t, user, { data: tinyPng({ size: 6 }) });
    const channel = (await t.api("listDepositChannels", { as: user })).items.find((c) => c.currency === "USDT")!;
    depositId = (
      await t.api("submitDeposit", {
        as: user,
        body: { channel_id: channel.id, amount: "25", images: [proof.body.data!.id] },
      })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The newest audit entry for `action`, which must have been written by the call just made. */
  async function lastAudit(action: string) {
    const { items } = await t.api("adminAuditList", { as: op, body: { action }, query: { page: 1, list: 1 } });
    expect(items, `no ${action} in the audit log`).toHaveLength(1);
    return items[0]!;
  }

  it("audits reading the outbox, with the page and the mails' ids", async () => {
    const { items } = await t.api("adminOutbox", { as: op, query: { page: 1, list: 5 } });
    expect(await lastAudit("read.outbox")).toMatchObject({
      operator_id: opId,
      target_type: null,
      after: { page: 1, list: 5, ids: items.map((m) => m.id), delivering: false },
    });
  });

  it("audits searching users and opening one, with whom", async () => {
    await t.api("adminUsersList", { as: op, body: { q: user.email }, query: { page: 1, list: 20 } });
    expect(await lastAudit("read.users")).toMatchObject({
      operator_id: opId,
      after: { q: user.email, page: 1, list: 20, user_ids: [user.userId] },
    });
    await t.api("adminUserShow", { as: op, body: { uid: user.userId } });
    expect(await lastAudit("read.user")).toMatchObject({
      operator_id: opId,
      target_type: "user",
      target_id: String(user.userId),
    });
  });

  it("audits a user's bills and orders, with the rows read", async () => {
    const bills = await t.api("adminUserBills", { as: op, body: { uid: user.userId }, query: { page: 1, list: 10 } });
    expect(await lastAudit("read.user.bills")).toMatchObject({
      operator_id: opId,
      target_type: "user",
      target_id: String(user.userId),
      after: { page: 1, list: 10, ids: bills.items.map((b) => b.id) },
    });
    await t.api("adminUserOrders", { as: op, body: { uid: user.userId }, query: { page: 1, list: 10 } });
    expect(await lastAudit("read.user.orders")).toMatchObject({
      target_type: "user",
      target_id: String(user.userId),
      after: { page: 1, list: 10, ids: [] },
    });
  });

  it("audits reading real-name submissions, with whose and which document images", async () => {
    await t.api("adminRealList", { as: op, body: { status: "pending" }, query: { page: 1, list: 20 } });
    expect(await lastAudit("read.real")).toMatchObject({
      operator_id: opId,
      after: { status: "pending", ids: [realId], user_ids: [user.userId], images: imageIds },
    });
    await t.api("adminRealList", { as: op, body: { uid: user.userId } });
    expect(await lastAudit("read.real")).toMatchObject({ target_type: "user", target_id: String(user.userId) });
  });

  it("audits the deposit and withdrawal queues, with whose rows and proof images", async () => {
    await t.api("adminRechargeList", { as: op, body: { status: "pending" }, query: { page: 1, list: 20 } });
    const deposits = await lastAudit("read.deposits");
    expect(deposits).toMatchObject({ operator_id: opId, after: { ids: [depositId], user_ids: [user.userId] } });
    expect((deposits.after as { images: number[] }).images).toHaveLength(1);
    await t.api("adminWithdrawList", { as: op, body: { uid: user.userId } });
    expect(await lastAudit("read.withdrawals")).toMatchObject({
      target_type: "user",
      target_id: String(user.userId),
      after: { ids: [] },
    });
  });

  it("audits an image an operator's token opens, naming its owner", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/common/file/${imageIds[0]}`,
      headers: { authorization: `Bearer ${op}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await lastAudit("read.file")).toMatchObject({
      operator_id: opId,
      target_type: "user",
      target_id: String(user.userId),
      after: { upload_id: imageIds[0] },
    });
    // The owner's own read is not an operator's read.
    const own = await t.app.inject({
      method: "GET",
      url: `/api/common/file/${imageIds[1]}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect((await lastAudit("read.file")).after).toEqual({ upload_id: imageIds[0] });
  });

  it("lists the reads apart from the changes", async () => {
    const page = { page: 1, list: 100 };
    const reads = await t.api("adminAuditList", { as: op, body: { kind: "read" }, query: page });
    expect(reads.items.length).toBeGreaterThan(0);
    expect(reads.items.filter((e) => !e.action.startsWith("read."))).toEqual([]);
    const changes = await t.api("adminAuditList", { as: op, body: { kind: "change" }, query: page });
    expect(changes.items.map((e) => e.action)).toContain("operator.login");
    expect(changes.items.filter((e) => e.action.startsWith("read."))).toEqual([]);
    const all = await t.api("adminAuditList", { as: op, body: {}, query: page });
    expect(all.total).toBe(reads.total + changes.total);
  });

  it("writes one audit row per read call, however many rows it reads", async () => {
    const before = (await t.api("adminAuditList", { as: op, body: {}, query: { page: 1, list: 1 } })).total;
    await t.api("adminOutbox", { as: op, query: { page: 1, list: 50 } });
    const after = (await t.api("adminAuditList", { as: op, body: {}, query: { page: 1, list: 1 } })).total;
    expect(after - before).toBe(1);
  });
});
