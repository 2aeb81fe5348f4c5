import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/** Another live process holds the data folder: PGlite's files must never be opened by two processes at once. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${pid} (a running server?). Stop it first; a backup asks the running server instead.`,
    );
  }
}

/** Whether a process with this id exists (one of another user's counts). */
export const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Takes `DATA_DIR/pglite.lock` (the holder's pid) for as long as this process has the embedded database open; returns
 * the release. A lock whose process is gone (killed, crashed) is taken over; so is one naming this very pid, which
 * can only be left by an earlier process (a container restarts its server with the same pid).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const pid = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid))
        throw new DataDirInUse(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
}
