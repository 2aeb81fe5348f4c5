import { createHash } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { holdingMainThread } from "../../lib/main-thread-hold";
import { postgresSession } from "./sessions";
import { type DumpRecord, migrationCount, readTables, type Summary, summarize } from "./tables";
import { extractTar, TarWriter } from "./tar";

/**
 * A backup is one gzip'd tar (decision 111): `manifest.json`, the database (`database/pglite.tar`, PGlite's own dump
 * of its data folder, or `database/tables.ndjson`, a logical dump of a PostgreSQL snapshot), and `uploads/…`. Beside
 * it, `<file>.sha256` in `sha256sum` form; both are written under a temporary name and renamed into place.
 */
export interface Manifest {
  format: "cryptos-backup";
  version: 1;
  createdAt: string;
  source: "pglite" | "postgres";
  database: "database/pglite.tar" | "database/tables.ndjson";
  /** Migrations applied in the source; a logical dump restores only into a database at the same count. */
  migrations: number;
  /** The snapshot's row counts, sums of postings and tick-chain heads: a restore must arrive at the same. */
  summary: Summary;
}

export interface BackupResult {
  file: string;
  sha256: string;
  bytes: number;
  /** How long the embedded database answered nothing else while its folder was dumped (PGlite only). */
  heldMs?: number;
  manifest: Manifest;
}

/** Uploaded images (`DATA_DIR/uploads`), as paths relative to the data folder. */
function uploadFiles(dataDir: string): { name: string; file: string; size: number }[] {
  const root = path.join(dataDir, "uploads");
  if (!existsSync(root)) return [];
  const out: { name: string; file: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile())
        out.push({
          name: path.relative(dataDir, full).split(path.sep).join("/"),
          file: full,
          size: statSync(full).size,
        });
    }
  };
  walk(root);
  return out;
}

/** How long PGlite's dump may hold the main thread before the stall guard ends the server anyway. */
const DUMP_ALLOW_MS = 10 * 60_000;

/** `name`, `name.1`, … in `dir`: where a partial file goes before its rename. */
const partial = (file: string) => `${file}.partial-${process.pid}`;

/**
 * Takes a backup of `database` (and `dataDir`'s uploads) into `file`. PGlite: the summary and the folder's dump are
 * taken inside one transaction, during which the embedded database answers nothing else; PostgreSQL: one REPEATABLE
 * READ snapshot on a connection of its own (`databaseUrl`), while the server goes on.
 */
