import http from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { calls, WS_PATH, wsServerMessage } from "@cryptos/contract";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { Database } from "../src/db/client";
import { seedDatabase } from "../src/seed";
import { openTestDatabase, testDbKind } from "./helper";

/**
 * Fuzzes `/ws` (contract ws.ts) over real sockets on 127.0.0.1: malformed JSON, any JSON, messages near the
 * protocol with wrong types and unknown ops, deep nesting, binary frames, frames over the size limit, invalid
 * UTF-8, floods of messages on one connection, and many connections opening and closing (some before the upgrade
 * is done). Throughout, the server must not crash, log nothing at error level, answer HTTP (health, listPairs)
 * with 200, keep sending ticks to a well-behaved socket, answer every frame it can read with a message of the
 * contract, and close only the connections that broke the protocol (with the WebSocket close code for it). After
 * the rounds, every connection it held is gone and its heap (after a full GC) has not grown past a generous bound.
 * FUZZ_SEED and WS_FUZZ_ROUNDS replay or widen a run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const ROUNDS = Number(process.env.WS_FUZZ_ROUNDS ?? 6);
/** Connections per round that each send a generated sequence of frames. */
const FUZZERS = 12;
/** Frames one connection sends back to back, in one round. */
const FLOOD = 1_500;
/** Connections per round that open and close (or drop) at once. */
const CHURN = 150;
/** The server's limit on a client frame (live.ts). */
const MAX_FRAME = 16 * 1024;
const MB = 1024 * 1024;

/** A frame to send, and the close code it must draw when the server cannot read it (ws: 1009 too big, 1007 bad UTF-8). */
interface Frame {
  data: string | Buffer;
  binary: boolean;
  fatal?: 1007 | 1009;
}

const text = (data: string): Frame => ({ data, binary: false });

const nearProtocol = fc
  .record(
    {
      op: fc.oneof(
        fc.constantFrom("subscribe", "unsubscribe", "ping", "auth", "Subscribe", "", "__proto__"),
        fc.integer(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 2 }),
      ),
      pairs: fc.oneof(
        fc.array(fc.integer({ min: -5, max: 400 }), { maxLength: 260 }),
        fc.array(fc.oneof(fc.double(), fc.string(), fc.constant(null)), { maxLength: 5 }),
        fc.string(),
        fc.constant(null),
        fc.dictionary(fc.string(), fc.integer(), { maxKeys: 3 }),
      ),
      token: fc.oneof(fc.string({ maxLength: 600 }), fc.constant(null), fc.integer(), fc.constant({})),
      extra: fc.jsonValue({ maxDepth: 2 }),
    },
    { requiredKeys: [] },
  )
  .map((message) => text(JSON.stringify(message)));

const frameArbitrary: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 300 }).map(text) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 200 }).map(text) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => text(JSON.stringify(value) ?? "null")) },
  { weight: 6, arbitrary: nearProtocol },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 8_000 }).map((depth) => text(`${"[".repeat(depth)}${"]".repeat(depth)}`)),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 2_500 }).map((depth) => text(`${'{"op":'.repeat(depth)}1`)),
  },
  {
    weight: 3,
    arbitrary: fc.uint8Array({ maxLength: 2_048 }).map((bytes) => ({ data: Buffer.from(bytes), binary: true })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ size: fc.integer({ min: MAX_FRAME + 1, max: 48 * 1024 }), binary: fc.boolean() })
      .map(
        ({ size, binary }): Frame => ({ data: binary ? Buffer.alloc(size, 7) : "x".repeat(size), binary, fatal: 1009 }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constant<Frame>({ data: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), binary: false, fatal: 1007 }),
  },
);

/** A connection's frames: mostly readable, sometimes one the server must refuse. */
const sequenceArbitrary = fc.array(frameArbitrary, { minLength: 1, maxLength: 40 });

let app: FastifyInstance;
let database: Database;
let port: number;
const lines: string[] = [];

const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg?: string; [key: string]: unknown });
const errorLines = () => logged().filter((line) => line.level >= 50);
const socketWarnings = () => logged().filter((line) => line.level === 40 && /websocket/i.test(line.msg ?? ""));

/** A socket to `/ws` that checks every frame it gets against the contract and remembers how it closed. */
class Probe {
  readonly received: unknown[] = [];
  readonly badFrames: string[] = [];
  readonly closed: Promise<number>;
  private readonly waiters: (() => void)[] = [];

