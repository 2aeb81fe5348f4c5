/**
 * Whether this user has accepted the up/down risk disclosure on this device (docs/design/honesty.md: before the first
 * order).
 */
const key = (userId: number) => `updown_risk_accepted:${userId}`;

export function hasAcceptedRisk(userId: number): boolean {
  try {
    return localStorage.getItem(key(userId)) !== null;
  } catch {
    return false;
  }
}

export function acceptRisk(userId: number): void {
  try {
    localStorage.setItem(key(userId), new Date().toISOString());
  } catch {
    // Private mode: the disclosure shows again next time, which is the safe side.
  }
}
