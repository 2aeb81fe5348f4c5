// What lightweight-charts' first drawing costs, apart from the app: a chart of candles at a phone's size (412x300 CSS
// px) in a page of its own, each variant five times in a new page, at 1x CPU. Prints the chart's creation, the series
// with its candles, its first drawing (the library's first animation-frame callback) and the frames after it, in ms.
//   node tools/chart-first-draw.mjs
// Trade's first drawing is one of the long tasks of its first visit (bench/RESULTS.md); this says which part of the
// chart it comes from.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROME_FLAGS, CHROMIUM } from "../lib.mjs";

// The package exports only its module builds; its standalone build (a global) sits beside them.
const folder = path.dirname(fileURLToPath(import.meta.resolve("lightweight-charts")));
const library = readFileSync(path.join(folder, "lightweight-charts.standalone.production.js"));

const PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0} #chart{position:relative;width:100vw;height:300px}</style></head><body><div id="chart"></div>
<script>
// Each callback the library schedules is timed: its drawing runs in animation frames, its resizing in an observer.
window.timed = [];
const frame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) => frame((at) => {
  const start = performance.now();
  callback(at);
  window.timed.push("frame " + Math.round(performance.now() - start));
});
const Observer = window.ResizeObserver;
window.ResizeObserver = class extends Observer {
  constructor(callback) {
    super((...args) => {
      const start = performance.now();
      callback(...args);
      window.timed.push("resize " + Math.round(performance.now() - start));
    });
  }
};
</script><script src="/lwc.js"></script><script>
window.draw = ({ bars = 300, visible = 80, timeAxis = true, priceAxis = true }) => new Promise((resolve) => {
  const now = Math.floor(Date.now() / 60000) * 60;
  const candles = [];
  let price = 60000;
  for (let i = bars - 1; i >= 0; i--) {
    const open = price;
    price *= 1 + Math.sin(i) * 0.002;
    candles.push({ time: now - i * 60, open, high: Math.max(open, price) * 1.001, low: Math.min(open, price) * 0.999, close: price });
  }
  const t0 = performance.now();
  const chart = LightweightCharts.createChart(document.getElementById("chart"), {
    autoSize: true,
    layout: { fontSize: 11, attributionLogo: false },
    rightPriceScale: { visible: priceAxis, borderVisible: false },
    timeScale: { visible: timeAxis, borderVisible: false, rightOffset: 3, timeVisible: true },
  });
  const t1 = performance.now();
  const series = chart.addSeries(LightweightCharts.CandlestickSeries, { borderVisible: false });
  series.setData(candles);
  chart.timeScale().setVisibleLogicalRange({ from: Math.max(0, bars - visible), to: bars + 2 });
  const t2 = performance.now();
  window.timed = [];
  setTimeout(() => resolve({ create: Math.round(t1 - t0), series: Math.round(t2 - t1), drawn: window.timed }), 500);
});
</script></body></html>`;

const server = createServer((request, response) => {
  if (request.url === "/lwc.js") return response.writeHead(200, { "content-type": "text/javascript" }).end(library);
  response.writeHead(200, { "content-type": "text/html" }).end(PAGE);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
const VARIANTS = [
  ["as on Trade", {}],
  ["40 candles in view", { visible: 40 }],
  ["80 candles in all", { bars: 80 }],
  ["no time axis", { timeAxis: false }],
  ["no price axis", { priceAxis: false }],
];
try {
  for (const scale of [1.75, 1]) {
    for (const [name, options] of VARIANTS) {
      const runs = [];
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: scale });
        const page = await context.newPage();
        await page.goto(url);
        runs.push(await page.evaluate((o) => window.draw(o), options));
        await context.close();
      }
      const median = (values) => values.sort((a, b) => a - b)[2];
      const frames = (run) =>
        run.drawn.filter((entry) => entry.startsWith("frame ")).map((entry) => Number(entry.slice(6)));
      const first = median(runs.map((run) => frames(run)[0] ?? 0));
      const later = median(
        runs.map((run) =>
          frames(run)
            .slice(1)
            .reduce((sum, ms) => sum + ms, 0),
        ),
      );
      const resizing = median(runs.map((run) => run.drawn.filter((entry) => entry.startsWith("resize ")).length));
      console.log(
        `device pixel ratio ${scale}, ${name}: create ${median(runs.map((run) => run.create))} ms, series and candles ${median(runs.map((run) => run.series))} ms, first drawing ${first} ms, later frames ${later} ms, ${resizing} resize callbacks (medians of 5)`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}
