// One Lighthouse mobile run (simulated slow 4G, 4x CPU) of one page of a running server, with what explains its
// score: the LCP element and its phases, each long task and the script it is charged to, the main-thread breakdown,
// the JS boot-up by script and every request before idle. The full report goes to LIGHTHOUSE_REPORT if set.
//   node tools/lighthouse-page.mjs 'http://127.0.0.1:8080/#/pages/markets/markets'
// The web suite (run.mjs web) gives the medians to compare; this is for reading one run.
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROME_FLAGS, CHROMIUM } from "../lib.mjs";

const url = process.argv[2];
if (!url) throw new Error("usage: node tools/lighthouse-page.mjs <url>");
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [...CHROME_FLAGS, "--headless=new"],
  logLevel: "silent",
});
const file = (u) => u.split("/").pop() || u;
try {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr));
  const a = lhr.audits;
  const ms = (id) => Math.round(a[id].numericValue);
  console.log(
    `score ${Math.round(lhr.categories.performance.score * 100)}; FCP ${ms("first-contentful-paint")} ms, LCP ${ms("largest-contentful-paint")} ms, TBT ${ms("total-blocking-time")} ms, SI ${ms("speed-index")} ms, CLS ${a["cumulative-layout-shift"].numericValue.toFixed(3)}; benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`,
  );
  // The simulation adds each origin's server time (the median of its answers' observed TTFB less the round trip)
  // to every request it replays from that origin: a server slow to answer under the page's burst costs every level.
  const latency = a["network-server-latency"]?.details?.items ?? [];
  console.log(
    `server latency as simulated: ${latency.map((o) => `${o.origin} ${Math.round(o.serverResponseTime)} ms`).join(", ") || "?"}`,
  );
  const lcp = a["largest-contentful-paint-element"]?.details?.items ?? [];
  const node = lcp[0]?.items?.[0]?.node;
  console.log(`LCP element: ${node?.selector ?? "?"}`);
  if (lcp[1]?.items)
    console.log(`LCP phases: ${lcp[1].items.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(", ")}`);
  const tasks = a["long-tasks"].details?.items ?? [];
  console.log(
    `long tasks: ${tasks.map((t) => `@${Math.round(t.startTime)} ${Math.round(t.duration)} ms ${file(t.url)}`).join("; ") || "none"}`,
  );
  const work = a["mainthread-work-breakdown"].details?.items ?? [];
  console.log(`main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(", ")}`);
  const boot = a["bootup-time"].details?.items ?? [];
  console.log(`JS boot-up: ${boot.map((b) => `${file(b.url)} ${Math.round(b.total)} ms`).join(", ")}`);
  const requests = a["network-requests"].details?.items ?? [];
  console.log(
    `${requests.length} requests: ${requests.map((r) => `${new URL(r.url).pathname}${new URL(r.url).search} ${Math.round(r.networkRequestTime)}-${Math.round(r.networkEndTime)}`).join(", ")}`,
  );
} finally {
  await chrome.kill();
}
