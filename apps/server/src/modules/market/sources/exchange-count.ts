import { execFile } from "node:child_process";
import { createRequire } from "node:module";

let counting: Promise<number | null> | undefined;
let counted: number | null | undefined;

/**
 * How many exchanges the installed ccxt supports: the true figure behind the marketing line. Counted once per
 * process in a short-lived child process, so a server on the simulated market never keeps ccxt's ~90 MB loaded.
 * Null when ccxt cannot be loaded.
 */
export function exchangeCount(): Promise<number | null> {
  counting ??= new Promise<number | null>((resolve) => {
    let entry: string;
    try {
      entry = createRequire(import.meta.url).resolve("ccxt");
    } catch {
      resolve(null);
      return;
    }
    execFile(
      process.execPath,
      ["-e", `process.stdout.write(String(require(${JSON.stringify(entry)}).exchanges.length))`],
      { timeout: 30_000 },
      (error, stdout) => {
        const n = Number.parseInt(stdout, 10);
        resolve(error || !Number.isFinite(n) ? null : n);
      },
    );
  }).then((n) => {
    counted = n;
    return n;
  });
  return counting;
}

/** The count if already known, without waiting. */
export const exchangeCountNow = (): number | null => {
  if (counted === undefined) void exchangeCount();
  return counted ?? null;
};
