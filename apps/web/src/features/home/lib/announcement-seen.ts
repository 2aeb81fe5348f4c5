/**
 * Which announcements this device has dismissed in the Home popup: the highest announcement id dismissed, kept in
 * localStorage per signed-in user (`<prefix>.<userId>`) and for visitors (`<prefix>`). Announcement ids only grow,
 * so a newer announcement shows again and an older one that becomes the latest (the newer was unpublished) does
 * not. A dismissal made as a visitor counts for whoever signs in on this device afterwards: the same person should
 * not be shown it again just for signing in. The e2e suite sets the visitor key to mark every announcement seen.
 */
export const ANNOUNCEMENT_SEEN_KEY = "cryptos.home.announcementSeen";

const keyFor = (userId: number | null) =>
  userId === null ? ANNOUNCEMENT_SEEN_KEY : `${ANNOUNCEMENT_SEEN_KEY}.${userId}`;

function seenUpTo(key: string): number {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isSafeInteger(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** Whether announcement `id` was dismissed by this user (null: a visitor) or by a visitor on this device. */
export function hasSeenAnnouncement(id: number, userId: number | null): boolean {
  const visitor = seenUpTo(ANNOUNCEMENT_SEEN_KEY);
  return id <= (userId === null ? visitor : Math.max(visitor, seenUpTo(keyFor(userId))));
}

export function markAnnouncementSeen(id: number, userId: number | null): void {
  const key = keyFor(userId);
  if (seenUpTo(key) >= id) return;
  try {
    localStorage.setItem(key, String(id));
  } catch {
    // Private mode: the announcement shows again on the next visit, which is harmless.
  }
}
