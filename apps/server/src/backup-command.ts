import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "./config";
import { BackupRefused, writeBackup } from "./db/backup/archive";
import { askServer } from "./db/backup/control";
import { migrateToPostgres } from "./db/backup/migrate";
import { restoreBackup } from "./db/backup/restore";
import { type Comparison, formatComparison } from "./db/backup/tables";
import { openDatabase } from "./db/client";
import { DataDirInUse } from "./db/data-dir-lock";

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string, code = 1) => {
  process.stderr.write(`${line}\n`);
  return code;
};

/** `operator backup --out <file>`: PostgreSQL directly; PGlite through the running server, else the folder itself. */
async function backup(file: string): Promise<number> {
  const config = loadConfig(process.env, {});
  const target = path.resolve(file);
  if (config.databaseUrl) {
    const done = await writeBackup({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, file: target });
    out(`Backup written: ${done.file} (${done.bytes} bytes, sha256 ${done.sha256}), from PostgreSQL.`);
    return 0;
  }
  const answer = await askServer(config.dataDir, { op: "backup", out: target });
  if (answer) {
    if (!answer.ok) return fail(`The running server could not take the backup: ${answer.error}`);
    out(
      `Backup written: ${answer.file} (${answer.bytes} bytes, sha256 ${answer.sha256}), taken by the running server, which answered nothing else for ${answer.heldMs} ms.`,
    );
    return 0;
  }
  if (!existsSync(path.join(config.dataDir, "pglite", "PG_VERSION"))) {
    return fail(`No database in ${path.join(config.dataDir, "pglite")}: nothing to back up (is DATA_DIR right?).`);
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUse) {
      return fail(
        `${error.message} No server answers on ${path.join(config.dataDir, "control.sock")}, so no backup was taken.`,
      );
    }
    throw error;
  }
  try {
    const done = await writeBackup({ pglite: database.pglite, dataDir: config.dataDir, file: target });
    out(`Backup written: ${done.file} (${done.bytes} bytes, sha256 ${done.sha256}), from the stopped data folder.`);
    return 0;
  } finally {
    await database.close();
  }
}

function printComparison(rows: Comparison[], sides: [string, string]) {
  out(`${"".padEnd(8)}  ${sides[0]} -> ${sides[1]}`);
  out(formatComparison(rows));
  const bad = rows.filter((r) => !r.ok).length;
  out(bad ? `${bad} MISMATCH${bad === 1 ? "" : "ES"}.` : "Everything matches.");
  return bad ? 1 : 0;
}

async function restore(file: string): Promise<number> {
  const config = loadConfig(process.env, {});
  const { manifest, comparison } = await restoreBackup(file, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  const where = config.databaseUrl ? "the database at DATABASE_URL" : path.join(config.dataDir, "pglite");
  out(`Restored the backup of ${manifest.createdAt} (${manifest.source}) into ${where}.`);
  return printComparison(comparison, ["at the snapshot", "restored"]);
}

async function migrate(url: string): Promise<number> {
  const config = loadConfig(process.env, {});
  if (config.databaseUrl) return fail("migrate copies the PGlite folder of DATA_DIR: unset DATABASE_URL.", 2);
  const comparison = await migrateToPostgres(config.dataDir, url);
  out(`Copied ${path.join(config.dataDir, "pglite")} into PostgreSQL.`);
  const code = printComparison(comparison, ["PGlite", "PostgreSQL"]);
  if (!code) out("Start the server with DATABASE_URL set to this database (and the same DATA_DIR, for the uploads).");
  return code;
}

/** backup, restore and migrate; a refusal is one clear line and exit code 1. */
export async function backupCommand(command: "backup" | "restore" | "migrate", argument: string): Promise<number> {
  try {
    if (command === "backup") return await backup(argument);
    if (command === "restore") return await restore(argument);
    return await migrate(argument);
  } catch (error) {
    if (error instanceof BackupRefused || error instanceof DataDirInUse) return fail(error.message);
    throw error;
  }
}
