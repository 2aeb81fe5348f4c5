// (a) productlist req/s against a bare Fastify route serving the same bytes, and (b) domiao placements/s against a
// plain single-row insert transaction on the same database. Both servers listen in this process; autocannon
// drives them from here too, so both sides share the same set-up.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { desc, eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { emailOutbox } from "../../apps/server/src/db/schema/index.ts";
import { seedDatabase } from "../../apps/server/src/seed.ts";
import { emit, freshDatabase, median, progress, SECONDS } from "../lib.mjs";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Concurrent traders placing orders: where placement throughput saturates on the bench machine. */
const TRADERS = Number(process.env.BENCH_TRADERS ?? 100);
const POOL = 10;

const fresh = await freshDatabase("http");
const database = await openDatabase({ databaseUrl: fresh.url, poolSize: POOL });
await seedDatabase(database);
const config = loadConfig({ LOG_LEVEL: "silent" }, { webDist: undefined, perIpLimits: false });
const app = await buildApp({ config, database, logger: false, rateLimitPerMinute: 1e9 });
const market = app.services.market;
const pairs = await market.listPairs(1);
let step = 0;
const tickAll = () =>
  market.recordQuotes(pairs.map((p, i) => ({ pairId: p.id, price: String(100 + i + (step++ % 7) / 10) })));
await tickAll();
await app.listen({ port: 0, host: "127.0.0.1" });
const ours = `http://127.0.0.1:${app.server.address().port}`;

const load = (options) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });

// ---- (a) productlist -------------------------------------------------------------------------------------------
const listPath = "/api/index/productlist?product_type=1";
const sample = await app.inject({ method: "GET", url: listPath });
const bare = Fastify({ logger: false });
bare.get("/bare", (_req, reply) => reply.type("application/json; charset=utf-8").send(sample.body));
await bare.listen({ port: 0, host: "127.0.0.1" });
const bareUrl = `http://127.0.0.1:${bare.server.address().port}/bare`;
const ticker = setInterval(() => void tickAll().catch(() => {}), 1000); // prices change every second, as live
const oursRps = [];
const bareRps = [];
for (let round = 0; round < 2; round++) {
  progress(`productlist round ${round + 1}/2`);
  const b = await load({ url: bareUrl });
  bareRps.push(b.requests.average);
  const o = await load({ url: ours + listPath });
  if (o.non2xx > 0) progress(`productlist: ${o.non2xx} non-2xx answers`);
  oursRps.push(o.requests.average);
}
emit({
  name: "api: productlist req/s",
  value: Math.round(median(oursRps)),
  unit: "req/s",
  baseline: Math.round(median(bareRps)),
  baselineName: "bare Fastify route, same body",
  target: 0.5,
  check: "ratio",
  note: `${CONNECTIONS} connections, ${SECONDS}s x 2 rounds, ${sample.body.length} bytes, ${pairs.length} pairs`,
});
await bare.close();

// ---- (b) domiao --------------------------------------------------------------------------------------------------
progress("domiao: signing up users");
const USERS = TRADERS;
const tokens = [];
for (let i = 0; i < USERS; i++) {
  const email = `bench-${randomUUID()}@example.com`;
  await app.inject({ method: "POST", url: "/api/ems/send", payload: { email, event: "register" } });
  const [mail] = await database.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  const reg = await app.inject({
    method: "POST",
    url: "/api/user/register",
    payload: { email, code, password: "bench-password-1" },
  });
  const { token, id } = reg.json().data.userinfo;
  await app.services.ledger.transaction((tx) =>
    app.services.ledger.post(tx, {
      type: "deposit",
      idempotencyKey: `bench-fund:${randomUUID()}`,
      postings: [
        { account: { userId: id, currency: "USDT", kind: "available" }, amount: "100000000" },
        { account: { system: "deposit_clearing", currency: "USDT" }, amount: "-100000000" },
      ],
    }),
  );
  tokens.push(token);
}
const btc = pairs.find((p) => p.symbol === "BTC/USDT") ?? pairs[0];

await createBaselineTable();

/** The baseline: BEGIN; one INSERT; COMMIT; from `callers` lanes over a pool as large as the server's. */
async function baselineInserts(callers) {
  const pool = new pg.Pool({ connectionString: fresh.url, max: POOL });
  let inserts = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, lane) => {
      while (Date.now() < until) {
        const client = await pool.connect();
        try {
          await client.query("begin");
          await client.query("insert into bench_single_insert (user_id, amount) values ($1, $2)", [lane, "10"]);
          await client.query("commit");
          inserts++;
        } finally {
          client.release();
        }
      }
    }),
  );
  await pool.end();
  return inserts / SECONDS;
}

async function createBaselineTable() {
  const pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
  await pool.query(
    "create table bench_single_insert (id bigserial primary key, user_id int not null, amount numeric(38,18) not null, created_at timestamptz not null default now())",
  );
  await pool.end();
}

const probe = await app.inject({
  method: "POST",
  url: "/api/index/domiao",
  headers: { token: tokens[0] },
  payload: { productid: btc.id, direction: "up", amount: "10", seconds: 30 },
});
if (probe.json().code !== 1) progress(`domiao refused: ${probe.body}`);
const orderCount = async () => (await database.db.execute(sql`select count(*)::int as n from updown_orders`)).rows[0].n;

/** Placements over HTTP from `callers` concurrent clients (each on its own connection) for SECONDS. */
async function placements(callers) {
  let next = 0;
  const before = await orderCount();
  const refusals = new Map();
  const placed = await load({
    url: `${ours}/api/index/domiao`,
    connections: callers,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ productid: btc.id, direction: "up", amount: "10", seconds: 30 }),
        setupRequest: (req) => {
          req.headers = { ...req.headers, token: tokens[next++ % tokens.length] };
          return req;
        },
        onResponse: (_status, body) => {
          const answer = JSON.parse(body);
          if (answer.code !== 1) refusals.set(answer.msg, (refusals.get(answer.msg) ?? 0) + 1);
        },
      },
    ],
  });
  if (refusals.size) progress(`domiao refusals: ${JSON.stringify(Object.fromEntries(refusals))}`);
  const accepted = (await orderCount()) - before;
  return { perSecond: accepted / SECONDS, requests: placed.requests.total, accepted };
}

// Throughput is measured where it saturates: 100 traders at once, and the baseline's lanes just as many (its
// pool, like the server's, has POOL connections). At 10 callers the server's batches stay small (about half the
// callers are in a batch while the others are on their way), so that figure is printed too, without a target.
for (const callers of [TRADERS, POOL]) {
  progress(`domiao: baseline single-row insert transactions, ${callers} callers`);
  const baselineTps = await baselineInserts(callers);
  progress(`domiao: placements over HTTP, ${callers} callers`);
  const run = await placements(callers);
  emit({
    name: callers === TRADERS ? "api: domiao placements/s" : `api: domiao placements/s, ${callers} callers`,
    value: Math.round(run.perSecond),
    unit: "orders/s",
    baseline: Math.round(baselineTps),
    baselineName: `single-row insert transaction, same database, ${callers} callers over ${POOL} connections`,
    ...(callers === TRADERS ? { target: 0.3, check: "ratio" } : {}),
    note: `${callers} HTTP connections, ${USERS} users, ${run.requests} requests, ${run.accepted} orders accepted`,
  });
}
clearInterval(ticker);

await app.close();
await database.close();
await fresh.drop();
