import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Takes or renews the lease `name` for `holder` for `ttlMs`, in one atomic statement: it succeeds only when the
 * lease is free, expired, or already held by `holder`. Time is the database's, so instances with skewed clocks
 * still agree. Returns whether `holder` now holds it.
 */
export async function acquireLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into leases (name, holder, expires_at)
    values (${name}, ${holder}, now() + make_interval(secs => ${ttlMs / 1000}))
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where leases.expires_at < now() or leases.holder = excluded.holder
    returning holder`)) as unknown as { rows: { holder: string }[] };
  return result.rows[0]?.holder === holder;
}

/** Gives the lease up at once (graceful stop), so another instance takes over without waiting for expiry. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.execute(
    sql`update leases set expires_at = now() - interval '1 second' where name = ${name} and holder = ${holder}`,
  );
}

/** Who holds the lease now, if anyone. */
export async function leaseHolder(db: Db, name: string): Promise<string | undefined> {
  const result = (await db.execute(
    sql`select holder from leases where name = ${name} and expires_at >= now()`,
  )) as unknown as { rows: { holder: string }[] };
  return result.rows[0]?.holder;
}
