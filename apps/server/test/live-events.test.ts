import type { AddressInfo } from "node:net";
import type { WsServerMessage } from "@cryptos/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/client";
import { POSTGRES_ADMIN_URL, startTestApp, type TestApp, testDbKind } from "./helper";
import { LiveClient } from "./live-client";
import { type SignedUpUser, signUp } from "./sign-up";

/**
 * The signed-in user's events over `/ws` (contract ws.ts): a socket that sent its session token hears that its
 * messages changed once the change is committed, and only then; other users' sockets hear nothing of it.
 */

let t: TestApp;
let port: number;
let operator: string;
let alice: SignedUpUser;
let bob: SignedUpUser;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function unread(user: SignedUpUser): Promise<number> {
  const res = await t.send("countUnreadMessages", { as: user });
  expect(res.body.code).toBe(1);
  return res.body.data!;
}

async function sendPersonal(to: SignedUpUser) {
  const res = await t.send("adminMessage", {
    as: operator,
    body: { uid: to.userId, title: "Hello", body: "A message from the operators." },
  });
  expect(res.body.code).toBe(1);
}

/** Another session of the same user, signed in with the password. */
async function secondSession(user: SignedUpUser): Promise<string> {
  const res = await t.send("login", { body: { type: 1, username: user.email, password: user.password } });
  expect(res.body.code).toBe(1);
  return res.body.data!.userinfo.token;
}

