// Re-derives settled up/down orders from the public tick log alone (docs/design/updown.md): entry = the first tick
// after the pair's head its signed receipt names (orders without a receipt: the first tick after acceptance), exit =
// last tick at or before the settle time, strict comparison, a tie or no tick refunds, a win pays amount x (1 + rate)
// rounded down to the currency. An order with a receipt is checked against it and its signed settlement too.
import { archiveChain, CHAIN_START, checkRun, entryAndExit, fileSha256 } from "./chain.mjs";
import { addDecimal, compareDecimal, multiplyDecimal, sameDecimal, truncateDecimal } from "./decimal.mjs";
import { entryAndExitAfter, openSigned, receiptDifferences, settlementProblems } from "./receipts.mjs";

/**
 * How far before acceptance the log is read for an order with a receipt, to hold the head it names (a pair takes
 * orders only with a tick in the last 5 s); when the head is older still, the read goes back this much further.
 */
const HEAD_SLACK_MS = 10_000;
const HEAD_SLACK_FAR_MS = 15 * 60_000;

const DAY_MS = 86_400_000;
const dayOf = (iso) => new Date(Math.floor(Date.parse(iso) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** What the order should have been: result, payout, entry and exit, from its window's ticks. */
export function deriveOrder(order, ticks, decimals, afterTickId = null) {
  const { entry, exit } =
    afterTickId === null
      ? entryAndExit(ticks, order.accepted_at, order.settle_at)
      : entryAndExitAfter(ticks, afterTickId, order.settle_at);
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

/** The signed receipt and settlement of an order, opened: their payloads, or the problems found. */
function openRecords(order, ring) {
  const problems = [];
  const open = (record, type) => {
    if (!record) return undefined;
    const { payload, problem } = openSigned(record, type, order.id, ring);
    if (problem) problems.push(problem);
    return payload;
  };
  const receipt = open(order.receipt, "updown_receipt");
  const settlement = open(order.settlement, "updown_settlement");
  if (order.receipt && !order.settlement) problems.push(`order ${order.id}: settled without a signed settlement`);
  if (receipt) problems.push(...receiptDifferences(order, receipt, sameDecimal));
  return { receipt, settlement, problems };
}

/**
 * One row of the orders table per order: what the server says beside what the log says, and, for an order with a
 * receipt (`ring`: the published receipt keys), what the server signed.
 */
export async function verifyOrders(orders, source, decimalsOf, ring = { keys: new Map(), problems: [] }) {
  const rows = [];
  for (const order of orders) {
    if (order.status !== "settled") continue;
    const signed = openRecords(order, ring);
    const afterTick = signed.receipt?.after_tick ?? null;
    const before = (ms) => new Date(Date.parse(order.accepted_at) - ms).toISOString();
    let window = await source.window(
      order.productid,
      afterTick ? before(HEAD_SLACK_MS) : order.accepted_at,
      order.settle_at,
    );
    if (afterTick && afterTick.id > 0 && !window.ticks.some((t) => t.id === afterTick.id)) {
      window = await source.window(order.productid, before(HEAD_SLACK_FAR_MS), order.settle_at);
    }
    const { ticks, problems, source: origin } = window;
    const derived = deriveOrder(order, ticks, decimalsOf(order.currency), afterTick?.id ?? null);
    const issues = [...problems, ...signed.problems];
    for (const field of order.keptDiffers ?? []) {
      issues.push(`order ${order.id}: the server's ${field} is not the one kept before`);
    }
    if (afterTick && afterTick.id > 0) {
      const head = ticks.find((t) => t.id === afterTick.id);
      if (!head) issues.push(`order ${order.id}: tick ${afterTick.id}, the head its receipt names, is not in the log`);
      else if (head.hash !== afterTick.hash) {
        issues.push(`order ${order.id}: tick ${afterTick.id}: the log's hash differs from the head its receipt names`);
      }
    }
    if (signed.settlement) issues.push(...settlementProblems(order, signed.settlement, ticks, derived, sameDecimal));
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
      signed: order.receipt ? (signed.problems.length ? "bad" : "yes") : "no",
      ticks: `${ticks.length} (${origin})`,
      ok: issues.length === 0,
      issues,
    });
  }
  return rows;
}

/**
 * The orders to check: those kept in a file and those the server lists now, one per id. Where the server's copy
 * differs from a kept one in what was signed or settled, the kept one is checked and the difference is reported.
 */
export function mergeOrders(kept, served) {
  const byId = new Map(served.map((o) => [o.id, o]));
  for (const k of kept) {
    const s = byId.get(k.id);
    if (!s) {
      byId.set(k.id, k);
      continue;
    }
    const changed = ["receipt", "settlement", "result", "payout"].filter(
      (f) => k[f] != null && JSON.stringify(k[f]) !== JSON.stringify(s[f]),
    );
    if (changed.length) byId.set(k.id, { ...k, keptDiffers: changed });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
