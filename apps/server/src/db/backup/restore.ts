import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Database, openDatabase } from "../client";
import { lockDataDir } from "../data-dir-lock";
import { BackupRefused, type Manifest, openBackup, readRecords } from "./archive";
import { pgliteSession, postgresSession, type Session } from "./sessions";
import {
  type Comparison,
  compareSummaries,
  type DumpRecord,
  migrationCount,
  nonEmptyTables,
  readTables,
  summarize,
  writeTables,
} from "./tables";

export interface RestoreTarget {
  /** Uploads go to `dataDir/uploads`; without `databaseUrl` the database goes to `dataDir/pglite`. */
  dataDir: string;
  databaseUrl?: string | undefined;
}

const hasFiles = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** Refuses a target that holds anything: a restore never mixes a backup with other data. */
async function refuseNonEmpty(target: RestoreTarget) {
  if (!target.databaseUrl) {
    if (existsSync(path.join(target.dataDir, "pglite", "PG_VERSION"))) {
      throw new BackupRefused(
        `${path.join(target.dataDir, "pglite")} already holds a database: restore into an empty DATA_DIR.`,
      );
    }
  }
  if (hasFiles(path.join(target.dataDir, "uploads"))) {
    throw new BackupRefused(`${path.join(target.dataDir, "uploads")} is not empty: restore into an empty DATA_DIR.`);
  }
  if (!target.databaseUrl) return;
  const session = await postgresSession(target.databaseUrl);
  try {
    const full = await session.write(nonEmptyTables);
    if (full.length) {
      throw new BackupRefused(
        `The database at DATABASE_URL is not empty (rows in ${full.slice(0, 5).join(", ")}${full.length > 5 ? ", …" : ""}): restore into an empty database.`,
      );
    }
  } finally {
    await session.close();
  }
}

/** Writes `records` into the target's database, checking once more, in the same transaction, that it is empty. */
async function load(session: Session, records: AsyncIterable<DumpRecord>, migrations?: number) {
  await session.write(async (q) => {
    if ((await nonEmptyTables(q)).length)
      throw new BackupRefused("The target database filled up meanwhile: nothing restored.");
    if (migrations !== undefined && (await migrationCount(q)) !== migrations) {
      throw new BackupRefused(
        `The backup was taken at schema version ${migrations}, this build is at ${await migrationCount(q)}: restore it with the version that made it, then upgrade.`,
      );
    }
    await writeTables(q, records);
  });
}

const sessionOf = async (database: Database, target: RestoreTarget): Promise<Session> =>
  database.pglite ? pgliteSession(database.pglite) : postgresSession(target.databaseUrl!);

/**
 * Restores `file` into an empty target (decision 111), then compares the restored database's row counts, sums of
 * postings, tick-chain heads and balances with those the backup recorded at its snapshot.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
): Promise<{ manifest: Manifest; comparison: Comparison[] }> {
  await refuseNonEmpty(target);
  mkdirSync(target.dataDir, { recursive: true });
  // Unpacked beside the data folder's uploads, so they move in by a rename.
  const staging = target.databaseUrl
    ? mkdtempSync(path.join(tmpdir(), "cryptos-restore-"))
    : mkdtempSync(path.join(target.dataDir, ".restore-"));
  try {
    const manifest = await openBackup(path.resolve(file), staging);
    const dumped = path.join(staging, manifest.database);
    let database: Database;
    if (manifest.database === "database/pglite.tar" && !target.databaseUrl) {
      // PGlite's own dump back into a folder: the cluster as it was, recovered from its write-ahead log on start.
      const unlock = lockDataDir(target.dataDir);
      try {
        const client = new PGlite(path.join(target.dataDir, "pglite"), {
          loadDataDir: new Blob([readFileSync(dumped)]),
        });
        await client.waitReady;
        await client.close();
      } finally {
        unlock();
      }
      database = await openDatabase({ dataDir: target.dataDir });
    } else if (manifest.database === "database/pglite.tar") {
      // PGlite's dump into PostgreSQL: opened in memory (and migrated to this build), then copied as a migration is.
      const source = await openDatabase({ template: new Blob([readFileSync(dumped)]) });
      try {
        database = await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 1 });
        const into = await sessionOf(database, target);
        try {
          await pgliteSession(source.pglite!).snapshot((q) => load(into, readTables(q)));
        } finally {
          await into.close();
        }
      } finally {
        await source.close();
      }
    } else {
      database = await openDatabase(
        target.databaseUrl ? { databaseUrl: target.databaseUrl, poolSize: 1 } : { dataDir: target.dataDir },
      );
      const into = await sessionOf(database, target);
      try {
        await load(into, readRecords(dumped), manifest.migrations);
      } finally {
        await into.close();
      }
    }
    try {
      const uploads = path.join(staging, "uploads");
      if (existsSync(uploads)) moveInto(uploads, path.join(target.dataDir, "uploads"));
      const session = await sessionOf(database, target);
      try {
        const restored = await session.snapshot(summarize);
        return { manifest, comparison: compareSummaries(manifest.summary, restored) };
      } finally {
        await session.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Moves a folder's files into `to` (a rename when `to` is absent; across file systems, one file at a time). */
function moveInto(from: string, to: string) {
  if (!existsSync(to)) {
    try {
      renameSync(from, to);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    }
  }
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory()) moveInto(source, dest);
    else {
      try {
        renameSync(source, dest);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        copyFileSync(source, dest);
      }
    }
  }
}
