import type { WsEventTopic, WsServerMessage } from "@cryptos/contract";
import WebSocket from "ws";

/** A `/ws` connection that records every server message and waits on them without timers. */
export class LiveClient {
  readonly received: WsServerMessage[] = [];
  private readonly waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.received.push(JSON.parse(data.toString()) as WsServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(port: number): Promise<LiveClient> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const client = new LiveClient(socket);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    return client;
  }

  async waitFor(test: (received: WsServerMessage[]) => boolean): Promise<void> {
    while (!test(this.received)) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** The topics of the events received so far, in order. */
  topics(): WsEventTopic[] {
    return this.received.flatMap((m) => (m.type === "event" ? [m.topic] : []));
  }

  /** Waits until every one of `topics` has arrived as an event after the first `from` events. */
  async waitForTopics(from: number, ...topics: WsEventTopic[]): Promise<void> {
    await this.waitFor(() => topics.every((topic) => this.topics().slice(from).includes(topic)));
  }

  events(): number {
    return this.received.filter((m) => m.type === "event").length;
  }

  /** Sends `auth` and answers the server's `signed_in`. */
  async auth(token: string | null): Promise<boolean> {
    const before = this.received.length;
    this.socket.send(JSON.stringify({ op: "auth", token }));
    await this.waitFor((r) => r.slice(before).some((m) => m.type === "authed"));
    const answer = this.received.slice(before).find((m) => m.type === "authed");
    return answer?.type === "authed" && answer.signed_in;
  }

  async waitForEvents(count: number): Promise<void> {
    await this.waitFor(() => this.events() >= count);
  }

  /**
   * Everything the server sent this socket before now has arrived: frames of one socket keep their order, so once
   * the pong is in, an event the server had sent is in too.
   */
  async settle(): Promise<void> {
    const pongs = () => this.received.filter((m) => m.type === "pong").length;
    const before = pongs();
    this.socket.send(JSON.stringify({ op: "ping" }));
    await this.waitFor(() => pongs() > before);
  }

  close() {
    this.socket.close();
  }
}
