import { STORAGE_KEYS } from "@cryptos/contract";
import { storage } from "@/lib/storage";

/** Per user id, each snapshot this device checked and whether the user's leaf was in it. */
type Seen = Record<string, Record<string, boolean>>;

function read(): Seen {
  try {
    const parsed: unknown = JSON.parse(storage.get(STORAGE_KEYS.reservesSeen) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Seen) : {};
  } catch {
    return {};
  }
}

/** The snapshots this device saw for `userId`, oldest first. */
export function seenSnapshots(userId: number): { id: number; included: boolean }[] {
  return Object.entries(read()[userId] ?? {})
    .map(([id, included]) => ({ id: Number(id), included }))
    .sort((a, b) => a.id - b.id);
}

/** Remembers that `snapshotId` was checked here, and whether it held the user's leaf. */
export function rememberSnapshot(userId: number, snapshotId: number, included: boolean): void {
  const all = read();
  all[userId] = { ...all[userId], [snapshotId]: included };
  storage.set(STORAGE_KEYS.reservesSeen, JSON.stringify(all));
}

/**
 * The earlier snapshot that held this user when a later one leaves them out while they hold a balance: what the
 * app warns about (an operator dropping a user's debt from the tree). Null when there is nothing to say.
 */
export function omittedAfter(
  seen: readonly { id: number; included: boolean }[],
  latest: { id: number; included: boolean },
  holdsBalance: boolean,
): number | null {
  if (latest.included || !holdsBalance) return null;
  const earlier = seen.filter((s) => s.id < latest.id && s.included).at(-1);
  return earlier ? earlier.id : null;
}
