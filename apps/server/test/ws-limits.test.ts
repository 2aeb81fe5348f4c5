import type { IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WS_PATH, type WsServerMessage } from "@cryptos/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { startTestApp, type TestApp } from "./helper";

/**
 * Issue 38, item 3: the limits of `/ws`, over real sockets against a listening app. Sockets per client address and
 * in all are capped, and a socket over a cap is refused before the upgrade (no file descriptor is kept); every
 * reply goes through the per-socket queue cap, so a client that never reads cannot grow the server's memory; every
 * message counts against a per-address budget, and a flood is closed with 1008. A second loopback address
 * (127.0.0.2, …) plays a second client address: Linux routes the whole 127.0.0.0/8 to lo.
 */

/** The queue cap of live.ts: what the server lets pile up unsent for one socket. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Refused {
  status: number;
  body: { code: number; msg: string };
}

/** A `/ws` client from `from` that records what it gets and how it closed. */
class Client {
  readonly received: WsServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.received.push(JSON.parse(data.toString()) as WsServerMessage);
      this.wake();
    });
    socket.on("error", () => {});
    this.closed = new Promise((resolve) =>
      socket.once("close", (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      }),
    );
  }

  private wake() {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Opens a socket from `from`; answers the client, or the HTTP answer that refused the upgrade. */
  static connect(port: number, from: string, lang = "en"): Promise<Client | Refused> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}?lang=${lang}`, { localAddress: from });
    const client = new Client(socket);
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(client));
      socket.once("unexpected-response", (_request, response: IncomingMessage) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }));
        response.on("error", reject);
      });
      socket.once("error", reject);
    });
  }

  static async open(port: number, from: string, lang?: string): Promise<Client> {
    const client = await Client.connect(port, from, lang);
    if (!(client instanceof Client)) throw new Error(`refused with ${client.status}`);
    return client;
  }

  /** Waits until `test` holds or the socket closed; answers whether it holds. */
  async waitFor(test: () => boolean): Promise<boolean> {
    while (!test() && this.socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return test();
  }

  /** Sends a ping and answers whether the pong came (false: the socket closed first). */
  async answersPing(): Promise<boolean> {
    const pongs = () => this.received.filter((m) => m.type === "pong").length;
    const before = pongs();
    this.socket.send(JSON.stringify({ op: "ping" }));
    return this.waitFor(() => pongs() > before);
  }

  async close() {
    this.socket.close();
    await this.closed;
  }
}

const isRefused = (answer: Client | Refused): answer is Refused => !(answer instanceof Client);

/** The TCP connections a listening app holds. */
const openConnections = (app: TestApp["app"]) =>
  new Promise<number>((resolve, reject) =>
    app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** Lets `app` listen on 127.0.0.1 and answers its port. */
async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return (t.app.server.address() as AddressInfo).port;
}

describe("with per-address limits on", () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp({
      config: {
        perIpLimits: true,
        wsMaxPerAddress: 3,
        wsMaxTotal: 5,
        wsMessagesPerSecond: 1,
        wsMessageBurst: 20,
      },
    });
    port = await listen(t);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("refuses sockets over the per-address cap before the upgrade, while another address is served, up to the total", async () => {
    const first = await Promise.all([1, 2, 3].map(() => Client.open(port, "127.0.0.1")));

    const overAddress = await Client.connect(port, "127.0.0.1", "de");
    expect(isRefused(overAddress) && overAddress.status).toBe(429);
    expect((overAddress as Refused).body).toEqual({ code: 0, msg: expect.stringMatching(/Verbindungen/) });

    // Another address is still served, up to the total of five.
    const second = await Promise.all([1, 2].map(() => Client.open(port, "127.0.0.2")));
    for (const client of second) expect(await client.answersPing()).toBe(true);
    for (const client of first) expect(await client.answersPing()).toBe(true);

    const overTotal = await Client.connect(port, "127.0.0.2");
    expect(isRefused(overTotal) && overTotal.status).toBe(503);
    expect((overTotal as Refused).body.code).toBe(0);

    // A refused upgrade keeps no connection: the server holds the five sockets it took, nothing else.
    await vi.waitFor(async () => expect(await openConnections(t.app)).toBe(5), { timeout: 10_000, interval: 20 });

    // A socket that closes gives its place back.
    await first[0]!.close();
    await vi.waitFor(async () => expect(await openConnections(t.app)).toBe(4), { timeout: 10_000, interval: 20 });
    const again = await Client.open(port, "127.0.0.1");
    expect(await again.answersPing()).toBe(true);

    await Promise.all([again, ...first.slice(1), ...second].map((client) => client.close()));
    await vi.waitFor(async () => expect(await openConnections(t.app)).toBe(0), { timeout: 10_000, interval: 20 });
  });

  it("closes a socket flooding `auth` with 1008 once its address's budget is spent; other addresses keep working", async () => {
    const bystander = await Client.open(port, "127.0.0.4");
    const flooder = await Client.open(port, "127.0.0.3", "fr");
    for (let i = 0; i < 200; i++) flooder.socket.send(JSON.stringify({ op: "auth", token: `not-a-session-${i}` }));
    // A ping after the flood: today's server answers it; a server with a budget has closed the socket by then.
    const answered = await flooder.answersPing();
    expect(answered).toBe(false);
    const closed = await flooder.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toBe("too many messages");
    // It was told why in its language, just before the close.
    const errors = flooder.received.filter((m) => m.type === "error");
    expect(errors.at(-1)).toEqual({ type: "error", msg: expect.stringMatching(/messages/) });
    // Fewer `auth` answers than the budget's burst: the rest were never looked up.
    expect(flooder.received.filter((m) => m.type === "authed").length).toBeLessThanOrEqual(20);

    expect(await bystander.answersPing()).toBe(true);
    bystander.socket.send(JSON.stringify({ op: "auth", token: null }));
    expect(await bystander.waitFor(() => bystander.received.some((m) => m.type === "authed"))).toBe(true);
    await bystander.close();
  });
});

describe("with per-address limits off (PER_IP_LIMITS=off)", () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp({ config: { perIpLimits: false, wsMaxPerAddress: 2, wsMaxTotal: 100 } });
    port = await listen(t);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("lets one address open more sockets than the per-address cap", async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => Client.open(port, "127.0.0.1")));
    for (const client of clients) expect(await client.answersPing()).toBe(true);
    await Promise.all(clients.map((client) => client.close()));
  });

  it("drops a socket that never reads while it sends bad frames, before its replies pass the queue cap", async () => {
    // The server's end of the next connection: what Node holds unsent for it (writableLength) is the socket's
    // queue (ws's bufferedAmount without compression). Its reads are seen before ws handles them, so each read
    // sees the queue as the server's replies to everything before it left it.
    let server: Socket | undefined;
    let mostQueued = 0;
    const waiters: (() => void)[] = [];
    const wake = () => {
      for (const resolve of waiters.splice(0)) resolve();
    };
    const note = () => {
      if (server && !server.destroyed) mostQueued = Math.max(mostQueued, server.writableLength);
    };
    t.app.server.prependOnceListener("upgrade", (_request: IncomingMessage, socket: Socket) => {
      server = socket;
      socket.on("data", () => {
        note();
        wake();
      });
      socket.on("close", wake);
    });
    const client = await Client.open(port, "127.0.0.1", "ja");
    expect(server).toBeDefined();
    const ours = server!;
    // The client stops reading: the server's replies fill the kernel's buffers, then the server's own queue.
    const clientSocket = (client.socket as unknown as { _socket: Socket })._socket;
    clientSocket.pause();

    // Tiny frames that each draw a reply: bad JSON (an `error`) and `ping` (a `pong`), in rounds; each round waits
    // until the server has read (and so handled) everything sent.
    const CHUNK = 2_000;
    let frames = 0;
    for (let round = 0; round < 400 && !ours.destroyed; round++) {
      for (let i = 0; i < CHUNK; i++) client.socket.send(i % 10 ? "x" : '{"op":"ping"}');
      frames += CHUNK;
      const sent = clientSocket.bytesWritten;
      while (ours.bytesRead < sent && !ours.destroyed) await new Promise<void>((resolve) => waiters.push(resolve));
      note();
      // Today's server queues without bound: stop once it is well past the cap.
      if (mostQueued > 4 * MAX_BUFFERED_BYTES) break;
    }
    console.log(
      `ws limits: ${frames} frames sent, ${(ours.bytesRead / 1024).toFixed(0)} KB read; ` +
        `most held unsent ${(mostQueued / 1024).toFixed(0)} KB`,
    );
    expect(mostQueued, "bytes held unsent for the socket").toBeLessThanOrEqual(MAX_BUFFERED_BYTES);
    expect(ours.destroyed, "the server dropped the socket").toBe(true);
    client.socket.terminate();
  }, 60_000);
});
