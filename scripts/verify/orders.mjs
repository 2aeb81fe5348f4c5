// Re-derives settled up/down orders from the public tick log alone (DESIGN.md §4): entry = first tick after
// acceptance, exit = last tick at or before the settle time, strict comparison, a tie or no tick refunds, a win
// pays amount x (1 + rate) rounded down to the currency.
import { archiveChain, CHAIN_START, checkRun, entryAndExit, fileSha256 } from "./chain.mjs";
import { addDecimal, compareDecimal, multiplyDecimal, sameDecimal, truncateDecimal } from "./decimal.mjs";

const DAY_MS = 86_400_000;
const dayOf = (iso) => new Date(Math.floor(Date.parse(iso) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** What the order should have been: result, payout, entry and exit, from its window's ticks. */
export function deriveOrder(order, ticks, decimals) {
  const { entry, exit } = entryAndExit(ticks, order.accepted_at, order.settle_at);
  let result = "tie";
  if (entry && exit) {
    const cmp = compareDecimal(exit.price, entry.price);
    if (cmp !== 0) result = (order.direction === "up") === cmp > 0 ? "win" : "lose";
  }
  const payout =
    result === "lose"
      ? "0"
      : result === "tie"
        ? truncateDecimal(order.amount, 64)
        : truncateDecimal(multiplyDecimal(order.amount, addDecimal("1", order.payout_rate)), decimals);
  return { entry, exit, result, payout };
}

/**
 * The ticks of one pair's window, with the problems of their chain: from the day archives when the window's days
 * are archived (each file's SHA-256 and the day chain checked), else from the live log.
 */
export class TickSource {
  constructor(api) {
    this.api = api;
    this.archives = new Map();
    this.files = new Map();
  }

  /** The pair's archives by day, their day chain checked once. */
  async archiveIndex(productid) {
    if (!this.archives.has(productid)) {
      const list = await this.api.archives(productid);
      const problems = [];
      let prev = CHAIN_START;
      for (const a of list) {
        if (a.prev_chain !== prev) problems.push(`archive ${a.day}: does not link to the day before`);
        if (archiveChain(a.prev_chain, productid, a.day, a.sha256) !== a.chain) {
          problems.push(`archive ${a.day}: its chain value does not match`);
        }
        prev = a.chain;
      }
      this.archives.set(productid, { byDay: new Map(list.map((a) => [a.day, a])), problems });
    }
    return this.archives.get(productid);
  }

  async archivedDay(productid, archive) {
    const key = `${productid}:${archive.day}`;
    if (!this.files.has(key)) {
      const { bytes, ticks } = await this.api.archiveFile(archive.url);
      const problems = [];
      if (fileSha256(bytes) !== archive.sha256) problems.push(`archive ${archive.day}: file SHA-256 does not match`);
      problems.push(...checkRun(productid, ticks));
      if (ticks.length && ticks.at(-1).hash !== archive.last_hash) {
        problems.push(`archive ${archive.day}: last hash does not match the listing`);
      }
      this.files.set(key, { ticks, problems });
    }
    return this.files.get(key);
  }

  async window(productid, from, to) {
    const index = await this.archiveIndex(productid);
    const days = [...new Set([dayOf(from), dayOf(to)])];
    if (days.every((d) => index.byDay.has(d))) {
      const ticks = [];
      const problems = [...index.problems];
      for (const d of days) {
        const file = await this.archivedDay(productid, index.byDay.get(d));
        ticks.push(...file.ticks);
        problems.push(...file.problems);
      }
      return { ticks, problems, source: `archive ${days.join(", ")}` };
    }
    const ticks = await this.api.ticks(productid, from, to);
    return { ticks, problems: checkRun(productid, ticks), source: "log" };
  }
}

/** One row of the orders table per order: what the server says beside what the log says. */
export async function verifyOrders(orders, source, decimalsOf) {
  const rows = [];
  for (const order of orders) {
    if (order.status !== "settled") continue;
    const { ticks, problems, source: from } = await source.window(order.productid, order.accepted_at, order.settle_at);
    const derived = deriveOrder(order, ticks, decimalsOf(order.currency));
    const issues = [...problems];
    if (order.result !== derived.result) issues.push(`result ${order.result}, the log says ${derived.result}`);
    if (!sameDecimal(order.payout ?? "0", derived.payout)) {
      issues.push(`payout ${order.payout}, the log says ${derived.payout}`);
    }
    if ((order.entry?.id ?? null) !== (derived.entry?.id ?? null)) {
      issues.push(`entry tick ${order.entry?.id ?? "none"}, the log says ${derived.entry?.id ?? "none"}`);
    }
    if ((order.exit?.id ?? null) !== (derived.exit?.id ?? null)) {
      issues.push(`exit tick ${order.exit?.id ?? "none"}, the log says ${derived.exit?.id ?? "none"}`);
    }
    rows.push({
      order: order.id,
      pair: order.symbol,
      dir: order.direction,
      entry: derived.entry ? `${derived.entry.id} @ ${derived.entry.price}` : "-",
      exit: derived.exit ? `${derived.exit.id} @ ${derived.exit.price}` : "-",
      result: derived.result,
      payout: derived.payout,
      ticks: `${ticks.length} (${from})`,
      ok: issues.length === 0,
      issues,
    });
  }
  return rows;
}
