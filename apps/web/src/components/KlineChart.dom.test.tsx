import type { Candle } from "@cryptos/contract";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startApi } from "@/test/api-server";
import { openPageAt, renderWithApp } from "@/test/render";
import { KlineChart } from "./KlineChart";

// The library draws on a canvas, which happy-dom does not paint: a stand-in records what the app gives it.
const made = vi.hoisted(() => ({ charts: 0, data: [] as unknown[][], priceLines: [] as unknown[] }));
vi.mock("lightweight-charts", () => {
  const series = {
    setData: (bars: unknown[]) => made.data.push(bars),
    data: () => made.data.at(-1) ?? [],
    update: () => {},
    applyOptions: () => {},
    createPriceLine: (line: unknown) => made.priceLines.push(line),
    removePriceLine: () => {},
  };
  const timeScale = {
    getVisibleLogicalRange: () => null,
    setVisibleLogicalRange: () => {},
    subscribeVisibleLogicalRangeChange: () => {},
    unsubscribeVisibleLogicalRangeChange: () => {},
  };
  return {
    CandlestickSeries: { type: "Candlestick" },
    AreaSeries: { type: "Area" },
    createChart: () => {
      made.charts += 1;
      return {
        addSeries: () => series,
        removeSeries: () => {},
        applyOptions: () => {},
        timeScale: () => timeScale,
        subscribeCrosshairMove: () => {},
        unsubscribeCrosshairMove: () => {},
        remove: () => {},
      };
    },
  };
});

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
/** 120 recorded 1m candles, the newest starting at 12:00 UTC; every fourth one falls. */
const candles: Candle[] = Array.from({ length: 120 }, (_, i) => {
  const open = 97_000 + i * 5;
  const close = i % 4 === 3 ? open - 3 : open + 4;
  return {
    t: NOW - (119 - i) * MINUTE,
    o: open.toFixed(2),
    h: (Math.max(open, close) + 2).toFixed(2),
    l: (Math.min(open, close) - 2).toFixed(2),
    c: close.toFixed(2),
    v: "1",
  };
});

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi({ "/api/index/getkdata": () => ({ interval: "1m", type: "candle", candles }) });
  openPageAt(api.origin);
  // happy-dom lays nothing out: the chart's area is 350 x 300 CSS px, told once by a ResizeObserver as a browser does.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(private readonly told: () => void) {}
      observe() {
        this.told();
      }
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ width: 350, height: 300 }),
  );
});
afterAll(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await api.close();
});

const chart = () => screen.getByTestId("kline-chart");
const drawn = () => chart().querySelector("[data-testid=kline-sketch] svg");

describe("a chart whose library is made on demand", () => {
  it("draws the newest recorded candles itself, then hands over to the library at the first pointer on it", async () => {
    made.charts = 0;
    made.data = [];
    await renderWithApp(
      <KlineChart
        pairId={1}
        interval="1m"
        library="on-demand"
        label="K-line chart of BTC/USDT"
        priceLines={[{ price: "97500.00", title: "Entry", tone: "up" }]}
      />,
      [],
    );
    await waitFor(() => expect(drawn()).not.toBeNull());
    expect(drawn()?.getAttribute("data-candles")).toBe("80");
    // The newest candle's O/H/L/C, and the accessible name with the price line, as the library's chart has them.
    expect(screen.getByTestId("kline-readout").textContent).toMatch(/O\s*97,595\.00.*C\s*97,592\.00/);
    expect(screen.getByRole("img", { name: "K-line chart of BTC/USDT. Entry 97,500.00" })).toBe(
      chart().querySelector("[role=img]"),
    );
    // Up and down candles, each as recorded: a body per candle in its colour's path.
    const bodies = [...(drawn()?.querySelectorAll("path") ?? [])].filter((p) =>
      p.getAttribute("style")?.includes("fill"),
    );
    const count = (tone: string) =>
      (bodies.find((p) => p.getAttribute("style")?.includes(tone))?.getAttribute("d") ?? "").split("Z").length - 1;
    const newest80 = candles.slice(-80);
    expect(count("--up")).toBe(newest80.filter((c) => Number(c.c) >= Number(c.o)).length);
    expect(count("--down")).toBe(newest80.filter((c) => Number(c.c) < Number(c.o)).length);
    expect(chart().getAttribute("data-chart")).toBe("sketch");
    expect(made.charts).toBe(0);

    fireEvent.pointerEnter(chart());
    await waitFor(() => expect(made.charts).toBe(1));
    await waitFor(() => expect(made.data.at(-1)).toHaveLength(120));
    expect(made.priceLines).toHaveLength(1);
    await waitFor(() => expect(chart().getAttribute("data-chart")).toBe("library"));
    expect(chart().querySelector("[data-testid=kline-sketch]")).toBeNull();
  });

  it("draws a line of the recorded closes over its fill when the chart is a line", async () => {
    await renderWithApp(<KlineChart pairId={1} interval="1m" type="line" library="on-demand" />, []);
    await waitFor(() => expect(drawn()).not.toBeNull());
    const line = [...(drawn()?.querySelectorAll("path") ?? [])].find((p) => p.getAttribute("fill") === "none");
    const points = (line?.getAttribute("d") ?? "").slice(1).split("L");
    expect(points).toHaveLength(80);
    // Closes rise with the candles (every fourth falls): the newest is drawn above the oldest shown.
    const y = (point: string | undefined) => Number(point?.split(" ")[1]);
    expect(y(points.at(-1))).toBeLessThan(y(points[0]));
    expect(drawn()?.querySelector("[fill='url(#kline-sketch-area)']")).not.toBeNull();
  });

  it("is made by itself once the page has loaded and been idle a while", async () => {
    made.charts = 0;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await renderWithApp(<KlineChart pairId={1} interval="1m" library="on-demand" />, []);
      await vi.waitFor(() => expect(drawn()).not.toBeNull());
      await act(async () => vi.advanceTimersByTimeAsync(2_000));
      expect(made.charts).toBe(0);
      await act(async () => vi.advanceTimersByTimeAsync(5_000));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(made.charts).toBe(1));
  });
});
