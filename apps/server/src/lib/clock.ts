/** Time as the domain sees it. Production uses the system clock; tests move a manual one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance, for settlement times, daily interest and code expiry. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | number = Date.now()) {
    this.current = typeof start === "number" ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | number): void {
    this.current = typeof at === "number" ? at : at.getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** A time as messages and mails show it, the same in every language: `2026-03-03 10:00 UTC`. */
export const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
