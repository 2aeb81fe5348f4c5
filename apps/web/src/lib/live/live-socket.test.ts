import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocket as NodeWebSocket, type WebSocket as ServerSocket, WebSocketServer } from "ws";
import { LiveSocket } from "./live-socket";

// Node 20 has no WebSocket of its own; the browser's API is the same as ws's client for what LiveSocket uses.
globalThis.WebSocket ??= NodeWebSocket as unknown as typeof WebSocket;

/** A real WebSocket server on 127.0.0.1 that answers `auth` only when the test says so. */
async function startServer() {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const connections: { socket: ServerSocket; received: unknown[] }[] = [];
  server.on("connection", (socket) => {
    const connection = { socket, received: [] as unknown[] };
    connections.push(connection);
    socket.on("message", (data) => connection.received.push(JSON.parse(String(data))));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    connections,
    authed: (index: number) => connections[index]!.socket.send(JSON.stringify({ type: "authed", signed_in: true })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("LiveSocket reconnection", () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it("re-reads after a reconnection only once the server has taken the session token", async () => {
    const server = await startServer();
    const live = new LiveSocket({ url: () => server.url, token: () => "session-token", baseDelayMs: 10 });
    cleanup = async () => {
      live.close();
      await server.close();
    };
    const resyncs = vi.fn();
    live.onReconnected(resyncs);
    live.onEvent("messages", () => {});

    await vi.waitFor(() =>
      expect(server.connections[0]?.received).toContainEqual({ op: "auth", token: "session-token" }),
    );
    server.authed(0);
    server.connections[0]!.socket.terminate();

    await vi.waitFor(() =>
      expect(server.connections[1]?.received).toContainEqual({ op: "auth", token: "session-token" }),
    );
    // Open again, but the user's events are not flowing yet: a read now could miss one sent before `authed`.
    expect(live.getStatus()).toBe("open");
    expect(resyncs).not.toHaveBeenCalled();
    server.authed(1);
    await vi.waitFor(() => expect(resyncs).toHaveBeenCalledTimes(1));
  });

  it("re-reads as soon as it is open again when nobody is signed in", async () => {
    const server = await startServer();
    const live = new LiveSocket({ url: () => server.url, baseDelayMs: 10 });
    cleanup = async () => {
      live.close();
      await server.close();
    };
    const resyncs = vi.fn();
    live.onReconnected(resyncs);
    live.retain([1]);

    await vi.waitFor(() => expect(server.connections[0]?.received).toContainEqual({ op: "subscribe", pairs: [1] }));
    expect(resyncs).not.toHaveBeenCalled();
    server.connections[0]!.socket.terminate();
    await vi.waitFor(() => expect(server.connections[1]?.received).toContainEqual({ op: "subscribe", pairs: [1] }));
    await vi.waitFor(() => expect(resyncs).toHaveBeenCalledTimes(1));
    expect(server.connections[1]!.received).not.toContainEqual(expect.objectContaining({ op: "auth" }));
  });

  it("passes on the server's `unauthed` once, and keeps the socket open for prices and a new sign-in", async () => {
    const server = await startServer();
    const onUnauthed = vi.fn();
    const live = new LiveSocket({ url: () => server.url, token: () => "session-token", onUnauthed });
    cleanup = async () => {
      live.close();
      await server.close();
    };
    const events = vi.fn();
    live.onEvent("messages", events);
    await vi.waitFor(() =>
      expect(server.connections[0]?.received).toContainEqual({ op: "auth", token: "session-token" }),
    );
    server.connections[0]!.socket.send(JSON.stringify({ type: "unauthed" }));
    await vi.waitFor(() => expect(onUnauthed).toHaveBeenCalledTimes(1));
    expect(events).not.toHaveBeenCalled();
    expect(live.getStatus()).toBe("open");
    live.tokenChanged();
    await vi.waitFor(() =>
      expect(server.connections[0]!.received.filter((m) => (m as { op?: string }).op === "auth")).toHaveLength(2),
    );
    expect(server.connections).toHaveLength(1);
  });
});
