#!/usr/bin/env node
// The fairness verifier: npm run verify -- --url <server> [--token=<user token>] [--orders <file>]
// Node's standard library only, so anyone can read all of it before running it. It checks
//   1. the hash chain of every tick it fetches from the public tick log (and the day archives it uses),
//   2. every settled up/down order (the user's, with --token; those in --orders) against the log alone,
//   3. with --token, every balance against the sum of the user's bills.
// Prints a table per part and exits 1 on any mismatch (2 on bad arguments or an unreachable server).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Api } from "./verify/api.mjs";
import { verifyBalances } from "./verify/balances.mjs";
import { checkRun } from "./verify/chain.mjs";
import { TickSource, verifyOrders } from "./verify/orders.mjs";

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

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: "string" },
      token: { type: "string" },
      orders: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help || !values.url) {
    console.log("usage: npm run verify -- --url <server> [--token=<user token>] [--orders <file of orders as JSON>]");
    return values.help ? 0 : 2;
  }
  const api = new Api(values.url, values.token);
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
  if (values.token) orders = [...orders, ...(await api.settledOrders())];
  const unique = [...new Map(orders.map((o) => [o.id, o])).values()].sort((a, b) => a.id - b.id);
  const orderRows = await verifyOrders(unique, new TickSource(api), decimalsOf);
  table("Settled up/down orders, re-derived from the public tick log", orderRows, [
    "order",
    "pair",
    "dir",
    "entry",
    "exit",
    "result",
    "payout",
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

  const all = [...heads, ...orderRows, ...balanceRows];
  const bad = all.filter((r) => !r.ok).length;
  console.log(
    `\n${bad ? `${bad} MISMATCH(ES)` : "All checks passed"}: ${heads.length} chain heads, ${orderRows.length} orders, ${balanceRows.length} balances.`,
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
