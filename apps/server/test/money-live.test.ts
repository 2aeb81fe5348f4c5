import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { savedAddress } from "./factories/address";
import { balanceOf, tinyPng, upload } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { LiveClient } from "./live-client";
import { type SignedUpUser, signUp } from "./sign-up";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "./smtp-sink";

/**
 * Money state that updates itself (decision 119): a deposit's submission and credit, and a withdrawal's request and
 * completion, reach the owner's open sockets as `deposits`, `withdrawals` and `balances` events, and nobody else's;
 * a credited deposit and a completed withdrawal are mailed through real SMTP in the language and time zone of the
 * user's money request, with the transaction hash and its explorer page. A withdrawal completed by hand keeps the
 * hash the operator gave (checked per network: decision 121) and its completion time.
 */

const HOUR_MS = 60 * 60 * 1000;
const clock = new ManualClock(new Date("2026-03-02T10:00:00Z"));
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const DEPOSIT_HASH = "a".repeat(64);
const PAYOUT_HASH = "4f5e6d7c".repeat(8);

let t: TestApp;
let sink: SmtpSink;
let port: number;
let alice: SignedUpUser;
let bob: SignedUpUser;
let aliceSocket: LiveClient;
let bobSocket: LiveClient;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ config: { smtpUrl: sink.url }, clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
  alice = await signUp(t, undefined, sink);
  bob = await signUp(t, undefined, sink);
  aliceSocket = await LiveClient.open(port);
  bobSocket = await LiveClient.open(port);
  expect(await aliceSocket.auth(alice.token)).toBe(true);
  expect(await bobSocket.auth(bob.token)).toBe(true);
}, 120_000);

afterAll(async () => {
  aliceSocket?.close();
  bobSocket?.close();
  await t?.close();
  await sink?.close();
});

/** The mail's text part as a reader sees it (quoted-printable undone). */
const textOf = (mail: ReceivedMail) =>
  Buffer.from(
    mail.raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** Bob's socket heard nothing of Alice's money: every frame sent before the pong has arrived, and none is an event. */
async function bobHeardNothing() {
  await bobSocket.settle();
  expect(bobSocket.topics()).toEqual([]);
}

describe("live money state", () => {
  it("tells the depositor's sockets of a deposit submitted and credited, and mails the credit in their language and zone", async () => {
    const proof = await upload(t, alice, { data: tinyPng() });
    const channel = (await t.api("listDepositChannels", { as: alice })).items.find((c) => c.currency === "USDT")!;
    const from = aliceSocket.topics().length;
    // The request's language and the browser's zone are what later mails are written in.
    const submitted = await t.send("submitDeposit", {
      as: alice,
      headers: { lang: "ja", tz: "Asia/Tokyo" },
      body: { channel_id: channel.id, amount: "250", txid: DEPOSIT_HASH, images: [proof.body.data!.id] },
    });
    expect(submitted.body.code, submitted.body.msg).toBe(1);
    await aliceSocket.waitForTopics(from, "deposits");

    const op = await t.operatorToken();
    const afterSubmit = aliceSocket.topics().length;
    const reviewed = await t.send("adminRechargeReview", {
      as: op,
      body: { id: submitted.body.data!.id, action: "complete" },
    });
    expect(reviewed.body.code, reviewed.body.msg).toBe(1);
    await aliceSocket.waitForTopics(afterSubmit, "deposits", "balances");
    // The event left after the commit: the balance read now is the credited one.
    expect(await balanceOf(t, alice, "USDT")).toEqual({ available: "250", frozen: "0" });
    await bobHeardNothing();

    const mail = await sink.nextMail(alice.email, { subject: /入金/ });
    expect(mail.subject).toBe("250.00 USDT の入金が反映されました");
    const text = textOf(mail);
    expect(text).toContain(`トランザクション：${DEPOSIT_HASH}`);
    expect(text).toContain(`https://tronscan.org/#/transaction/${DEPOSIT_HASH}`);
    // 10:00 UTC is 19:00 in Tokyo.
    expect(text).toContain("日時：2026/03/02 19:00 JST");
  });

  it("tells the owner's sockets of a withdrawal requested and completed with a hash; the completion says how and when", async () => {
    await savedAddress(t, alice, { address: TRON_ADDRESS });
    clock.advance(24 * HOUR_MS);
    await t.api("sendEmailCode", { body: { email: alice.email, event: "withdraw" } });
    const code = await sink.nextCode(alice.email);
    const from = aliceSocket.topics().length;
    const requested = await t.send("requestWithdrawal", {
      as: alice,
      headers: { lang: "de", tz: "Europe/Berlin" },
      body: { currency: "USDT", network: "TRC20", address: TRON_ADDRESS, amount: "20", code },
    });
    expect(requested.body.code, requested.body.msg).toBe(1);
    await aliceSocket.waitForTopics(from, "withdrawals", "balances");
    expect(requested.body.data).toMatchObject({ status: "pending", completed_at: null });
    const id = requested.body.data!.id;

    // The hash is checked against the network's format (TRON: 64 hex digits, no 0x); a refusal changes nothing.
    const op = await t.operatorToken();
    const complete = (tx_hash?: string) =>
      t.send("adminWithdrawReview", { as: op, body: { id, action: "complete", ...(tx_hash ? { tx_hash } : {}) } });
    expect((await complete(`0x${PAYOUT_HASH}`)).body).toEqual({ code: 0, msg: "This is not a TRC20 transaction hash" });
    expect((await complete("not a hash")).body.code).toBe(0);
    expect((await t.api("listWithdrawals", { as: alice })).items[0]).toMatchObject({ id, status: "pending" });

    const afterRequest = aliceSocket.topics().length;
    clock.advance(HOUR_MS);
    const done = await complete(PAYOUT_HASH);
    expect(done.body.code, done.body.msg).toBe(1);
    await aliceSocket.waitForTopics(afterRequest, "withdrawals", "balances");
    await bobHeardNothing();

    // What the owner's withdrawal log shows: the hash, its explorer page, and when it was completed.
    const [row] = (await t.api("listWithdrawals", { as: alice })).items;
    expect(row).toMatchObject({
      id,
      status: "completed",
      tx_hash: PAYOUT_HASH,
      explorer_url: `https://tronscan.org/#/transaction/${PAYOUT_HASH}`,
      completed_at: "2026-03-03T11:00:00.000Z",
    });
    expect(await balanceOf(t, alice, "USDT")).toEqual({ available: "229", frozen: "0" });

    // Mailed in German (the withdrawal request's language), at Berlin's time: 11:00 UTC is 12:00 CET.
    const mail = await sink.nextMail(alice.email, { subject: /Auszahlung/ });
    expect(mail.subject).toBe("Deine Auszahlung von 20,00 USDT ist abgeschlossen");
    const text = textOf(mail);
    expect(text).toContain(`Transaktion: ${PAYOUT_HASH}`);
    expect(text).toContain(`An: ${TRON_ADDRESS}`);
    expect(text).toContain("Zeit: 03.03.2026, 12:00 MEZ");
  });
});
