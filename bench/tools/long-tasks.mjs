// The long tasks (over 50 ms) of one cold load at 4x CPU, from Chromium's trace: each with its biggest trace events
// and, from a CPU profile taken at the same time, the JS functions it ran (with React's: which of its render and
// commit paths, and which components rendered synchronously). Against an unminified build (`npx vite build --minify
// false --outDir <dir>` in apps/web, served by a server with WEB_DIST=<dir>) the names are the source's.
//   node tools/long-tasks.mjs 'http://127.0.0.1:8080/#/pages/markets/markets'     (W=<viewport width>, TOP=<functions>)
// RATE=1 LONG_MS=12.5 reads the trace as Lighthouse's simulation does: it loads the page at full speed and counts
// each task four times as long, so a task of 12.5 ms there is a long one (React's 5 ms slices become 20 ms).
// Last line: the main thread's time in tasks before the largest paint, and how much of it the thread had a core for
// (on a busy two-core machine the rest waited for the browser's other threads and the server). PROFILE=0: no profile.
import { chromium } from "playwright-core";
import { CHROME_FLAGS, CHROMIUM } from "../lib.mjs";

const url = process.argv[2];
const width = Number(process.env.W ?? 412);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
const context = await browser.newContext({
  viewport: { width, height: 823 },
  deviceScaleFactor: 1.75,
  serviceWorkers: "block",
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
const rate = Number(process.env.RATE ?? 4);
const longMs = Number(process.env.LONG_MS ?? 50);
await cdp.send("Emulation.setCPUThrottlingRate", { rate });
await page.addInitScript(() => {
  window.__lcp = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries())
      window.__lcp.push([Math.round(e.startTime), e.size, e.element?.className || e.element?.tagName]);
  }).observe({ type: "largest-contentful-paint", buffered: true });
});
// PROFILE=0: no CPU profile (its sampling slows the page down), for the trace's own figures.
const profiling = process.env.PROFILE !== "0";
if (profiling) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
}
await browser.startTracing(page, {
  categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "v8", "loading"],
});
await page.goto(url, { waitUntil: "networkidle" });
// AFTER_MS: how long the trace goes on after the network is idle (a task scheduled for later, e.g. an idle callback).
await page.waitForTimeout(Number(process.env.AFTER_MS ?? 1500));
const trace = JSON.parse((await browser.stopTracing()).toString());
const { profile } = profiling
  ? await cdp.send("Profiler.stop")
  : { profile: { nodes: [], samples: [], timeDeltas: [], startTime: 0 } };
const pnodes = new Map(profile.nodes.map((n) => [n.id, n]));
const pparent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) pparent.set(c, n.id);
let clock = profile.startTime;
const stimes = profile.timeDeltas.map((d) => (clock += d));
/** The JS functions (name and file) that samples between two trace timestamps were in, with their own time. */
function jsIn(from, to) {
  const by = new Map();
  stimes.forEach((t, i) => {
    if (t < from || t > to) return;
    let n = pnodes.get(profile.samples[i]);
    while (n && !n.callFrame.url) n = pnodes.get(pparent.get(n.id));
    const f = n?.callFrame;
    const key = f ? `${f.functionName || "(top)"}@${f.url.split("/").pop()}:${f.lineNumber}` : "(native)";
    by.set(key, (by.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  const incl = new Map();
  stimes.forEach((t, i) => {
    if (t < from || t > to) return;
    const seen = new Set();
    for (let n = pnodes.get(profile.samples[i]); n; n = pnodes.get(pparent.get(n.id))) {
      const name = n.callFrame.functionName;
      if (
        /^(renderRoot\w*|workLoop\w*|performWorkOnRoot\w*|performSyncWorkOnRoot|flushSync\w*|recoverFromConcurrentError|commitRoot\w*|flushPassiveEffects\w*|hydrateRoot|processRootScheduleIn\w*|performWorkUntilDeadline|flushSyncWorkAcrossRoots_impl|flushSpawnedWork|commitMutationEffects\w*|commitLayoutEffects\w*)$/.test(
          name,
        ) &&
        !seen.has(name)
      ) {
        seen.add(name);
        incl.set(name, (incl.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      }
    }
  });
  const comps = new Map();
  stimes.forEach((t, i) => {
    if (t < from || t > to) return;
    const names = [];
    let sync = false;
    for (let n = pnodes.get(profile.samples[i]); n; n = pnodes.get(pparent.get(n.id))) {
      const name = n.callFrame.functionName;
      if (name === "renderRootSync") sync = true;
      if (/^[A-Z][A-Za-z]+$/.test(name) && n.callFrame.url.includes("/assets/")) names.push(name);
    }
    if (!sync) return;
    for (const name of new Set(names))
      comps.set(name, (comps.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  if (comps.size)
    by.set(
      `[sync-rendered components: ${[...comps]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(", ")}]`,
      1e9 - 1,
    );
  if (incl.size) by.set(`[incl: ${[...incl].map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ")}]`, 1e9);
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TOP ?? 6))
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join("; ");
}
const lcp = await page.evaluate(() => window.__lcp);
const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime);
console.log("FCP", Math.round(fcp), "LCP candidates", JSON.stringify(lcp));
const events = trace.traceEvents;
const navStart = events.find((e) => e.name === "ResourceSendRequest")?.ts ?? events[0].ts;
// the renderer main thread: the thread with ParseHTML
const main = events.find((e) => e.name === "v8.evaluateModule");
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
const tasks = onMain.filter(
  (e) => (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && e.dur > longMs * 1000,
);
let tbt = 0;
for (const task of tasks) {
  tbt += Math.max(0, ((task.dur / 1000) * 4) / rate - 50);
  const kids = onMain.filter(
    (e) =>
      e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur > 4000 && !/RunTask/.test(e.name),
  );
  const desc = kids
    .sort((a, b) => a.ts - b.ts)
    .slice(0, 14)
    .map((e) => {
      const d = e.args?.data ?? {};
      const where = (d.url || d.stackTrace?.[0]?.url || d.functionName || e.args?.fileName || "").split("/").pop();
      return `${e.name}${where ? `(${where})` : ""} ${Math.round(e.dur / 1000)}`;
    })
    .join(", ");
  console.log(`task @${Math.round((task.ts - navStart) / 1000)} ${Math.round(task.dur / 1000)} ms: ${desc}`);
  console.log(`    JS: ${jsIn(task.ts, task.ts + task.dur)}`);
}
console.log(`TBT (tasks scaled to 4x CPU from ${rate}x)`, Math.round(tbt));
// What Lighthouse's simulation stacks up before the largest paint: every main-thread task until then, short ones too.
const lcpAt = navStart + (lcp.at(-1)?.[0] ?? 0) * 1000;
const before = onMain.filter((e) => /RunTask/.test(e.name) && e.ts >= navStart && e.ts < lcpAt);
// Tasks nest (ThreadControllerImpl::RunTask inside RunTask): only the outermost count, found in one pass by start.
let busy = 0;
let cpu = 0;
let end = 0;
for (const e of before.sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
  if (e.ts < end) continue;
  end = e.ts + e.dur;
  busy += Math.min(end, lcpAt) - e.ts;
  // And the thread's own CPU time in it (tdur: wall time less the time the thread waited for a core).
  cpu += e.tdur ?? e.dur;
}
console.log(
  `main thread before LCP (${Math.round((lcpAt - navStart) / 1000)} ms): ${Math.round(busy / 1000)} ms busy, ${Math.round(cpu / 1000)} ms of it on a core`,
);
await browser.close();
