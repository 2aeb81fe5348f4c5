import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { processAlive } from "../data-dir-lock";
import type { BackupResult } from "./archive";

const NAME = /^cryptos-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;

/** `cryptos-2026-11-28T06-00-00-000Z.tar.gz`: names sort as their times do. */
export const scheduledBackupName = (at: Date) => `cryptos-${at.toISOString().replaceAll(/[:.]/g, "-")}.tar.gz`;

const PARTIAL = /^cryptos-.*\.tar\.gz\.partial-(\d+)/;

/**
 * Deletes all but the newest `keep` scheduled backups in `dir` (and their .sha256), and the partial files of
 * processes that died while writing one; returns the backups deleted.
 */
export function rotateBackups(dir: string, keep: number): string[] {
  const names = readdirSync(dir);
  for (const name of names) {
    const pid = Number(PARTIAL.exec(name)?.[1]);
    if (pid && pid !== process.pid && !processAlive(pid)) rmSync(path.join(dir, name), { force: true });
  }
  const backups = names
    .filter((name) => NAME.test(name))
    .sort()
    .reverse();
  const old = backups.slice(keep);
  for (const name of old) {
    rmSync(path.join(dir, name), { force: true });
    rmSync(path.join(dir, `${name}.sha256`), { force: true });
  }
  return old;
}

export interface BackupLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * Every `everyMs`, a backup into `dir`, then all but the newest `keep` deleted. A run still going when the next is due
 * makes that one wait for the following turn; a failure is logged (error level, "backup failed"), told to `outcome`
 * (the operator alert) and tried again at the next turn.
 */
export function scheduledBackups(options: {
  dir: string;
  everyMs: number;
  keep: number;
  take: (file: string) => Promise<BackupResult>;
  log: BackupLog;
  /** Told after each scheduled run: the operator alert `backup_failed` opens on a failure and resolves on success. */
  outcome?: (failure: string | undefined) => Promise<unknown>;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = async () => {
    const file = path.join(options.dir, scheduledBackupName(new Date()));
    try {
      const done = await options.take(file);
      const deleted = rotateBackups(options.dir, options.keep);
      options.log.info({ file, bytes: done.bytes, deleted }, "backup written");
      await options.outcome?.(undefined).catch(() => {});
    } catch (error) {
      options.log.error({ err: error, file }, "backup failed");
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      await options.outcome?.(`${path.basename(file)}: ${reason}`).catch(() => {});
    }
  };
  return {
    start() {
      timer = setInterval(() => {
        if (running) return;
        running = run().finally(() => {
          running = undefined;
        });
      }, options.everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
