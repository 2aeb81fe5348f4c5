import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { calls, MAX_ACTIVE_PRICE_ALERTS, MAX_WITHDRAW_ADDRESSES } from "@cryptos/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { deposits, priceAlerts, uploads, withdrawAddresses } from "../src/db/schema";
import { filesUnder, multipart, tinyPng, upload } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

/**
 * Issue #20 item 5: per-user limits hold when the requests arrive all at once, on several connections and on two
 * server instances sharing one database (no counter lives in a process's memory).
 */

let t: TestApp;
/** A second instance of the server on the same database: its own services, caches and event loop. */
let second: FastifyInstance;
let root: string;
let dataDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cryptos-limits-"));
  dataDir = path.join(root, "data");
  await mkdir(dataDir);
  t = await startTestApp({ config: { dataDir } });
  second = await buildApp({ config: t.config, database: t.database, logger: false, rateLimitPerMinute: 1_000_000 });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

/** Requests alternate between the two instances. */
const instance = (i: number) => (i % 2 === 0 ? t.app : second);

function parallelUploads(user: SignedUpUser, files: Buffer[]) {
  return Promise.all(
    files.map(async (data, i) => {
      const { payload, headers } = multipart([{ data }]);
      const res = await instance(i).inject({
        method: "POST",
        url: "/api/common/upload",
        payload,
        headers: { ...user.headers, ...headers },
      });
      return { status: res.statusCode, body: res.json() as { code: number; msg: string; data?: { id: number } } };
    }),
  );
}

describe("uploads per hour under concurrency", () => {
  it("accepts exactly 30 of 40 simultaneous uploads by one user, across two instances", async () => {
    const user = await signUp(t);
    const answers = await parallelUploads(
      user,
      Array.from({ length: 40 }, () => tinyPng()),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(30);
    for (const a of answers.filter((x) => x.body.code !== 1)) {
      expect(a.body).toMatchObject({
        code: 0,
        msg: "You can upload at most 30 images per hour; please try again later",
      });
    }
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.userId, user.userId));
    expect(rows).toHaveLength(30);
    const stored = new Set(rows.map((r) => `uploads/${r.file}`));
    const files = (await filesUnder(dataDir)).filter((f) => stored.has(f));
    expect(files).toHaveLength(30);
  });

  it("gives back the slot of an upload that fails, and stores nothing for it", async () => {
    const user = await signUp(t);
    const broken = Buffer.concat([tinyPng().subarray(0, 40), Buffer.alloc(40)]);
    const refused = await parallelUploads(
      user,
      Array.from({ length: 5 }, () => broken),
    );
    expect(refused.every((a) => a.body.code === 0)).toBe(true);
    const before = (await filesUnder(dataDir)).length;
    const answers = await parallelUploads(
      user,
      Array.from({ length: 31 }, () => tinyPng()),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(30);
    expect((await filesUnder(dataDir)).length).toBe(before + 30);
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.userId, user.userId));
    expect(rows).toHaveLength(30);
  });

  it("never hands out or accepts an upload whose image is still being checked", async () => {
    const user = await signUp(t);
    const done = await upload(t, user, { data: tinyPng() });
    expect(done.body.code, done.body.msg).toBe(1);
    // A reserved slot as `store` leaves it while the image is re-encoded: no extension, nothing on disk yet.
    const [reserved] = await t.database.db
      .insert(uploads)
      .values({
        userId: user.userId,
        file: "0123456789abcdef0123456789abcdef",
        mime: "",
        size: 0,
        sha256: "",
        signKey: "k",
        createdAt: new Date(),
      })
      .returning();
    const channel = (await t.api("listDepositChannels", { as: user })).items[0]!;
    const res = await t.send("submitDeposit", {
      as: user,
      body: { channel_id: channel.id, amount: "10", images: [reserved!.id] },
    });
    expect(res.body).toMatchObject({ code: 0, msg: `Image ${reserved!.id} was not found; please upload it again` });
  });
});

describe("pending deposits under concurrency", () => {
  it("leaves exactly 20 pending of 60 simultaneous deposits by one user, across two instances", async () => {
    const user = await signUp(t);
    const proof = await upload(t, user, { data: tinyPng() });
    expect(proof.body.code, proof.body.msg).toBe(1);
    const channel = (await t.api("listDepositChannels", { as: user })).items[0]!;
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const res = await instance(i).inject({
          method: "POST",
          url: "/api/index/dorecharge",
          headers: user.headers,
          payload: { channel_id: channel.id, amount: "10", images: [proof.body.data!.id] },
        });
        return { status: res.statusCode, body: res.json() as { code: number; msg: string } };
      }),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(20);
    for (const a of answers.filter((x) => x.body.code !== 1)) {
      expect(a.body).toMatchObject({
        code: 0,
        msg: "You already have 20 deposits waiting for review; please wait for them",
      });
    }
    const pending = await t.database.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, user.userId), eq(deposits.status, "pending")));
    expect(pending).toHaveLength(20);
  });
});

/** `n` simultaneous POSTs of `bodies[i]` to `url`, alternating between the two instances. */
function parallelCalls(user: SignedUpUser, url: string, bodies: Record<string, unknown>[]) {
  return Promise.all(
    bodies.map(async (payload, i) => {
      const res = await instance(i).inject({ method: "POST", url, headers: user.headers, payload });
      return { status: res.statusCode, body: res.json() as { code: number; msg: string } };
    }),
  );
}

describe("other per-user limits under concurrency", () => {
  it("keeps the address book at its size when many addresses are saved at once", async () => {
    const user = await signUp(t);
    const answers = await parallelCalls(
      user,
      calls.withdrawAddressAdd.path,
      Array.from({ length: MAX_WITHDRAW_ADDRESSES + 10 }, (_, i) => ({
        currency: "USDT",
        network: "ERC20",
        address: `0x${randomBytes(20).toString("hex")}`,
        label: `Wallet ${i}`,
      })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(MAX_WITHDRAW_ADDRESSES);
    const rows = await t.database.db.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, user.userId));
    expect(rows).toHaveLength(MAX_WITHDRAW_ADDRESSES);
  });

  it("keeps at most 20 active price alerts when many are added at once", async () => {
    const pairs = await t.app.services.market.listPairs(1);
    const btc = pairs.find((p) => p.symbol === "BTC/USDT")!;
    await t.app.services.market.recordQuotes([{ pairId: btc.id, price: "60000" }]);
    const user = await signUp(t);
    const answers = await parallelCalls(
      user,
      calls.priceAlertAdd.path,
      Array.from({ length: MAX_ACTIVE_PRICE_ALERTS + 10 }, (_, i) => ({
        productid: btc.id,
        direction: "above",
        price: String(70000 + i),
      })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(MAX_ACTIVE_PRICE_ALERTS);
    const rows = await t.database.db.select().from(priceAlerts).where(eq(priceAlerts.userId, user.userId));
    expect(rows).toHaveLength(MAX_ACTIVE_PRICE_ALERTS);
  });
});
