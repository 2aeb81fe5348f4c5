/** Whether this user accepted the staking risk disclosure on this device (docs/design/honesty.md: before the first). */
const keyFor = (userId: number) => `cryptos.staking.riskAccepted.${userId}`;

export function hasAcceptedRisk(userId: number): boolean {
  try {
    return localStorage.getItem(keyFor(userId)) === "1";
  } catch {
    return false;
  }
}

export function acceptRisk(userId: number): void {
  try {
    localStorage.setItem(keyFor(userId), "1");
  } catch {
    // Private mode: the disclosure shows again next time, which is the safe side.
  }
}
