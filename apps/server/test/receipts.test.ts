import { execFile } from "node:child_process";
import { createHash, createPublicKey, verify } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ReceiptPayload, SettlementPayload, SignedRecord, UpDownOrder } from "@cryptos/contract";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { ManualClock } from "../src/lib/clock";
import { loadReceiptKey } from "../src/modules/updown/receipt-key";
import { type ContractClient, contractClient } from "./api-client";
import { fundUser } from "./fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

/**
 * Issue 43: every up/down order carries a receipt signed at acceptance and a settlement signed at settlement, and
 * the verifier checks each order against them. The operator's rewrite of the issue (server stopped, triggers off, a
 * winning order's exit tick moved below its entry, the chain re-linked with the database's own tick_hash(), the
 * order flipped to lost, its payout deleted, later balances fixed) passes the log's own checks, and fails on the
 * order's signed settlement.
 */
const clock = new ManualClock(Date.UTC(2026, 5, 1, 12, 0, 0));
const verifier = fileURLToPath(new URL("../../../scripts/verify.mjs", import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), "cryptos-receipts-"));
const keyFile = path.join(dataDir, "receipt-key.pem");

let t: TestApp;
/** The running server: the test app first, then each restart on the same database. */
let app: FastifyInstance;
let client: ContractClient;
let url = "";
let btc = 0;

async function listen(next: FastifyInstance) {
  app = next;
  client = contractClient(next);
  await next.listen({ port: 0, host: "127.0.0.1" });
  const address = next.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

/** Stops the server, runs `offline` on its database (as an operator with the data folder would), starts it again. */
async function restart(offline?: () => Promise<void>, keyFileNow = keyFile) {
  await app.close();
  await offline?.();
  const next = await buildApp({
    config: { ...t.config, receiptKeyFile: keyFileNow },
    database: t.database,
    logger: false,
    rateLimitPerMinute: 1_000_000,
    clock,
  });
  await next.ready();
  await listen(next);
}

beforeAll(async () => {
  t = await startTestApp({ clock, config: { dataDir, receiptKeyFile: keyFile } });
  await listen(t.app);
  btc = (await t.app.services.market.listPairs(1)).find((p) => p.symbol === "BTC/USDT")!.id;
});
afterAll(async () => {
  await app?.close();
  await t?.database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const services = () => app.services;
const record = (price: string, offsetMs: number) =>
  services().market.recordQuotes([{ pairId: btc, price }], new Date(clock.now().getTime() + offsetMs));

function runVerifier(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [verifier, "--url", url, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 99) : 0;
      resolve({ code, out: stdout + stderr });
    });
  });
}

async function place(user: SignedUpUser, direction: "up" | "down"): Promise<UpDownOrder> {
  const res = await client.send("placeUpDownOrder", {
    body: { productid: btc, direction, amount: "10", seconds: 30 },
    as: user,
  });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data!;
}

async function orderOf(user: SignedUpUser, id: number) {
  return (await client.send("getUpDownOrder", { body: { id }, as: user })).body.data!;
}

/** One tick a second for 35 s, each `step` above the one before; then settles what fell due. */
async function walk(from: number, step: number) {
  for (let i = 1; i <= 35; i++) await record(new Decimal(from).plus(step * i).toFixed(2), i * 1000);
  clock.advance(36_500);
  while ((await services().updown.settleDue()) > 0);
}

function checks(record: SignedRecord, publicKey: string) {
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey, "base64").toString("base64url") },
    format: "jwk",
  });
  return verify(null, Buffer.from(record.payload), key, Buffer.from(record.signature, "base64"));
}

let user: SignedUpUser;
let won: UpDownOrder;

