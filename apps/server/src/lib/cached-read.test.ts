import { describe, expect, it } from "vitest";
import { CachedRead, CachedReads } from "./cached-read";

/** A read that counts its calls and answers a new object each time, on a clock the test moves. */
function setUp(options = { freshMs: 100, staleMs: 1_000 }) {
  let clock = 0;
  let reads = 0;
  let fail = false;
  /** While set, reads wait for it to open. */
  let gate: { opened: Promise<void>; open: () => void } | undefined;
  const cached = new CachedRead(
    async () => {
      reads++;
      const n = reads;
      if (gate) await gate.opened;
      if (fail) throw new Error("database down");
      return { n };
    },
    { ...options, now: () => clock },
  );
  return {
    cached,
    reads: () => reads,
    advance: (ms: number) => (clock += ms),
    failNext: (value: boolean) => (fail = value),
    closeGate: () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      gate = { opened, open };
    },
    openGate: () => {
      gate?.open();
      gate = undefined;
    },
  };
}

describe("CachedRead", () => {
  it("answers the same object while fresh, and callers that arrive during a read share it", async () => {
    const t = setUp();
    const [a, b] = await Promise.all([t.cached.get(), t.cached.get()]);
    expect(a).toBe(b);
    t.advance(99);
    expect(await t.cached.get()).toBe(a);
    expect(t.reads()).toBe(1);
  });

  it("answers a stale value at once while it reads the next, and reads before answering once too old", async () => {
    const t = setUp();
    const first = await t.cached.get();
    t.advance(100);
    expect(await t.cached.get()).toBe(first);
    await Promise.resolve();
    const second = await t.cached.get();
    expect(second).toEqual({ n: 2 });
    t.advance(1_000);
    expect(await t.cached.get()).toEqual({ n: 3 });
    expect(t.reads()).toBe(3);
  });

  it("keeps the value when a refresh fails, and a first read's failure reaches the caller", async () => {
    const t = setUp();
    t.failNext(true);
    await expect(t.cached.get()).rejects.toThrow("database down");
    t.failNext(false);
    const value = await t.cached.get();
    t.advance(100);
    t.failNext(true);
    expect(await t.cached.get()).toBe(value);
    await new Promise((resolve) => setTimeout(resolve, 0));
    t.failNext(false);
    expect(await t.cached.get()).toBe(value);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await t.cached.get()).toEqual({ n: 4 });
  });

  it("forgets the value on invalidate, and never keeps a read that began before it", async () => {
    const t = setUp();
    await t.cached.get();
    t.closeGate();
    t.advance(100);
    const before = t.cached.get(); // the stale value, and read 2 begins; then this instance writes
    t.cached.invalidate();
    const after = t.cached.get(); // read 3, after the write
    t.openGate();
    expect(await before).toEqual({ n: 1 });
    expect(await after).toEqual({ n: 3 });
    expect(await t.cached.get()).toEqual({ n: 3 });
    expect(t.reads()).toBe(3);
  });
});

describe("CachedReads", () => {
  it("reads each key on its own and invalidates them all", async () => {
    const reads: string[] = [];
    const cached = new CachedReads(
      async (locale: string) => {
        reads.push(locale);
        return { locale };
      },
      { freshMs: 1_000, staleMs: 2_000 },
    );
    const en = await cached.get("en");
    expect(await cached.get("en")).toBe(en);
    expect(await cached.get("de")).toEqual({ locale: "de" });
    cached.invalidate();
    expect(await cached.get("en")).not.toBe(en);
    expect(reads).toEqual(["en", "de", "en"]);
  });
});
