import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DbKind;
  /** The embedded database itself (PGlite only): backups dump its data folder (decision 111). */
  pglite?: PGlite;
  /** PGlite's files (DATA_DIR/pglite) when it keeps them on disk; absent for PostgreSQL and an in-memory PGlite. */
  dataFolder?: string;
  /**
   * Calls `onPayload` with the `NOTIFY`s (`pg_notify`) of `channel` from every connection to this database, each
   * once its transaction has committed (never on rollback). Resolves once listening; the returned function stops.
   * `onReconnect` runs when a dropped listening connection is back: notifications sent meanwhile are lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * The connection pool now (the metrics): PostgreSQL's pool of up to `max` connections, `open` of them made, `idle`
   * of those free, `waiting` queries queued for one. PGlite is one in-process connection: max and open are 1, and
   * idle and waiting are not known (null): its statements take turns inside the process.
   */
  connections(): { max: number; open: number; idle: number | null; waiting: number | null };
  close(): Promise<void>;
}

/** Beside this file in the source tree, and copied beside the bundle by build.mjs. */
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** An empty cluster with every migration applied, written beside the bundle by build.mjs (absent in the source tree). */
const clusterTemplate = fileURLToPath(new URL("./pglite-template", import.meta.url));

/**
 * PGlite's settings for a data folder. PostgreSQL's defaults suit a server with its own memory; here every buffer
 * lives in the app's own process and a WebAssembly heap never gives memory back, so they are kept small: 16 MB of
 * shared buffers hold the hot candles and ticks (the charts read a few pages each), and the write-ahead log is
 * bounded (decision 028).
 */
export const PGLITE_SETTINGS = [
  "shared_buffers=16MB",
  "wal_buffers=1MB",
  "temp_buffers=2MB",
  "work_mem=2MB",
  "maintenance_work_mem=16MB",
  "max_wal_size=128MB",
  "min_wal_size=32MB",
];

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite files live here; `undefined` with no URL means an in-memory PGlite (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * An in-memory PGlite starts from this dump (`dumpDataDir`) instead of an empty cluster: tests load a migrated one,
   * which skips the two seconds PGlite spends creating a cluster.
   */
  template?: Blob | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // The PostgreSQL driver only when there is a PostgreSQL: an embedded start does not load it.
    const [{ default: pgDriver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const max = options.poolSize ?? 10;
    const pool = new pgDriver.Pool({ connectionString: options.databaseUrl, max });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    const listeners = new Set<PgListener>();
    return {
      db,
      kind: "postgres",
      connections: () => ({ max, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async listen(channel, onPayload, onReconnect) {
        const listener = new PgListener(pgDriver, options.databaseUrl!, channel, onPayload, onReconnect);
        listeners.add(listener);
        await listener.start();
        return async () => {
          listeners.delete(listener);
          await listener.stop();
        };
      },
      async close() {
        await Promise.all([...listeners].map((listener) => listener.stop()));
        await pool.end();
      },
    };
  }
  let client: PGlite;
  let unlock = () => {};
  let dataFolder: string | undefined;
  if (options.dataDir) {
    unlock = lockDataDir(options.dataDir);
    const dir = path.join(options.dataDir, "pglite");
    dataFolder = dir;
    if (!existsSync(path.join(dir, "PG_VERSION")) && existsSync(clusterTemplate)) startFromTemplate(dir);
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])],
    });
  } else {
    client = new PGlite(options.template ? { loadDataDir: options.template } : {});
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    unlock();
    throw error;
  }
  return {
    db,
    kind: "pglite",
    connections: () => ({ max: 1, open: client.closed ? 0 : 1, idle: null, waiting: null }),
    pglite: client,
    ...(dataFolder ? { dataFolder } : {}),
    async listen(channel, onPayload) {
      // One embedded connection, never dropped: its own NOTIFYs reach it when their transaction commits.
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * A data folder without a cluster becomes a copy of the build's template: copied beside it and renamed into place,
 * so a start that dies halfway leaves no half cluster (`PG_VERSION` is what marks one).
 */
function startFromTemplate(dir: string) {
  const staging = `${dir}.new`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(clusterTemplate, staging, { recursive: true });
  // What a folder without PG_VERSION holds is no cluster (an earlier start stopped before initdb finished).
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

/** A dump of an empty in-memory PGlite with every migration applied: `openDatabase({ template })` starts from it. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = new PGlite();
  await migratePglite(drizzlePglite(client) as never, { migrationsFolder });
  const dump = await client.dumpDataDir("none");
  await client.close();
  return dump;
}

/**
 * `LISTEN` on a connection of its own (a pooled one would be handed to other queries and lose it). When that
 * connection drops, it reconnects with backoff (1 s doubling to 30 s) and tells its handler, which may have missed
 * notifications meanwhile.
 */
class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly driver: typeof pg,
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onReconnect: (() => void) | undefined,
  ) {}

  /** The first connection must succeed: an instance that cannot listen would never deliver events. */
  start(): Promise<void> {
    return this.connect();
  }

  private async connect(): Promise<void> {
    const client = new this.driver.Client({ connectionString: this.url });
    let listening = false;
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      client.end().catch(() => {});
      if (!listening) return; // connect() rejects, and its caller decides
      if (this.client === client) this.client = null;
      this.scheduleReconnect();
    };
    client.on("error", drop);
    client.on("end", drop);
    client.on("notification", (message) => {
      if (message.channel === this.channel && message.payload !== undefined) this.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      drop();
      throw error;
    }
    if (lost || this.stopped) {
      await client.end().catch(() => {});
      if (lost && !this.stopped) throw new Error("the listening connection closed while it started");
      return;
    }
    listening = true;
    this.client = client;
    this.attempt = 0;
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    const delay = Math.min(30_000, 1_000 * 2 ** this.attempt);
    this.attempt += 1;
    this.retry = setTimeout(() => {
      this.connect().then(
        () => {
          if (!this.stopped) this.onReconnect?.();
        },
        () => this.scheduleReconnect(),
      );
    }, delay);
    this.retry.unref();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