export async function writeBackup(options: {
  /** The embedded database, open in this process; else `databaseUrl`'s PostgreSQL. */
  pglite?: PGlite | undefined;
  databaseUrl?: string | undefined;
  dataDir: string;
  file: string;
}): Promise<BackupResult> {
  const file = path.resolve(options.file);
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = partial(file);
  const tablesTemp = `${temp}.tables`;
  let manifest: Manifest;
  let pgliteDump: Buffer | undefined;
  let heldMs: number | undefined;
  try {
    const createdAt = new Date().toISOString();
    const client = options.pglite;
    if (client) {
      const taken = await client.transaction(async (tx) => {
        const began = performance.now();
        const q = tx as never;
        const summary = await summarize(q);
        const migrations = await migrationCount(q);
        // dumpDataDir waits for the query lock only, free between this transaction's statements: nothing else runs.
        // It reads every file of the folder in one synchronous walk, longer than the stall guard allows.
        const dump = await holdingMainThread(DUMP_ALLOW_MS, () => client.dumpDataDir("none"));
        return { summary, migrations, dump, heldMs: Math.round(performance.now() - began) };
      });
      heldMs = taken.heldMs;
      pgliteDump = Buffer.from(await taken.dump.arrayBuffer());
      manifest = {
        format: "cryptos-backup",
        version: 1,
        createdAt,
        source: "pglite",
        database: "database/pglite.tar",
        migrations: taken.migrations,
        summary: taken.summary,
      };
    } else {
      if (!options.databaseUrl) throw new Error("a PostgreSQL backup needs DATABASE_URL");
      const session = await postgresSession(options.databaseUrl);
      try {
        manifest = await session.snapshot(async (q) => {
          const summary = await summarize(q);
          const migrations = await migrationCount(q);
          await writeRecords(readTables(q), tablesTemp);
          return {
            format: "cryptos-backup",
            version: 1,
            createdAt,
            source: "postgres",
            database: "database/tables.ndjson",
            migrations,
            summary,
          } satisfies Manifest;
        });
      } finally {
        await session.close();
      }
    }

    const hash = createHash("sha256");
    let bytes = 0;
    const gzip = createGzip({ level: 1 });
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const written = pipeline(gzip, counted, createWriteStream(temp, { mode: 0o600 }));
    // A failed entry tears the streams down; the error is thrown where it happened, this one is only awaited at the end.
    written.catch(() => {});
    const tar = await TarWriter.open(gzip);
    await tar.add("manifest.json", Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    if (pgliteDump) await tar.add(manifest.database, pgliteDump);
    else await tar.addFile(manifest.database, tablesTemp, statSync(tablesTemp).size);
    // After the snapshot: every upload a backed-up row names was written before that row committed.
    for (const upload of uploadFiles(options.dataDir)) await tar.addFile(upload.name, upload.file, upload.size);
    await tar.end();
    await written;
    const sha256 = hash.digest("hex");
    await writeFile(`${temp}.sha256`, `${sha256}  ${path.basename(file)}\n`, { mode: 0o600 });
    renameSync(temp, file);
    renameSync(`${temp}.sha256`, `${file}.sha256`);
    return { file, sha256, bytes, heldMs, manifest };
  } finally {
    rmSync(tablesTemp, { force: true });
    rmSync(temp, { force: true });
    rmSync(`${temp}.sha256`, { force: true });
  }
}

/** One record per line: `{"table":…}`, `{"rows":…,"table":…}` with the rows as PostgreSQL wrote them, `{"sequence":…}`. */
async function writeRecords(records: AsyncIterable<DumpRecord>, file: string) {
  const out = createWriteStream(file, { mode: 0o600 });
  const put = (line: string) =>
    out.write(`${line}\n`) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", resolve));
  for await (const record of records) {
    if (record.kind === "table") await put(JSON.stringify({ table: record.name }));
    else if (record.kind === "sequence") await put(JSON.stringify({ sequence: record.name, value: record.value }));
    else for (const row of record.rows) await put(`{"in":${JSON.stringify(record.table)},"row":${row}}`);
  }
  out.end();
  await new Promise<void>((resolve, reject) => out.on("finish", resolve).on("error", reject));
}

/**
 * Reads `tables.ndjson` back as records. A row line's row is cut out as text (`{"in":"t","row":…}`), never parsed:
 * its numbers are exact decimals JavaScript would round.
 */
export async function* readRecords(file: string): AsyncGenerator<DumpRecord> {
  const { createInterface } = await import("node:readline");
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let batch: { table: string; rows: string[] } | undefined;
  for await (const line of lines) {
    if (!line) continue;
    if (line.startsWith('{"in":')) {
      const comma = line.indexOf(',"row":');
      const table = JSON.parse(line.slice(6, comma)) as string;
      const row = line.slice(comma + 7, -1);
      if (batch && batch.table !== table) {
        yield { kind: "rows", ...batch };
        batch = undefined;
      }
      batch ??= { table, rows: [] };
      batch.rows.push(row);
      if (batch.rows.length >= 2_000) {
        yield { kind: "rows", ...batch };
        batch = undefined;
      }
      continue;
    }
    if (batch) {
      yield { kind: "rows", ...batch };
      batch = undefined;
    }
    const record = JSON.parse(line) as { table?: string; sequence?: string; value?: string | null };
    if (record.table) yield { kind: "table", name: record.table };
    else if (record.sequence) yield { kind: "sequence", name: record.sequence, value: record.value ?? null };
  }
  if (batch) yield { kind: "rows", ...batch };
}

export class BackupRefused extends Error {}

/** Checks `file` against `file.sha256` (refused when it is missing or differs) and unpacks it into `into`. */
export async function openBackup(file: string, into: string): Promise<Manifest> {
  const sumFile = `${file}.sha256`;
  if (!existsSync(file)) throw new BackupRefused(`No backup at ${file}.`);
  if (!existsSync(sumFile))
    throw new BackupRefused(`No ${path.basename(sumFile)} beside the backup: its integrity cannot be checked.`);
  const expected = (await readFile(sumFile, "utf8")).trim().split(/\s+/)[0]?.toLowerCase();
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const actual = hash.digest("hex");
  if (actual !== expected) {
    throw new BackupRefused(
      `The backup ${file} is damaged: its SHA-256 is ${actual}, ${path.basename(sumFile)} says ${expected}.`,
    );
  }
  mkdirSync(into, { recursive: true });
  await extractTar(createReadStream(file).pipe(createGunzip()), into);
  const manifest = JSON.parse(await readFile(path.join(into, "manifest.json"), "utf8")) as Manifest;
  if (manifest.format !== "cryptos-backup" || manifest.version !== 1)
    throw new BackupRefused(`${file} is not a Cryptos backup this version reads.`);
  return manifest;
}