describe("signed receipts and settlements", () => {
  it("keeps the receipt key in a file only the server's user may read, and publishes its public half", async () => {
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = await client.api("getReceiptKey");
    const raw = Buffer.from(key.public_key, "base64");
    expect(raw.length).toBe(32);
    expect(key.key_id).toBe(createHash("sha256").update(raw).digest("hex").slice(0, 16));
    expect(key.keys).toEqual([expect.objectContaining({ key_id: key.key_id, public_key: key.public_key })]);
    // A key file others may read stops the start, and its content is never quoted.
    const loose = path.join(dataDir, "loose.pem");
    writeFileSync(loose, "-----BEGIN PRIVATE KEY-----\n", { mode: 0o644 });
    chmodSync(loose, 0o644);
    expect(() => loadReceiptKey(loose)).toThrow(/readable by group or others/);
  });

  it("signs the order at acceptance, naming the pair's head, and its settlement from the ticks", async () => {
    user = await signUp(t);
    await fundUser(services().ledger, user.userId, "100");
    await record("97000", -200);
    const head = (await client.api("listTickHeads")).items.find((h) => h.productid === btc)!;
    const placed = await place(user, "up");
    const key = await client.api("getReceiptKey");
    expect(placed.receipt).not.toBeNull();
    expect(checks(placed.receipt!, key.public_key)).toBe(true);
    const receipt = JSON.parse(placed.receipt!.payload) as ReceiptPayload;
    expect(receipt).toEqual({
      type: "updown_receipt",
      key: key.key_id,
      id: placed.id,
      productid: btc,
      direction: "up",
      amount: "10",
      currency: "USDT",
      seconds: 30,
      rate: placed.payout_rate,
      accepted_at: placed.accepted_at,
      settle_at: placed.settle_at,
      after_tick: { id: head.id, hash: head.hash },
    });
    // A tick recorded after acceptance but dated before it is the entry: the rule is the log's order, not the clock's.
    const [late] = await record("96990", -100);
    await walk(96990, 1);
    won = await orderOf(user, placed.id);
    expect(won).toMatchObject({ status: "settled", result: "win", entry: { id: late!.id } });
    expect(won.receipt).toEqual(placed.receipt);
    expect(checks(won.settlement!, key.public_key)).toBe(true);
    const settlement = JSON.parse(won.settlement!.payload) as SettlementPayload;
    expect(settlement).toMatchObject({
      type: "updown_settlement",
      key: key.key_id,
      id: won.id,
      entry_tick: { id: late!.id, hash: late!.hash },
      exit_tick: { id: won.exit!.id },
      result: "win",
      payout: won.payout,
    });
    // orders.csv carries both records as signed.
    const csv = await app.inject({
      method: "GET",
      url: "/api/user/export/orders.csv",
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(csv.body.split("\r\n")[0]!.split(",")).toEqual(
      expect.arrayContaining(["receipt.payload", "receipt.signature", "settlement.payload", "settlement.signature"]),
    );
    expect(csv.body).toContain(`"${won.settlement!.payload.replaceAll('"', '""')}"`);
  });

  it("settles an order placed before receipts by its old rule, unsigned, and the verifier takes both", async () => {
    const old = await place(user, "down");
    await t.database.db.execute(
      sql`update updown_orders set after_tick_id = null, receipt_payload = null, receipt_signature = null
           where id = ${old.id}`,
    );
    await walk(97100, -1);
    const settled = await orderOf(user, old.id);
    expect(settled).toMatchObject({ status: "settled", result: "win", receipt: null, settlement: null });
    const run = await runVerifier([`--token=${user.token}`]);
    expect(run.out).toContain("All checks passed");
    expect(run.code).toBe(0);
  });

  it("passes the verifier after a plain restart: the key is the same and still published", async () => {
    const before = await client.api("getReceiptKey");
    await restart();
    expect((await client.api("getReceiptKey")).key_id).toBe(before.key_id);
    const run = await runVerifier([`--token=${user.token}`]);
    expect(run.out, run.out).toContain("All checks passed");
    expect(run.code).toBe(0);
  });

  it("fails the verifier, naming the order and the tick, after the operator's rewrite of the issue", async () => {
    const exitId = won.exit!.id;
    const payout = won.payout!;
    const lowered = new Decimal(won.entry!.price).minus(5).toFixed(2);
    await restart(async () => {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table ticks disable trigger ticks_append_only`);
        await tx.execute(sql`alter table updown_orders disable trigger updown_orders_final`);
        await tx.execute(sql`update ticks set price = ${lowered} where id = ${exitId}`);
        // Re-chain the pair's ticks from the moved one on, and its head, with the database's own tick_hash().
        await tx.execute(
          sql.raw(`DO $$
DECLARE r record; prev text;
BEGIN
  SELECT hash INTO prev FROM ticks WHERE pair_id = ${btc} AND id < ${exitId} ORDER BY id DESC LIMIT 1;
  FOR r IN SELECT id, price, at FROM ticks WHERE pair_id = ${btc} AND id >= ${exitId} ORDER BY id LOOP
    UPDATE ticks SET prev_hash = prev, hash = tick_hash(prev, ${btc}, r.id, r.price, r.at) WHERE id = r.id
    RETURNING hash INTO prev;
  END LOOP;
  UPDATE tick_heads SET hash = prev WHERE pair_id = ${btc};
END $$`),
        );
        await tx.execute(
          sql`update updown_orders set result = 'lose', payout = 0, exit_price = ${lowered} where id = ${won.id}`,
        );
        // The payout's entry goes, and every later balance_after of the user's account with it.
        const [posting] = (
          (await tx.execute(
            sql`select p.id, p.account_id from postings p join journal_entries j on j.id = p.entry_id
                 where j.idempotency_key = ${`updown:${won.id}:settle`} and p.balance_after is not null`,
          )) as unknown as { rows: { id: unknown; account_id: unknown }[] }
        ).rows;
        await tx.execute(sql`update postings set balance_after = balance_after - ${payout}
                              where account_id = ${Number(posting!.account_id)} and id > ${Number(posting!.id)}`);
        await tx.execute(
          sql`update ledger_accounts set balance = balance - ${payout} where id = ${Number(posting!.account_id)}`,
        );
        await tx.execute(sql`delete from postings where entry_id in
                               (select id from journal_entries where idempotency_key = ${`updown:${won.id}:settle`})`);
        await tx.execute(sql`delete from journal_entries where idempotency_key = ${`updown:${won.id}:settle`}`);
        await tx.execute(sql`alter table updown_orders enable trigger updown_orders_final`);
        await tx.execute(sql`alter table ticks enable trigger ticks_append_only`);
      });
    });
    const flipped = await orderOf(user, won.id);
    expect(flipped).toMatchObject({ result: "lose", payout: "0", settlement: won.settlement });
    // The log's own checks hold: the chain links, the order matches the rule, the balances their bills.
    expect((await services().ledger.health()).mismatchedAccounts).toBe(0);
    const run = await runVerifier([`--token=${user.token}`]);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(`order ${won.id}: exit tick ${exitId}: the log holds hash`);
    expect(run.out).toContain(`order ${won.id}: result lose, its signed settlement says win`);
    // Only the signed settlement catches it: the log alone agrees with the flipped order.
    expect(run.out).not.toContain("the log says");
    expect(run.out).not.toContain("does not link");
    expect(run.out).not.toContain("its hash does not match its content");
  });

  it("a rotated key signs new orders; the old one stays published and the old receipts still check", async () => {
    const before = await client.api("getReceiptKey");
    const rotated = path.join(dataDir, "rotated", "receipt-key.pem");
    await restart(undefined, rotated);
    const after = await client.api("getReceiptKey");
    expect(after.key_id).not.toBe(before.key_id);
    expect(after.keys.map((k) => k.key_id)).toEqual([before.key_id, after.key_id]);
    expect(after.keys[0]!.until).toBe(after.keys[1]!.from);
    const other = await signUp({ ...t, app, ...client });
    await fundUser(services().ledger, other.userId, "100");
    await record("97000", 0);
    const fresh = await place(other, "up");
    expect(JSON.parse(fresh.receipt!.payload).key).toBe(after.key_id);
    await walk(97000, 1);
    const run = await runVerifier([`--token=${other.token}`]);
    expect(run.out, run.out).toContain("All checks passed");
    // A published key cannot be taken back.
    await expect(t.database.db.execute(sql`delete from receipt_keys`)).rejects.toThrow();
  });
});
