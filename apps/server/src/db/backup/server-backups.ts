import type { Config } from "../../config";
import type { Database } from "../client";
import { writeBackup } from "./archive";
import { serveControl } from "./control";
import { type BackupLog, scheduledBackups } from "./schedule";

/**
 * What a running server does for backups (decision 111): on PGlite it answers `operator backup` through the data
 * folder's control socket (the folder is this process's alone); with BACKUP_DIR it writes scheduled backups.
 */
export async function serverBackups(
  database: Database,
  config: Config,
  log: BackupLog & { warn(message: string): void },
  incidents?: {
    raise(kind: "backup_failed", detail: string): Promise<unknown>;
    resolve(kind: "backup_failed"): Promise<unknown>;
  },
) {
  const take = (file: string) =>
    writeBackup({ pglite: database.pglite, databaseUrl: config.databaseUrl, dataDir: config.dataDir, file });
  const control = database.pglite
    ? await serveControl(config.dataDir, async ({ out }) => {
        const { file, sha256, bytes, heldMs } = await take(out);
        return { ok: true, file, sha256, bytes, heldMs };
      })
    : undefined;
  if (control && "problem" in control) log.warn(control.problem);
  const schedule = config.backupDir
    ? scheduledBackups({
        dir: config.backupDir,
        everyMs: config.backupEveryMs,
        keep: config.backupKeep,
        take,
        log,
        outcome: (failure) =>
          failure
            ? (incidents?.raise("backup_failed", failure) ?? Promise.resolve())
            : (incidents?.resolve("backup_failed") ?? Promise.resolve()),
      })
    : undefined;
  schedule?.start();
  return {
    async stop() {
      await schedule?.stop();
      if (control && "close" in control) await control.close();
    },
  };
}
