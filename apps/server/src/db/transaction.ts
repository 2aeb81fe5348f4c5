import type { Db, Tx } from "./client";

/** PostgreSQL's deadlock_detected and serialization_failure, possibly wrapped by the driver layer. */
function isRetryable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "40P01" || code === "40001") return true;
  }
  return false;
}

const hooks = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs `hook` once the transaction `tx` (opened by `withTransaction`) has committed; never when it rolls back or is
 * retried. For caches that may only learn what the database has kept.
 */
export function afterCommit(tx: Tx, hook: () => void): void {
  const list = hooks.get(tx);
  if (list) list.push(hook);
  else hooks.set(tx, [hook]);
}

/**
 * One transaction around `work`; everything written inside it commits or rolls back together. A deadlock or
 * serialization failure (which PostgreSQL resolves by aborting one side) is retried, never shown as a fault, so
 * `work` must only write through `tx`. Inside `work`, every query must go through `tx`: PGlite has a single
 * connection, and a query on the outer `db` would wait for the transaction that waits for it.
 */
export async function withTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let outer: Tx | undefined;
    let result: T;
    try {
      result = await db.transaction((tx) => {
        outer = tx;
        return work(tx);
      });
    } catch (error) {
      if (attempt >= 5 || !isRetryable(error)) throw error;
      continue;
    }
    for (const hook of (outer && hooks.get(outer)) ?? []) hook();
    return result;
  }
}
