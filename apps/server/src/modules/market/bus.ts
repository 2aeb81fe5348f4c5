import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";

/** A recorded tick as it travels between instances and to WebSocket clients. */
export interface TickEvent {
  id: number;
  pair: number;
  /** Decimal string at the pair's price precision. */
  price: string;
  /** ISO-8601. */
  at: string;
  /** Its hash in the public tick log (the pair's chain head once recorded). */
  hash?: string;
}

export type TickListener = (ticks: TickEvent[]) => void;

/**
 * Fan-out of recorded ticks. The instance that runs the feed publishes each batch once; every instance's
 * subscribers (its WebSocket clients, its price cache) receive it exactly once, the publisher's own included.
 */
export interface TickBus {
  publish(ticks: TickEvent[]): Promise<void>;
  subscribe(listener: TickListener): () => void;
  /** Resolves once the bus can deliver (Redis: subscribed); rejects when it cannot. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One process: an event emitter (the embedded default). */
export class LocalTickBus implements TickBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(ticks: TickEvent[]) {
    if (ticks.length) this.emitter.emit("ticks", ticks);
  }

  subscribe(listener: TickListener) {
    this.emitter.on("ticks", listener);
    return () => void this.emitter.off("ticks", listener);
  }

  async ready() {}
  async close() {
    this.emitter.removeAllListeners();
  }
}

export const DEFAULT_TICK_CHANNEL = "cryptos:ticks";

/**
 * Several instances: Redis pub/sub on one channel. Publishing goes through Redis even for the publisher's own
 * clients, so every instance sees the same stream in the same order. A batch lost while Redis is down is not
 * replayed: clients catch up from the next tick (and from HTTP after they reconnect).
 */
export class RedisTickBus implements TickBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly local = new LocalTickBus();
  private readonly subscribed: Promise<void>;

  constructor(
    RedisClient: typeof Redis,
    url: string,
    private readonly channel = DEFAULT_TICK_CHANNEL,
    private readonly onError: (error: Error) => void = () => {},
  ) {
    const options = { connectTimeout: 5_000, maxRetriesPerRequest: 3, lazyConnect: false };
    this.publisher = new RedisClient(url, options);
    this.subscriber = new RedisClient(url, options);
    this.publisher.on("error", onError);
    this.subscriber.on("error", onError);
    this.subscriber.on("message", (ch: string, message: string) => {
      if (ch !== this.channel) return;
      try {
        void this.local.publish(JSON.parse(message) as TickEvent[]);
      } catch (error) {
        this.onError(error as Error);
      }
    });
    this.subscribed = this.subscriber.subscribe(this.channel).then(() => undefined);
    // Awaited by ready(); never an unhandled rejection when nobody asks.
    this.subscribed.catch(() => {});
  }

  async publish(ticks: TickEvent[]) {
    if (ticks.length) await this.publisher.publish(this.channel, JSON.stringify(ticks));
  }

  subscribe(listener: TickListener) {
    return this.local.subscribe(listener);
  }

  ready() {
    return this.subscribed;
  }

  async close() {
    await this.local.close();
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

/** ioredis is loaded only with REDIS_URL (a one-instance start does not pay for it). */
export async function createTickBus(
  redisUrl: string | undefined,
  channel?: string,
  onError?: (error: Error) => void,
): Promise<TickBus> {
  if (!redisUrl) return new LocalTickBus();
  const { Redis } = await import("ioredis");
  return new RedisTickBus(Redis, redisUrl, channel, onError);
}
