import type { Clock } from "./clock";

/**
 * The emailed codes' clock on a server started with TEST_CLOCK=on (decision 141): the system's time plus an offset
 * the browser tests move forward, so that a spec lets a code window pass instead of sleeping through it. It never
 * goes back, and it moves nothing but the codes' windows: ticks, orders and sessions keep the system clock.
 */
export class SteppableClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: Clock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("the test clock only moves forward");
    this.offsetMs += ms;
  }
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * Why TEST_CLOCK may not be on with these settings, or undefined when it may: only a test server (not production, on
 * loopback, with a loopback public origin) can let a caller move the codes' clock.
 */
export function testClockProblem(settings: {
  nodeEnv?: string;
  host: string;
  publicOrigin: string;
}): string | undefined {
  if (settings.nodeEnv === "production") return "TEST_CLOCK is for test servers: refused with NODE_ENV=production";
  if (!LOOPBACK_HOSTS.has(settings.host)) return `TEST_CLOCK needs HOST on loopback (127.0.0.1), not ${settings.host}`;
  let hostname = "";
  try {
    hostname = new URL(settings.publicOrigin).hostname.replace(/^\[|\]$/g, "");
  } catch {
    // an unparsable origin is refused below
  }
  if (!LOOPBACK_HOSTS.has(hostname)) {
    return `TEST_CLOCK needs PUBLIC_ORIGIN on loopback (http://127.0.0.1:PORT), not ${settings.publicOrigin}`;
  }
  return undefined;
}
