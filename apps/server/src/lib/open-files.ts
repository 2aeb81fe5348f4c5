import { readFileSync } from "node:fs";

/**
 * How many files this process may open (the soft RLIMIT_NOFILE, which Node raises to the hard limit as it starts),
 * read from /proc/self/limits; undefined where there is no such file (macOS, Windows) or no limit.
 */
export function openFileLimit(): number | undefined {
  let limits: string;
  try {
    limits = readFileSync("/proc/self/limits", "utf8");
  } catch {
    return undefined;
  }
  const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
  return soft === undefined ? undefined : Number(soft);
}
