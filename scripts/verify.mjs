#!/usr/bin/env node
// The fairness verifier: npm run verify -- --url <server> [--token=<user token>] [--orders <file>] [--heads <file>]
//   [--rpc <node url> [--anchor-from <address>]] [--candles [--interval 1m] [--from <iso>] [--to <iso>]]
// Node's standard library only, so anyone can read all of it before running it. It checks
//   1. the hash chain of every tick it fetches from the public tick log (and the day archives it uses),
//   2. every settled up/down order (the user's, with --token; those in --orders) against the log alone, and against
//      its signed receipt and settlement under the published receipt keys,
//   3. with --token, every balance against the sum of the user's bills,
//   4. with --heads, every head a run before kept in that file (then adds this run's heads, anchors and receipts),
//   5. with --rpc, every anchor of the heads on chain: its transaction on that node, and its heads in the log,
//   6. with --candles, a range of getkdata's candles against the ticks of the log.
// With --reserves it checks proof of reserves instead: the user's leaf and path to the published root (with --token),
// no negative sum at any node, the root's sums, each currency's reserves against them, and with --rpc each on-chain
// reserve's balance at its block and each signature of the root:
//   npm run verify -- --url <server> --reserves [--token=<user token>] [--rpc <node>] [--snapshot <id>]
// Prints a table per part and exits 1 on any mismatch (2 on bad arguments or an unreachable server).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { verifyAnchors } from "./verify/anchors.mjs";
import { Api } from "./verify/api.mjs";
import { verifyBalances } from "./verify/balances.mjs";
import { CANDLE_INTERVALS, verifyCandles } from "./verify/candles.mjs";
import { checkRun } from "./verify/chain.mjs";
import { checkKeptAnchors, checkKeptHeads, nextHeadsFile, readHeadsFile, writeHeadsFile } from "./verify/heads.mjs";
import { mergeOrders, TickSource, verifyOrders } from "./verify/orders.mjs";
import { keyring } from "./verify/receipts.mjs";
import { verifyReserves } from "./verify/reserves-report.mjs";

const HEAD_WINDOW_MS = 60_000;

function table(title, rows, columns) {
  console.log(`\n${title}`);
  if (!rows.length) return console.log("  (none)");
  const cells = rows.map((r) => columns.map((c) => (c === "ok" ? (r.ok ? "OK" : "MISMATCH") : String(r[c] ?? ""))));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const line = (values) => `  ${values.map((v, i) => v.padEnd(widths[i])).join("  ")}`.trimEnd();
  console.log(line(columns));
  for (const [i, row] of cells.entries()) {
    console.log(line(row));
    for (const issue of rows[i].issues ?? []) console.log(`      ! ${issue}`);
  }
}

/** The newest minute of each pair's log must chain up to the head the server announces. */
async function verifyHeads(api) {
  const { items } = await api.heads();
  const rows = [];
  for (const head of items) {
    const from = new Date(Date.parse(head.at) - HEAD_WINDOW_MS).toISOString();
    const ticks = (await api.ticks(head.productid, from)).filter((t) => t.id <= head.id);
    const issues = checkRun(head.productid, ticks);
    const last = ticks.at(-1);
    if (!last || last.id !== head.id || last.hash !== head.hash)
      issues.push(`the log does not end at the head ${head.id}`);
    rows.push({
      pair: head.symbol,
      head: head.id,
      hash: `${head.hash.slice(0, 16)}…`,
      ticks: ticks.length,
      ok: !issues.length,
      issues,
    });
  }
  return rows;
}

