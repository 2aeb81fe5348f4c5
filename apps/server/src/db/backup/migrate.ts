import { type Database, openDatabase } from "../client";
import { BackupRefused } from "./archive";
import { pgliteSession, postgresSession } from "./sessions";
import {
  type Comparison,
  compareSummaries,
  nonEmptyTables,
  readTables,
  sequenceValues,
  summarize,
  writeTables,
} from "./tables";

/**
 * Copies the PGlite database of `dataDir` into the empty PostgreSQL at `url` (decision 112): the folder must not be in
 * use (openDatabase refuses while a server holds it), the target is migrated to this build, filled in one transaction
 * from one snapshot, and then both sides are compared: rows per table, sums of postings, tick-chain heads, balances
 * and every sequence.
 */
export async function migrateToPostgres(dataDir: string, url: string): Promise<Comparison[]> {
  // The folder first: a running server's is refused before anything else is touched.
  const source = await openDatabase({ dataDir });
  try {
    await refuseNonEmpty(url);
    return await copy(source, url);
  } finally {
    await source.close();
  }
}

async function refuseNonEmpty(url: string) {
  const probe = await postgresSession(url);
  try {
    const full = await probe.write(async (q) => {
      const { rows } = await q.query<{ n: string }>(
        "select count(*)::text as n from pg_tables where schemaname = 'public'",
      );
      return Number(rows[0]!.n) ? nonEmptyTables(q) : [];
    });
    if (full.length) {
      throw new BackupRefused(
        `The PostgreSQL database is not empty (rows in ${full.slice(0, 5).join(", ")}${full.length > 5 ? ", …" : ""}): migrate into an empty database.`,
      );
    }
  } finally {
    await probe.close();
  }
}

async function copy(source: Database, url: string): Promise<Comparison[]> {
  const migrated = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await migrated.close();
  const from = pgliteSession(source.pglite!);
  const into = await postgresSession(url);
  try {
    await from.snapshot((q) =>
      into.write(async (t) => {
        if ((await nonEmptyTables(t)).length)
          throw new BackupRefused("The PostgreSQL database filled up meanwhile: nothing copied.");
        await writeTables(t, readTables(q));
      }),
    );
    const [a, b] = [await from.snapshot(summarize), await into.snapshot(summarize)];
    const [sa, sb] = [await from.snapshot(sequenceValues), await into.snapshot(sequenceValues)];
    const comparison = compareSummaries(a, b);
    for (const name of [...new Set([...Object.keys(sa), ...Object.keys(sb)])].sort()) {
      comparison.push({
        what: `sequence ${name}`,
        source: sa[name] ?? "(none)",
        target: sb[name] ?? "(none)",
        ok: sa[name] === sb[name],
      });
    }
    return comparison;
  } finally {
    await into.close();
  }
}
