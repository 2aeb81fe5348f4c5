import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { tinyPng, upload } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

let t: TestApp;
let dataDir: string;
let op: string;
let operator: Record<string, string>;
const clock = new ManualClock(new Date("2026-03-02T10:00:00Z"));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-deposits-"));
  t = await startTestApp({ config: { dataDir }, clock });
  op = await t.operatorToken();
  operator = { authorization: `Bearer ${op}` };
});
afterEach(async () => {
  expect(await t.api("adminLedgerHealth", { as: op }), "ledger invariants").toMatchObject({ ok: true });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function usdtChannel(user: SignedUpUser) {
  const { items } = await t.api("listDepositChannels", { as: user });
  const channel = items.find((c) => c.currency === "USDT" && c.network === "TRC20");
  if (!channel) throw new Error("no USDT/TRC20 channel seeded");
  return channel;
}

async function submitDeposit(user: SignedUpUser, amount: string) {
  const proof = await upload(t, user, { data: tinyPng() });
  expect(proof.body.code, proof.body.msg).toBe(1);
  const channel = await usdtChannel(user);
  const res = await t.send("submitDeposit", {
    as: user,
    body: { channel_id: channel.id, amount, txid: "0xfeed", images: [proof.body.data!.id] },
  });
  expect(res.body.code, res.body.msg).toBe(1);
  return { deposit: res.body.data!, proof: proof.body.data! };
}

const review = (id: number, action: "complete" | "reject", reason?: string) =>
  t.send("adminRechargeReview", { as: op, body: { id, action, reason } });

async function usdt(user: SignedUpUser) {
  const info = await t.api("getUserInfo", { as: user });
  return info.users.balances.find((b) => b.currency === "USDT");
}

/** The user's newest personal message, opened as the message screen does. */
async function latestMessage(user: SignedUpUser) {
  const [first] = (await t.api("listMessages", { as: user, query: { cid: 3, page: 1, list: 1 } })).items;
  if (!first) return undefined;
  return t.api("readMessage", { as: user, query: { id: first.id } });
}

describe("deposits", () => {
  it("seeds the four demo channels", async () => {
    const user = await signUp(t);
    const { items } = await t.api("listDepositChannels", { as: user });
    const pairs = items.map((c) => `${c.currency}/${c.network}`);
    expect(pairs).toEqual(expect.arrayContaining(["USDT/TRC20", "USDT/ERC20", "BTC/Bitcoin", "ETH/ERC20"]));
  });

  it("marks the seeded burn-address channels demo, and a deposit to one keeps the mark (decision 008)", async () => {
    const user = await signUp(t);
    const { items } = await t.api("listDepositChannels", { as: user });
    for (const seeded of ["USDT/TRC20", "USDT/ERC20", "BTC/Bitcoin", "ETH/ERC20"]) {
      expect(items.find((c) => `${c.currency}/${c.network}` === seeded)?.demo).toBe(true);
    }
    const channel = await usdtChannel(user);
    const proof = await upload(t, user, { data: tinyPng() });
    const sent = await t.send("submitDeposit", {
      as: user,
      body: { channel_id: channel.id, amount: "10", images: [proof.body.data!.id] },
    });
    expect(sent.body).toMatchObject({ code: 1, data: { demo: true } });
  });

  it("takes a deposit with a real PNG proof; the operator completes it; balance, bill and message appear", async () => {
    const user = await signUp(t);
    const { deposit, proof } = await submitDeposit(user, "150.25");
    expect(deposit).toMatchObject({ currency: "USDT", network: "TRC20", amount: "150.25", status: "pending" });
    expect(deposit.images).toEqual([{ id: proof.id, url: expect.stringMatching(/^\/api\/common\/file\/\d+\?exp=/) }]);

    // The signed URL shows the re-encoded image without any token (as an <img> tag loads it).
    const image = await t.app.inject({ method: "GET", url: deposit.images[0]!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.subarray(0, 8)).toEqual(tinyPng().subarray(0, 8));

    const mine = await t.api("listDeposits", { as: user, query: { page: 1, list: 10 } });
    expect(mine).toMatchObject({ total: 1, items: [{ id: deposit.id, status: "pending" }] });
    // The user's shape is the contract's: who reviewed it is for the console only.
    expect(Object.keys(mine.items[0]!)).not.toContain("reviewed_by");
    expect((await usdt(user))?.available).toBe("0");

    const queue = await t.api("adminRechargeList", { as: op, body: { status: "pending", uid: user.userId } });
    expect(queue).toMatchObject({ total: 1, items: [{ id: deposit.id, user_id: user.userId }] });

    const done = await review(deposit.id, "complete");
    expect(done.body).toMatchObject({
      code: 1,
      data: { id: deposit.id, status: "completed", reviewed_by: expect.any(Number) },
    });
    expect(await usdt(user)).toEqual({ currency: "USDT", available: "150.25", frozen: "0", custody: "0" });

    const bills = await t.api("listBills", { as: user, query: { page: 1, list: 10 } });
    expect(bills).toMatchObject({
      total: 1,
      items: [
        { type: "deposit", currency: "USDT", amount: "150.25", balance_after: "150.25", ref: `deposit:${deposit.id}` },
      ],
    });
    expect(await latestMessage(user)).toMatchObject({
      title: "Deposit completed",
      body: expect.stringContaining("150.25 USDT"),
    });
    const audit = await t.api("adminAuditList", { as: op, body: { action: "deposit.complete" } });
    expect(audit.items.map((a) => a.target_id)).toContain(String(deposit.id));
  });

  it("rejects only with a reason, moves no money, and tells the user why", async () => {
    const user = await signUp(t);
    const { deposit } = await submitDeposit(user, "80");
    const noReason = await review(deposit.id, "reject");
    expect(noReason.body).toMatchObject({ code: 0, msg: "Please give a reason for the rejection" });
    const rejected = await review(deposit.id, "reject", "No matching transfer on chain");
    expect(rejected.body.data).toMatchObject({ status: "rejected", reason: "No matching transfer on chain" });
    expect(await usdt(user)).toEqual({ currency: "USDT", available: "0", frozen: "0", custody: "0" });
    expect(await latestMessage(user)).toMatchObject({
      title: "Deposit rejected",
      body: expect.stringContaining("No matching transfer on chain"),
    });
    // Reviewed is final: completing it now is refused.
    expect((await review(deposit.id, "complete")).body.code).toBe(0);
    expect((await usdt(user))?.available).toBe("0");
  });

  it("credits once when operators complete the same deposit at the same moment", async () => {
    const user = await signUp(t);
    const { deposit } = await submitDeposit(user, "42.5");
    const answers = await Promise.all(Array.from({ length: 8 }, () => review(deposit.id, "complete")));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 1)) {
      expect(a.body.msg).toBe(`Request ${deposit.id} has already been reviewed`);
    }
    expect((await usdt(user))?.available).toBe("42.5");
    const bills = await t.api("listBills", { as: user, query: { page: 1, list: 10 } });
    expect(bills.total).toBe(1);
  });

  it("refuses amounts beyond the currency's decimals, unknown channels and images that are not the caller's", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const channel = await usdtChannel(owner);
    const proof = await upload(t, owner, { data: tinyPng() });
    const id = proof.body.data!.id;
    const precise = await t.send("submitDeposit", {
      as: owner,
      body: { channel_id: channel.id, amount: "1.005", images: [id] },
    });
    expect(precise.body).toMatchObject({ code: 0, msg: "USDT amounts take at most 2 decimal places" });
    const stolen = await t.send("submitDeposit", {
      as: other,
      body: { channel_id: channel.id, amount: "10", images: [id] },
    });
    expect(stolen.body).toMatchObject({ code: 0, msg: `Image ${id} was not found; please upload it again` });
    const noChannel = await t.send("submitDeposit", {
      as: owner,
      body: { channel_id: 999_999, amount: "10", images: [id] },
    });
    expect(noChannel.body.code).toBe(0);
    const noImages = await t.send("submitDeposit", {
      as: owner,
      body: { channel_id: channel.id, amount: "10", images: [] },
    });
    expect(noImages.body.code).toBe(0);
  });

  it("shows a deposit and its proof only to its owner and operators", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const { deposit, proof } = await submitDeposit(owner, "12");
    const bare = `/api/common/file/${proof.id}`;
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

    expect((await get(bare, owner.headers)).statusCode).toBe(200);
    expect((await get(bare, operator)).statusCode).toBe(200);
    expect((await get(bare, other.headers)).statusCode).toBe(404);
    expect((await get(bare)).statusCode).toBe(404);
    expect((await get(`/api/common/file/${proof.id + 1000}`, owner.headers)).statusCode).toBe(404);
    const signed = deposit.images[0]!.url;
    const tampered = signed.replace(/sig=./, (m) => (m.endsWith("A") ? "sig=B" : "sig=A"));
    expect((await get(tampered)).statusCode).toBe(404);
    // Another upload's signature does not open this one.
    const otherProof = await upload(t, other, { data: tinyPng() });
    const borrowed = `${bare}?${otherProof.body.data!.url.split("?")[1]}`;
    expect((await get(borrowed)).statusCode).toBe(404);

    const theirs = await t.api("listDeposits", { as: other, query: { page: 1, list: 10 } });
    expect(theirs.items.map((d) => d.id)).not.toContain(deposit.id);
    // A user token is not an operator token.
    expect(
      (await t.send("adminRechargeReview", { as: other, body: { id: deposit.id, action: "complete" } })).status,
    ).toBe(401);

    // Signed URLs are short-lived.
    clock.advance(60 * 60 * 1000);
    expect((await get(signed)).statusCode).toBe(404);
    expect((await get(bare, owner.headers)).statusCode).toBe(200);
  });

  it("lets operators configure channels, checking the address for the network", async () => {
    const user = await signUp(t);
    const bad = await t.send("adminChannelsSave", {
      as: op,
      body: { currency: "ETH", network: "Arbitrum", address: "0x1234500000000000" },
    });
    expect(bad.body).toMatchObject({ code: 0, msg: "This is not a valid Arbitrum address" });
    const dup = await t.send("adminChannelsSave", {
      as: op,
      body: { currency: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    });
    expect(dup.body.code).toBe(0);
    const saved = await t.send("adminChannelsSave", {
      as: op,
      body: { currency: "ETH", network: "Arbitrum", address: "0x000000000000000000000000000000000000dEaD" },
    });
    expect(saved.body).toMatchObject({
      code: 1,
      data: { currency: "ETH", network: "Arbitrum", enabled: true, demo: false },
    });
    const id = saved.body.data!.id;
    const listed = async () => (await t.api("listDepositChannels", { as: user })).items.map((c) => c.id);
    expect(await listed()).toContain(id);
    await t.api("adminChannelsSave", {
      as: op,
      body: {
        id,
        currency: "ETH",
        network: "Arbitrum",
        address: "0x000000000000000000000000000000000000dEaD",
        enabled: false,
        demo: true,
      },
    });
    expect(await listed()).not.toContain(id);
    const all = await t.api("adminChannelsList", { as: op });
    expect(all.items).toContainEqual(expect.objectContaining({ id, enabled: false, demo: true }));
  });
});