  constructor(readonly socket: WebSocket) {
    socket.on("message", (data, isBinary) => {
      const raw = data.toString();
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
      if (isBinary || !wsServerMessage.safeParse(parsed).success) this.badFrames.push(raw.slice(0, 200));
      this.received.push(parsed);
      for (const wake of this.waiters.splice(0)) wake();
    });
    // Writes after the server closed may fail; that is the client's business, not a finding.
    socket.on("error", () => {});
    this.closed = new Promise((resolve) => socket.once("close", (code) => resolve(code)));
    void this.closed.then(() => {
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(): Promise<Probe> {
    const probe = new Probe(new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`));
    await new Promise((resolve, reject) => probe.socket.once("open", resolve).once("error", reject));
    return probe;
  }

  get open() {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Waits until `test` holds or the socket closed; answers whether it holds. */
  async waitFor(test: () => boolean): Promise<boolean> {
    while (!test() && this.socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return test();
  }

  /** A pong after everything sent so far: the server read all of it and still answers this connection. */
  async answersPing(): Promise<boolean> {
    const pongs = () => this.received.filter((m) => (m as { type?: unknown })?.type === "pong").length;
    const before = pongs();
    this.socket.send(JSON.stringify({ op: "ping" }));
    return this.waitFor(() => pongs() > before);
  }
}

/** Sends a generated sequence on a fresh connection and checks how the server took it. */
async function fuzzConnection(frames: Frame[]): Promise<{ fatal: boolean }> {
  const probe = await Probe.open();
  const fatal = frames.find((frame) => frame.fatal)?.fatal;
  for (const frame of frames) {
    if (!probe.open) break;
    probe.socket.send(frame.data, { binary: frame.binary });
  }
  if (fatal) {
    expect(await probe.closed, `close code after a frame the server cannot read (${fatal})`).toBe(fatal);
  } else {
    expect(await probe.answersPing(), "the connection still answers after its frames").toBe(true);
    probe.socket.close();
    await probe.closed;
  }
  expect(probe.badFrames, "every server frame is a message of the contract").toEqual([]);
  return { fatal: fatal !== undefined };
}

/** One connection floods the server with frames it can read, and still gets an answer to the last one. */
async function floodConnection(frames: Frame[]) {
  const probe = await Probe.open();
  for (let i = 0; i < FLOOD; i++) {
    const frame = frames[i % frames.length]!;
    probe.socket.send(frame.data, { binary: frame.binary });
  }
  expect(await probe.answersPing(), "a flooded connection still answers").toBe(true);
  expect(probe.badFrames).toEqual([]);
  probe.socket.close();
  await probe.closed;
}

/** Connections that open and go at once: closed, dropped, dropped before the upgrade finished, or half-used. */
async function churn(kinds: number[]) {
  await Promise.all(
    kinds.map(async (kind) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`);
      socket.on("error", () => {});
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      if (kind === 0) {
        // Gone before the server answered the upgrade.
        setImmediate(() => socket.terminate());
        await closed;
        return;
      }
      await new Promise<void>((resolve) => socket.once("open", () => resolve()).once("close", () => resolve()));
      if (kind === 1) socket.close();
      else if (kind === 2) socket.terminate();
      else {
        socket.send(JSON.stringify({ op: "subscribe", pairs: [1, 2, 3] }));
        socket.send(JSON.stringify({ op: "auth", token: "not-a-session" }));
        if (kind === 3) socket.close();
        else socket.terminate();
      }
      await closed;
    }),
  );
}

/** A GET over real HTTP on its own connection, closed after the answer (so open connections count sockets only). */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** GETs while the sockets are busy: never a 5xx, and the envelope says yes. */
async function httpAnswers() {
  for (const path of [calls.health.path, `${calls.listPairs.path}?product_type=1`]) {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    expect((JSON.parse(response.body) as { code: number }).code, path).toBe(1);
  }
}

/** The TCP connections the server holds: after the upgrade, a WebSocket's stays counted until it closes. */
const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** A full garbage collection, when this Node lets a running process ask for one (v8 flag + a fresh context). */
function collector(): (() => void) | null {
  try {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as unknown;
    return typeof gc === "function" ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

function heapAfterGc(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatabase(database);
  // Warnings and errors of the app, captured: clients must not be able to write error lines or stacks.
  const config = loadConfig({ LOG_LEVEL: "warn" }, { webDist: undefined, perIpLimits: false });
  app = await buildApp({
    config,
    database,
    rateLimitPerMinute: 1_000_000,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("a frame over the size limit", () => {
  it("closes that connection with 1009 and logs one short warning for it, not an error with a stack", async () => {
    const before = lines.length;
    const probe = await Probe.open();
    for (let i = 0; i < 3; i++) probe.socket.send("x".repeat(MAX_FRAME + 1 + i));
    expect(await probe.closed).toBe(1009);
    await httpAnswers();

    const mine = logged().slice(before);
    expect(mine.filter((line) => line.level >= 50)).toEqual([]);
    const warnings = mine.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH" });
    expect(JSON.stringify(warnings[0])).not.toMatch(/stack|\bat .+\(.+:\d+:\d+\)/);
  });
});

describe("WebSocket fuzzing", () => {
  it(`survives ${ROUNDS} rounds of malformed, oversized, binary and flooding clients and connection churn`, async () => {
    const gc = collector();
    if (!gc) console.log("ws fuzz: this Node does not let the test run a GC; the memory check is skipped");
    const pairs = await app.services.market.listPairs(1);
    const watched = pairs[0]!;
    const watcher = await Probe.open();
    watcher.socket.send(JSON.stringify({ op: "subscribe", pairs: [watched.id] }));
    const ticksOf = (price: string) => () =>
      watcher.received.some(
        (m) =>
          (m as { type?: unknown }).type === "ticks" &&
          (m as { ticks: { pair: number; price: string }[] }).ticks.some(
            (tick) => tick.pair === watched.id && tick.price === price,
          ),
      );

    const warningsBefore = socketWarnings().length;
    let refused = 0;
    let frames = 0;
    const heap: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const seed = SEED + round;
      const sequences = fc.sample(sequenceArbitrary, { seed, numRuns: FUZZERS });
      const readable = fc.sample(frameArbitrary, { seed: seed + 1_000, numRuns: 200 }).filter((frame) => !frame.fatal);
      const kinds = fc.sample(fc.integer({ min: 0, max: 4 }), { seed: seed + 2_000, numRuns: CHURN });
      frames += sequences.reduce((sum, s) => sum + s.length, 0) + FLOOD;

      const results = await Promise.all([
        ...sequences.map((sequence) => fuzzConnection(sequence)),
        floodConnection(readable).then(() => ({ fatal: false })),
        churn(kinds).then(() => ({ fatal: false })),
        httpAnswers().then(() => ({ fatal: false })),
      ]);
      refused += results.filter((r) => r.fatal).length;

      // The well-behaved socket still gets the ticks of this round's batch, and HTTP still answers.
      const price = `${60_000 + round}.5`;
      await app.services.market.recordQuotes([{ pairId: watched.id, price }], new Date());
      expect(await watcher.waitFor(ticksOf(price)), `round ${round}: the watcher's tick`).toBe(true);
      await httpAnswers();
      if (gc) heap.push(heapAfterGc(gc));
    }

    // Every fuzzing connection is gone from the server; the watcher is all that is left.
    await vi.waitFor(async () => expect(await openConnections()).toBe(1), { timeout: 15_000, interval: 50 });
    expect(watcher.open).toBe(true);
    expect(watcher.badFrames).toEqual([]);
    expect(errorLines()).toEqual([]);
    // One short warning per connection the server had to refuse, none for the others.
    const warnings = socketWarnings().slice(warningsBefore);
    expect(warnings).toHaveLength(refused);
    for (const line of warnings) expect(JSON.stringify(line)).not.toMatch(/stack/);

    const growth = heap.length > 1 ? (heap.at(-1)! - heap[0]!) / MB : 0;
    console.log(
      `ws fuzz: seed ${SEED}, ${ROUNDS} rounds, ${frames} frames on ${ROUNDS * (FUZZERS + 1)} connections ` +
        `(${refused} refused), ${ROUNDS * CHURN} churned (${testDbKind()}); heap after GC per round: ` +
        (gc ? `${heap.map((h) => (h / MB).toFixed(1)).join(", ")} MB` : "not measured"),
    );
    // What a connection leaves behind when the hub forgets to drop it is about 5 KB (measured by leaving clients in
    // the hub: +4.8 to 5 MB over these rounds); a run without a leak grows 0.6 to 0.8 MB. The bound sits between:
    // 2 KB per connection that came and went.
    const connections = ROUNDS * (FUZZERS + 1 + CHURN);
    if (gc) expect(growth, `heap growth in MB over ${connections} connections`).toBeLessThan((2 * connections) / 1024);
    watcher.socket.close();
  }, 120_000);
});
