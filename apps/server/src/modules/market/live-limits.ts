import { isIPv4, isIPv6 } from "node:net";

/** A new live socket is taken, or refused because its address or this instance holds as many as it may. */
export type Admission = "admitted" | "address_full" | "instance_full";

export interface LiveLimitsOptions {
  /** PER_IP_LIMITS: off, an address has no cap of its own and no message budget (the total still holds). */
  perAddress: boolean;
  maxPerAddress: number;
  maxTotal: number;
  messagesPerSecond: number;
  messageBurst: number;
  /** Milliseconds; tests pass their own. */
  now?: () => number;
}

/** One address's sockets and message budget: a token bucket holding `tokens` at time `at`. */
interface AddressUse {
  sockets: number;
  tokens: number;
  at: number;
}

/**
 * The limits of this instance's live sockets: how many it holds per client address and in all, and how many
 * messages an address may send (a token bucket per address, refilled at `messagesPerSecond` up to `messageBurst`).
 * Sockets are files of this process, so they are counted here, not across instances. Every check counts and
 * reserves in one synchronous step: nothing can slip in between.
 */
export class LiveLimits {
  private total = 0;
  private readonly addresses = new Map<string, AddressUse>();
  private sweepAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: LiveLimitsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Reserves a place for a socket from `address`; each `admitted` is given back by one `release`. */
  admit(address: string): Admission {
    const { perAddress, maxPerAddress, maxTotal } = this.options;
    if (perAddress && (this.addresses.get(address)?.sockets ?? 0) >= maxPerAddress) return "address_full";
    if (this.total >= maxTotal) return "instance_full";
    this.total += 1;
    if (perAddress) {
      this.sweep();
      this.use(address).sockets += 1;
    }
    return "admitted";
  }

  release(address: string) {
    this.total -= 1;
    const use = this.addresses.get(address);
    if (use) use.sockets -= 1;
  }

  /** Takes one message from `address`'s budget; false when it is spent. */
  spend(address: string): boolean {
    if (!this.options.perAddress) return true;
    const use = this.use(address);
    this.refill(use);
    if (use.tokens < 1) return false;
    use.tokens -= 1;
    return true;
  }

  /** Sockets held: in all, or from one address. */
  sockets(address?: string): number {
    return address === undefined ? this.total : (this.addresses.get(address)?.sockets ?? 0);
  }

  private use(address: string): AddressUse {
    let use = this.addresses.get(address);
    if (!use) {
      use = { sockets: 0, tokens: this.options.messageBurst, at: this.now() };
      this.addresses.set(address, use);
    }
    return use;
  }

  private refill(use: AddressUse) {
    const now = this.now();
    const earned = (Math.max(0, now - use.at) / 1000) * this.options.messagesPerSecond;
    use.tokens = Math.min(this.options.messageBurst, use.tokens + earned);
    use.at = now;
  }

  /**
   * Forgets addresses with no socket whose budget has filled up again, at most once a second. An address is kept
   * until then, so closing every socket and opening new ones does not buy a fresh burst.
   */
  private sweep() {
    const now = this.now();
    if (now < this.sweepAt) return;
    this.sweepAt = now + 1000;
    for (const [address, use] of this.addresses) {
      if (use.sockets > 0) continue;
      this.refill(use);
      if (use.tokens >= this.options.messageBurst) this.addresses.delete(address);
    }
  }
}

/**
 * The address a socket's limits count under: an IPv4 address (IPv4-mapped IPv6 too) as it is, an IPv6 address by
 * its /64, the block one home, office or phone is given (anyone with one IPv6 address has 2^64 of them).
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const address = ip.split("%")[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An IPv4 tail stands for two groups; it only ever sits in the last 32 bits, past the /64.
  const rightGroups = right.reduce((n, group) => n + (group.includes(".") ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - rightGroups).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
