import type { IncomingMessage, ServerResponse } from "node:http";
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import type { Redis } from "ioredis";
import type { TrustProxy } from "../config";

export interface RateLimitOptions {
  /** Requests per minute per client address over the whole API; individual calls set tighter limits. */
  perMinute: number;
  /** With REDIS_URL the counts live in Redis, shared by every instance; else in this process. */
  redisUrl?: string;
  /** The prefix of the counters' Redis keys (tests isolate runs with their own). */
  namespace?: string;
}

export const DEFAULT_RATE_LIMIT_NAMESPACE = "cryptos:rate-limit:";

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 ignores a bare hop count (it cannot tell a proxy from a client), so
 * a count becomes the classic rule: believe the last `hops` entries of X-Forwarded-For, whoever the peer is. That
 * is right only where nothing but the proxy can reach the server; a list of proxy addresses is right everywhere.
 */
export function trustProxyOption(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}

/** 180 days, as helmet's default. */
const HSTS = "max-age=15552000; includeSubDomains";

/**
 * Headers a browser honours only on a potentially trustworthy origin (https, or a loopback name). On plain http by
 * any other name (http://my-box.lan:8080, a classroom's LAN) it ignores them and logs an error or a warning for each,
 * on every page load: they are left off there, which changes nothing but the console.
 */
const SECURE_CONTEXT_ONLY = ["cross-origin-opener-policy", "origin-agent-cluster"];

/** localhost, *.localhost, 127.0.0.0/8 and ::1: the names a browser trusts over plain http. */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === "[::1]" ||
    name === "::1"
  );
}

/** The headers a helmet middleware sets, read by running it once against a recording response. */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

const directives = {
  defaultSrc: ["'self'"],
  // The web build's inline boot scripts join by their hashes (SecurityOptions.inlineScriptHashes).
  scriptSrc: ["'self'"],
  // The head's Intl warm-up runs in a worker made from a blob (apps/web/public/intl-warmup.js); the service worker is
  // 'self'.
  workerSrc: ["'self'", "blob:"],
  // antd-mobile sets style attributes at run time; scripts stay strict.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  connectSrc: ["'self'", "ws:", "wss:"],
  fontSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * The security headers of every answer. Those that only make sense over TLS go only on answers that went out over
 * TLS (request.protocol: the socket's, or the X-Forwarded-Proto of a proxy TRUST_PROXY believes): HSTS, and the
 * CSP's `upgrade-insecure-requests`, which on plain http would send a browser that reached the server by a LAN
 * name (http://my-box.lan:8080) to https for every script and stylesheet, and show a blank page. Those a browser
 * honours only on a trustworthy origin stay off plain http by a LAN name (SECURE_CONTEXT_ONLY).
 */
export interface SecurityOptions {
  /**
   * SHA-256 (base64) of each inline script index.html carries, as last read: those, and no other inline script, may
   * run. The page itself sets the CSP of the copy it sends (securityHeaders), read with it (decision 124).
   */
  inlineScriptHashes?: () => readonly string[];
}

interface HeaderSets {
  plain: Record<string, string>;
  tls: Record<string, string>;
  lan: Record<string, string>;
}

function headerSets(hashes: readonly string[]): HeaderSets {
  const scriptSrc = [...directives.scriptSrc, ...hashes.map((hash) => `'sha256-${hash}'`)];
  const plain = headersOf(
    helmet({
      contentSecurityPolicy: { directives: { ...directives, scriptSrc, upgradeInsecureRequests: null } },
      hsts: false,
    }),
  );
  const tls = {
    ...headersOf(
      helmet({
        contentSecurityPolicy: { directives: { ...directives, scriptSrc, upgradeInsecureRequests: [] } },
        hsts: false,
      }),
    ),
    "strict-transport-security": HSTS,
  };
  const lan = Object.fromEntries(Object.entries(plain).filter(([name]) => !SECURE_CONTEXT_ONLY.includes(name)));
  return { plain, tls, lan };
}

// helmet's headers depend only on the script hashes, so they are worked out once per build seen: @fastify/helmet
// builds the middleware again on every request, which cost a fifth of the product list's throughput, and running
// helmet's chain of setters per request cost more again (bench/RESULTS.md). A few builds are kept (a rebuild's
// old and new page); a fifth drops the oldest.
const byHashes = new Map<string, HeaderSets>();

/** The security headers of an answer to `request` whose page carries inline scripts with these hashes. */
export function securityHeaders(request: FastifyRequest, hashes: readonly string[]): Record<string, string> {
  const key = hashes.join(" ");
  let sets = byHashes.get(key);
  if (!sets) {
    sets = headerSets(hashes);
    byHashes.set(key, sets);
    if (byHashes.size > 4) byHashes.delete(byHashes.keys().next().value as string);
  }
  if (request.protocol === "https") return sets.tls;
  return isLoopbackName(request.hostname) ? sets.plain : sets.lan;
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const hashes = options.inlineScriptHashes ?? (() => []);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(securityHeaders(request, hashes()));
    done();
  });
});

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The limit's counts in this process (without REDIS_URL): fixed windows per key. The plugin's own LocalStore hands
 * every caller the same mutable record, so calls counted in one turn of the event loop all read the last count
 * and a burst from one address was refused whole (8 parallel calls against a limit of 5: all 8 refused).
 */
class ProcessCounts implements FastifyRateLimitStore {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private sweepAt = 0;

  incr(key: string, callback: Counted, timeWindow: number) {
    const now = Date.now();
    if (now >= this.sweepAt) {
      for (const [stale, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(stale);
      this.sweepAt = now + timeWindow;
    }
    let entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + timeWindow };
      this.counts.set(key, entry);
    }
    entry.count += 1;
    callback(null, { current: entry.count, ttl: entry.resetAt - now });
  }

  read(key: string, callback: Counted) {
    const now = Date.now();
    const entry = this.counts.get(key);
    callback(
      null,
      entry && entry.resetAt > now ? { current: entry.count, ttl: entry.resetAt - now } : { current: 0, ttl: 0 },
    );
  }

  child(): FastifyRateLimitStore {
    return new ProcessCounts();
  }
}

/**
 * The per-address rate limit of the API, registered inside the API's scope only: the web app's own files (the
 * document, its assets, the manifest, the service worker) never count, since a first visit fetches up to a few
 * hundred of them and many people may share one address. Calls set tighter limits of their own (route config).
 * The address is request.ip, the socket's unless TRUST_PROXY names the proxy in front.
 */
export const apiRateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // No offline queue: while Redis is unreachable a count fails at once and the call goes through (skipOnError
    // below) instead of waiting; the limits in the database (lockouts, code and upload caps) hold regardless.
    const { Redis: RedisClient } = await import("ioredis");
    const client = new RedisClient(options.redisUrl, {
      connectTimeout: 5_000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    client.on("error", (err: Error) => app.log.warn({ err }, "rate-limit store"));
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      throw new Error(`Redis at REDIS_URL is not reachable: ${String(error)}`);
    }
    app.addHook("onClose", async () => {
      await client.quit().catch(() => client.disconnect());
    });
    redis = client;
  }
  await app.register(rateLimit, {
    max: options.perMinute,
    timeWindow: "1 minute",
    ...(redis
      ? { redis, nameSpace: options.namespace ?? DEFAULT_RATE_LIMIT_NAMESPACE, skipOnError: true }
      : { store: ProcessCounts }),
    errorResponseBuilder: (_request, context) => {
      const error = new Error("rate limited") as Error & { statusCode: number };
      error.statusCode = context.statusCode;
      return error;
    },
  });
});