/** Issue 43: the kept heads (--heads), the anchors on chain (--rpc) and the candles against the ticks (--candles). */
async function rememberedChecks(api, values) {
  const rows = [];
  const parts = [];
  let save = () => {};
  const anchors = values.heads || values.rpc ? await api.all("GET", "/api/index/anchors").catch(() => []) : [];
  if (values.heads) {
    const file = readHeadsFile(values.heads);
    if (file) {
      const kept = await checkKeptHeads(api, file);
      table(`Kept heads (${values.heads}): still in the log with the same hash`, kept, [
        "pair",
        "tick",
        "hash",
        "kept",
        "ok",
      ]);
      const keptAnchors = checkKeptAnchors(file, anchors);
      if (keptAnchors.length) table("Kept anchors: still listed", keptAnchors, ["anchor", "block", "root", "ok"]);
      rows.push(...kept, ...keptAnchors);
      parts.push(`${kept.length} kept heads`);
    }
    // Read before saving: what the file keeps is what this run saw.
    const [{ items: now }, orders] = await Promise.all([
      api.heads(),
      values.token ? api.all("POST", "/api/index/miaolist", {}, {}) : [],
    ]);
    save = (clean) => {
      if (!clean && file) return console.log(`\n${values.heads} left as it was: it keeps the evidence.`);
      const next = nextHeadsFile(file, { url: api.base, heads: now, anchors, orders, now: new Date().toISOString() });
      writeHeadsFile(values.heads, next);
      console.log(`\n${values.heads}: ${file ? "updated" : "written"}, ${next.heads.length} heads kept.`);
    };
  }
  if (values.rpc) {
    const {
      rows: anchorRows,
      chainId,
      elsewhere,
      sender,
    } = await verifyAnchors(api, values.rpc, values["anchor-from"]);
    table(
      `Anchors on chain ${chainId} (sender ${sender ?? "-"}${elsewhere ? `; ${elsewhere} on other chains not checked` : ""})`,
      anchorRows,
      ["anchor", "block", "at", "heads", "root", "ok"],
    );
    rows.push(...anchorRows);
    parts.push(`${anchorRows.length} anchors`);
  }
  if (values.candles) {
    const to = values.to ?? new Date().toISOString();
    const from = values.from ?? new Date(Date.parse(to) - 3_600_000).toISOString();
    if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
      throw new Error("--from and --to take ISO times");
    const candleRows = await verifyCandles(api, { interval: values.interval, from, to });
    table(`Candles (${values.interval}) against the ticks of the log`, candleRows, [
      "pair",
      "from",
      "to",
      "candles",
      "ticks",
      "ok",
    ]);
    rows.push(...candleRows);
    parts.push(`${candleRows.length} pairs' candles`);
  }
  return { rows, save, summary: parts.length ? `, ${parts.join(", ")}` : "" };
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: "string" },
      token: { type: "string" },
      orders: { type: "string" },
      heads: { type: "string" },
      rpc: { type: "string" },
      "anchor-from": { type: "string" },
      candles: { type: "boolean" },
      interval: { type: "string", default: "1m" },
      from: { type: "string" },
      to: { type: "string" },
      reserves: { type: "boolean" },
      snapshot: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help || !values.url) {
    console.log(
      [
        "usage: npm run verify -- --url <server> [--token=<user token>] [--orders <file of orders as JSON>]",
        "         [--heads <file>]                 kept heads: checked, then this run's added (written on a first run)",
        "         [--rpc <node url>] [--anchor-from <address>]   the anchors of the heads on chain",
        `         [--candles] [--interval ${CANDLE_INTERVALS.join("|")}] [--from <iso>] [--to <iso>]   candles against ticks (default: the last hour)`,
        "       npm run verify -- --url <server> --reserves [--token=<user token>] [--rpc <node URL>] [--snapshot <id>]",
      ].join("\n"),
    );
    return values.help ? 0 : 2;
  }
  const api = new Api(values.url, values.token);
  if (values.reserves) return verifyReserves(api, values, table);
  const decimals = await api.currencyDecimals();
  const decimalsOf = (code) => decimals.get(code) ?? 18;

  const heads = await verifyHeads(api);
  table("Tick log heads (the newest minute of each pair, chained to its head)", heads, [
    "pair",
    "head",
    "hash",
    "ticks",
    "ok",
  ]);

  let orders = [];
  if (values.orders) {
    const parsed = JSON.parse(readFileSync(values.orders, "utf8"));
    orders = Array.isArray(parsed) ? parsed : (parsed.items ?? parsed.data?.items ?? []);
  }
  const unique = mergeOrders(orders, values.token ? await api.settledOrders() : []);
  const ring = keyring(await api.receiptKeys());
  const orderRows = await verifyOrders(unique, new TickSource(api), decimalsOf, ring);
  for (const problem of ring.problems) orderRows.push({ order: "keys", ok: false, issues: [problem] });
  table("Settled up/down orders, re-derived from the public tick log", orderRows, [
    "order",
    "pair",
    "dir",
    "entry",
    "exit",
    "result",
    "payout",
    "signed",
    "ticks",
    "ok",
  ]);

  let balanceRows = [];
  if (values.token) {
    const [bills, info] = await Promise.all([api.bills(), api.userinfo()]);
    balanceRows = verifyBalances(bills, info.users.balances);
    table(`Balances against the sum of ${bills.length} bills`, balanceRows, [
      "currency",
      "account",
      "balance",
      "bills",
      "ok",
    ]);
  }

  const remembered = await rememberedChecks(api, values);

  const all = [...heads, ...orderRows, ...balanceRows, ...remembered.rows];
  const bad = all.filter((r) => !r.ok).length;
  if (values.heads) remembered.save(bad === 0);
  console.log(
    `\n${bad ? `${bad} MISMATCH(ES)` : "All checks passed"}: ${heads.length} chain heads, ${orderRows.length} orders, ${balanceRows.length} balances${remembered.summary}.`,
  );
  return bad ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`verify: ${error.message}`);
    process.exit(2);
  },
);
