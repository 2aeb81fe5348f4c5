// The server for the exports suite: main.ts's app on PGlite in a new data folder (as `npm start` runs it), without
// the workers (the price feed's writes would blur the percentiles) and without the per-IP limits (every bench client
// is 127.0.0.1). Before it listens it signs up BENCH_EXPORT_USERS users with BENCH_EXPORT_BILLS bills each (written
// in bulk: one deposit through the ledger, then balanced entries of 1 USDT by SQL) and one more user without any,
// the one whose userinfo is timed. Prints `running at <url>` and a `BENCH_USERS <json>` line with the tokens.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { emailOutbox, ledgerAccounts } from "../../apps/server/src/db/schema/index.ts";
import { seedDatabase } from "../../apps/server/src/seed.ts";

const USERS = Number(process.env.BENCH_EXPORT_USERS ?? 10);
const BILLS = Number(process.env.BENCH_EXPORT_BILLS ?? 20_658);

const dataDir = mkdtempSync(path.join(os.tmpdir(), "cryptos-bench-exports-"));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir }, { webDist: undefined, perIpLimits: false });
const database = await openDatabase({ dataDir });
await seedDatabase(database, config);
const app = await buildApp({ config, database, logger: false, rateLimitPerMinute: 1e9 });
const { db } = database;

async function signUp(n) {
  const email = `bench-export-${n}@example.com`;
  await app.inject({ method: "POST", url: "/api/ems/send", payload: { email, event: "register" } });
  const [mail] = await db
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
  return reg.json().data.userinfo;
}

/** `BILLS` bills for `userId`: 1 USDT each from the deposit clearing account, balances running on. */
async function fill(userId) {
  const { ledger } = app.services;
  await ledger.transaction((tx) =>
    ledger.post(tx, {
      type: "deposit",
      idempotencyKey: `bench-export-first:${userId}`,
      postings: [
        { account: { userId, currency: "USDT", kind: "available" }, amount: "1" },
        { account: { system: "deposit_clearing", currency: "USDT" }, amount: "-1" },
      ],
    }),
  );
  const [mine] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, "available")));
  const [clearing] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.systemKey, "deposit_clearing"), isNull(ledgerAccounts.userId)));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into journal_entries (type, idempotency_key, created_at)
      select 'deposit', 'bench-export:' || ${userId} || ':' || g, now() - make_interval(secs => ${BILLS} - g)
        from generate_series(2, ${BILLS}) g`);
    await tx.execute(sql`
      insert into postings (entry_id, account_id, amount, balance_after, created_at)
      select e.id, a.account, a.amount, case when a.account = ${mine.id} then 1 + row_number() over (partition by a.account order by e.id) end, e.created_at
        from journal_entries e
        cross join (values (${mine.id}::int, 1), (${clearing.id}::int, -1)) a(account, amount)
       where e.idempotency_key like ${`bench-export:${userId}:%`}`);
    await tx.execute(sql`update ledger_accounts set balance = ${BILLS} where id = ${mine.id}`);
  });
}

const exporters = [];
for (let n = 0; n < USERS; n++) {
  const user = await signUp(n);
  const started = performance.now();
  await fill(user.id);
  process.stderr.write(
    `  · exports: user ${n + 1}/${USERS}, ${BILLS} bills in ${Math.round(performance.now() - started)} ms\n`,
  );
  exporters.push(user.token);
}
const prober = (await signUp("prober")).token;

await app.listen({ port: 0, host: "127.0.0.1" });
process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
process.stdout.write(`BENCH_USERS ${JSON.stringify({ exporters, prober })}\n`);
process.stdout.write(`running at http://127.0.0.1:${app.server.address().port}/\n`);
