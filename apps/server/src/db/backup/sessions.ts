import type { PGlite } from "@electric-sql/pglite";
import type { Queryable } from "./tables";

/** One transaction at a time on one connection: a consistent read, or a write that commits whole or not at all. */
export interface Session {
  /** A REPEATABLE READ, read-only transaction: everything `fn` reads is one moment of the database. */
  snapshot<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  write<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A connection of its own to PostgreSQL (the pool's connections would hand the snapshot to other queries). */
export async function postgresSession(url: string): Promise<Session> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const within = async <T>(begin: string, fn: (q: Queryable) => Promise<T>) => {
    await client.query(begin);
    try {
      const result = await fn(client as unknown as Queryable);
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
  };
  return {
    snapshot: (fn) => within("begin isolation level repeatable read read only", fn),
    write: (fn) => within("begin", fn),
    close: () => client.end(),
  };
}

/** PGlite has one connection: any of its transactions is alone, so a plain one is already a snapshot. */
export function pgliteSession(client: PGlite): Session {
  const within = <T>(fn: (q: Queryable) => Promise<T>) => client.transaction((tx) => fn(tx as unknown as Queryable));
  return { snapshot: within, write: within, close: async () => {} };
}