/** Waits for the socket's next `event` or `unauthed`, and answers which came first. */
async function nextEventOrUnauthed(socket: LiveClient, from: number): Promise<WsServerMessage> {
  const isAnswer = (m: WsServerMessage) => m.type === "event" || m.type === "unauthed";
  await socket.waitFor((r) => r.slice(from).some(isAnswer));
  return socket.received.slice(from).find(isAnswer)!;
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
  operator = await t.operatorToken();
  alice = await signUp(t);
  bob = await signUp(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("user events over WebSocket", () => {
  it("tells the addressee's sockets, after the message is committed, and no one else's", async () => {
    const aliceSocket = await LiveClient.open(port);
    const aliceSecondSocket = await LiveClient.open(port);
    const bobSocket = await LiveClient.open(port);
    expect(await aliceSocket.auth(alice.token)).toBe(true);
    expect(await aliceSecondSocket.auth(alice.token)).toBe(true);
    expect(await bobSocket.auth(bob.token)).toBe(true);
    const before = await unread(alice);

    await sendPersonal(alice);
    await aliceSocket.waitForEvents(1);
    await aliceSecondSocket.waitForEvents(1);
    expect(aliceSocket.received.at(-1)).toEqual({ type: "event", topic: "messages" });
    // The event left after the commit: reading the count now sees the new message.
    expect(await unread(alice)).toBe(before + 1);

    await bobSocket.settle();
    expect(bobSocket.events()).toBe(0);
    for (const socket of [aliceSocket, aliceSecondSocket, bobSocket]) socket.close();
  });

  it("sends nothing for a message whose transaction rolled back", async () => {
    const socket = await LiveClient.open(port);
    expect(await socket.auth(alice.token)).toBe(true);
    const before = await unread(alice);
    const messages = t.app.services.messages;
    const note = { title: "real_name_verified_title", body: "real_name_verified_body" } as const;

    await expect(
      t.database.db.transaction(async (tx) => {
        await messages.notify(tx, alice.userId, note);
        throw new Error("the action this message reports failed");
      }),
    ).rejects.toThrow("the action this message reports failed");
    // A committed message after it: its event is the first and only one, so the rolled-back one never went out.
    await t.database.db.transaction((tx) => messages.notify(tx, alice.userId, note));
    await socket.waitForEvents(1);
    await socket.settle();
    expect(socket.events()).toBe(1);
    expect(await unread(alice)).toBe(before + 1);
    socket.close();
  });

  it("tells every signed-in socket of an announcement, and no signed-out one", async () => {
    const aliceSocket = await LiveClient.open(port);
    const bobSocket = await LiveClient.open(port);
    const anonymous = await LiveClient.open(port);
    expect(await aliceSocket.auth(alice.token)).toBe(true);
    expect(await bobSocket.auth(bob.token)).toBe(true);
    const bobBefore = await unread(bob);

    const saved = await t.send("adminNewsSave", {
      as: operator,
      body: { cid: 1, title: { en: "Maintenance" }, body: { en: "<p>Tonight</p>" } },
    });
    expect(saved.body.code).toBe(1);
    await aliceSocket.waitForEvents(1);
    await bobSocket.waitForEvents(1);
    expect(await unread(bob)).toBe(bobBefore + 1);
    await anonymous.settle();
    expect(anonymous.events()).toBe(0);

    // A draft nobody can see yet changes no count and wakes nobody; publishing it does.
    const draft = await t.send("adminNewsSave", {
      as: operator,
      body: { cid: 2, title: { en: "Later" }, body: { en: "<p>Soon</p>" }, published: false },
    });
    expect(draft.body.code).toBe(1);
    const draftId = draft.body.data!.id;
    const published = await t.send("adminNewsSave", {
      as: operator,
      body: { id: draftId, cid: 2, title: { en: "Later" }, body: { en: "<p>Now</p>" }, published: true },
    });
    expect(published.body.code).toBe(1);
    await bobSocket.waitForEvents(2);
    await bobSocket.settle();
    expect(bobSocket.events()).toBe(2);
    for (const socket of [aliceSocket, bobSocket, anonymous]) socket.close();
  });

  it("answers signed_in false to a bad token, and stops a socket's events when it signs out", async () => {
    const socket = await LiveClient.open(port);
    expect(await socket.auth("not-a-session-token")).toBe(false);
    expect(await socket.auth(bob.token)).toBe(true);
    expect(await socket.auth(null)).toBe(false);

    // Signed out: a message to Bob reaches Bob's other socket, not this one.
    const bobSocket = await LiveClient.open(port);
    expect(await bobSocket.auth(bob.token)).toBe(true);
    await sendPersonal(bob);
    await bobSocket.waitForEvents(1);
    await socket.settle();
    expect(socket.events()).toBe(0);

    // A revoked session is refused like an unknown one.
    const logout = await t.send("logout", { as: bob });
    expect(logout.body.code).toBe(1);
    expect(await socket.auth(bob.token)).toBe(false);
    socket.close();
    bobSocket.close();
  });
});

describe("a socket whose session is revoked", () => {
  /**
   * Signs `user` in on a fresh socket with `revoked`, and on another with a session that stays; runs `revoke`; then
   * a message to the user: the live session's socket hears of it, the revoked one is told `unauthed` instead, and
   * hears nothing of a second message either.
   */
  async function revokedSocketHearsNothing(
    user: SignedUpUser,
    revoked: string,
    kept: string,
    revoke: () => Promise<void>,
  ) {
    const revokedSocket = await LiveClient.open(port);
    const keptSocket = await LiveClient.open(port);
    expect(await revokedSocket.auth(revoked)).toBe(true);
    expect(await keptSocket.auth(kept)).toBe(true);
    await revoke();

    const from = revokedSocket.received.length;
    await sendPersonal(user);
    await keptSocket.waitForEvents(1);
    expect(await nextEventOrUnauthed(revokedSocket, from)).toEqual({ type: "unauthed" });

    await sendPersonal(user);
    await keptSocket.waitForEvents(2);
    await revokedSocket.settle();
    expect(revokedSocket.events()).toBe(0);
    expect(revokedSocket.received.filter((m) => m.type === "unauthed")).toHaveLength(1);

    // The connection stays open for prices, and signs in again with a live session.
    expect(await revokedSocket.auth(kept)).toBe(true);
    await sendPersonal(user);
    await revokedSocket.waitForEvents(1);
    revokedSocket.close();
    keptSocket.close();
  }

  it("stops hearing the user's events after the session signs out (logout over HTTP)", async () => {
    const user = await signUp(t);
    const kept = await secondSession(user);
    await revokedSocketHearsNothing(user, user.token, kept, async () => {
      expect((await t.send("logout", { as: user })).body.code).toBe(1);
    });
  });

  it("stops hearing them after another session signs the others out", async () => {
    const user = await signUp(t);
    const kept = await secondSession(user);
    await revokedSocketHearsNothing(user, user.token, kept, async () => {
      const revoked = await t.send("revokeOtherSessions", {
        as: kept,
        body: { password: user.password },
      });
      expect(revoked.body.code).toBe(1);
    });
  });

  it("stops hearing them after the password is changed from another session", async () => {
    const user = await signUp(t);
    const kept = await secondSession(user);
    await revokedSocketHearsNothing(user, user.token, kept, async () => {
      const changed = await t.send("changePassword", {
        as: kept,
        body: { old_password: user.password, password: "another-password-2" },
      });
      expect(changed.body.code).toBe(1);
    });
  });
});

describe.runIf(testDbKind() === "postgres")("user events across instances on PostgreSQL", () => {
  let other: { app: FastifyInstance; database: Database; port: number } | undefined;
  const carol = () => signUp(t);

  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
  });

  it("reaches a socket of instance B for a message created through instance A", async () => {
    const [current] = await rows<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${current!.name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    const config = loadConfig({ LOG_LEVEL: "silent" }, { webDist: undefined, perIpLimits: false });
    const app = await buildApp({ config, database, logger: false, rateLimitPerMinute: 1_000_000 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    other = { app, database, port: (app.server.address() as AddressInfo).port };

    const user = await carol();
    const onB = await LiveClient.open(other.port);
    expect(await onB.auth(user.token)).toBe(true);
    await sendPersonal(user);
    await onB.waitForEvents(1);
    expect(onB.received.at(-1)).toEqual({ type: "event", topic: "messages" });
    onB.close();
  });

  it("stops a socket of instance B once its session is signed out through instance A", async () => {
    expect(other).toBeDefined();
    const user = await carol();
    const kept = await secondSession(user);
    const onB = await LiveClient.open(other!.port);
    const keptOnB = await LiveClient.open(other!.port);
    expect(await onB.auth(user.token)).toBe(true);
    expect(await keptOnB.auth(kept)).toBe(true);
    expect((await t.send("logout", { as: user })).body.code).toBe(1);

    const from = onB.received.length;
    await sendPersonal(user);
    await keptOnB.waitForEvents(1);
    expect(await nextEventOrUnauthed(onB, from)).toEqual({ type: "unauthed" });
    await onB.settle();
    expect(onB.events()).toBe(0);
    onB.close();
    keptOnB.close();
  });

  it("listens again after its database connection drops, and tells its clients to catch up", async () => {
    const user = await carol();
    const socket = await LiveClient.open(port);
    expect(await socket.auth(user.token)).toBe(true);
    const listening = sql`select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`;
    expect((await rows<{ pid: number }>(listening)).length).toBeGreaterThan(0);
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from (${listening}) as l`);

    // Back on a new connection: the catch-up event (messages may have been missed meanwhile), then live again.
    await socket.waitForEvents(1);
    await sendPersonal(user);
    await socket.waitForEvents(2);
    socket.close();
  });
});
