import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "./client";

/** Raw SQL answers come back as `{rows}` on both PGlite and node-postgres. */
export async function rowsOf<T>(conn: Db | Tx, query: SQL): Promise<T[]> {
  return ((await conn.execute(query)) as unknown as { rows: T[] }).rows;
}
