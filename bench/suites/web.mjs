// (e) The web app, in Debian's Chromium. (1) The JS the home route loads, gzipped here at level 9, against a bare
// React 19 + react-router app (bench/baseline-web) built with Vite in the same run from the app's own React,
// react-router and Vite. (2) Lighthouse mobile scores of home, markets, trade and assets (signed in), with LCP, TBT,
// CLS, requests and JS before idle and the longest task: medians of BENCH_WEB_RUNS (5) alternating rounds, each
// beside the bare app's median from the same rounds (served uncompressed, so its "JS transferred" is raw bytes).
// (3) Total blocking time on Markets with 200 pairs ticking once a second, over 10 s.
// The app is built into a temporary folder (never apps/web/dist, which the e2e run may be serving) and served by
// the real server (apps/server/src/main.ts through tsx): on PGlite for (1) and (2), on a fresh PostgreSQL
// database holding 200 pairs for (3). Every server and browser started here is stopped, also on failure.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { CHROME_FLAGS, CHROMIUM, emit, freshDatabase, median, progress } from "../lib.mjs";
import { seedBenchPairs } from "../seed-pairs.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WEB = path.join(ROOT, "apps/web");
const HOME = "#/pages/index/index";
/** Pages to audit (BENCH_WEB_ROUTES=home,trade: only those), each as a visitor sees it but Assets (signed in). */
const ROUTES = [
  ["home", HOME],
  ["markets", "#/pages/markets/markets"],
  ["trade", "#/pages/transaction/transaction"],
  ["assets", "#/pages/assets/assets"],
].filter(([route]) => !process.env.BENCH_WEB_ROUTES || process.env.BENCH_WEB_ROUTES.split(",").includes(route));
/**
 * An earlier build of apps/web (its dist folder) whose pages are audited in the same rounds, each right after the
 * current build's: before and after of a change in one alternating run, on the same server code.
 */
const BEFORE_DIST = process.env.BENCH_WEB_BEFORE ? path.resolve(process.env.BENCH_WEB_BEFORE) : undefined;
const MARKET_PAIRS = 200;
const TICKING_MS = Number(process.env.BENCH_WEB_TICKING_MS ?? 10_000);
/** A folder to keep each Lighthouse report in (JSON), to read the failing audits. */
const REPORTS = process.env.BENCH_WEB_REPORTS;
/** A file to write a CPU profile of the Markets page's ticking window to (.cpuprofile, for DevTools). */
const PROFILE = process.env.BENCH_WEB_PROFILE;
/** Parts to run (gzip, lighthouse, markets), all by default. */
const PARTS = new Set((process.env.BENCH_WEB_PARTS ?? "gzip,lighthouse,markets").split(","));
/** Issue 23's budgets: score >= 90, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.02, <= 30 requests, no task over 50 ms. */
const BUDGET = { gzipRatio: 1.2, score: 90, tbtMs: 200, lcpMs: 2500, cls: 0.02, requests: 30, longTaskMs: 50 };
/** What a visitor's Lighthouse run clears of the origin's storage before it loads: all of it. */
const VISITOR_RESET = [
  "cookies",
  "file_systems",
  "indexeddb",
  "local_storage",
  "shader_cache",
  "websql",
  "service_workers",
  "cache_storage",
];
/** Lighthouse rounds (each: the bare app, then every page); figures are medians. */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);

/**
 * Signs a new wallet in on the origin of `url` (nonce, EIP-4361 message signed by a fresh private key, login) and
 * stores its session where the app keeps it, in the Lighthouse Chrome's profile, with the origin's cache and
 * service worker cleared. The storage is written from the health endpoint's page, which loads no app code.
 */
async function signInProfile(port, url) {
  const origin = new URL(url).origin;
  const post = async (url, body) => {
    const answer = await (
      await fetch(origin + url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
    ).json();
    if (answer.code !== 1) throw new Error(`${url}: ${answer.msg}`);
    return answer.data;
  };
  const account = privateKeyToAccount(generatePrivateKey());
  const nonce = await post("/api/user/nonce", { address: account.address });
  const message = createSiweMessage({
    address: account.address,
    chainId: nonce.chain_id,
    domain: nonce.domain,
    nonce: nonce.nonce,
    uri: nonce.uri,
    version: "1",
    issuedAt: new Date(),
    statement: "Sign in to Cryptos",
  });
  const signature = await account.signMessage({ message });
  const { userinfo } = await post("/api/user/login", { type: 3, username: account.address, message, signature });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    // What Lighthouse's own reset clears, but for localStorage: the earlier audits' HTTP cache and service worker
    // must not make this one a warm load.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Storage.clearDataForOrigin", {
      origin,
      storageTypes: "cookies,file_systems,indexeddb,shader_cache,websql,service_workers,cache_storage",
    });
    await page.goto(`${origin}/api/health`);
    await page.evaluate(
      ([token, address]) => {
        localStorage.setItem("web3_token", token);
        localStorage.setItem("web3_login_type", "3");
        localStorage.setItem("web3_address", address);
      },
      [userinfo.token, account.address],
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

// ---- clean-up: whatever was started is stopped, whichever way the suite ends --------------------------------------
const cleanups = [];
const children = new Set();
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      progress(`clean-up: ${error.message}`);
    }
  }
}
const scratch = mkdtempSync(path.join(tmpdir(), "cryptos-bench-web-"));
cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The server as `npm start` runs it (main.ts: seed, price feed, settlement), from source, serving `webDist`. */
async function startServer(name, webDist, env) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(scratch, `${name}-`));
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "apps/server/src/main.ts")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      WEB_DIST: webDist,
      PRICE_SOURCE: "simulated",
      // Two days of generated history, not ninety: the pages draw at most a day, and the server's background
      // history writer would otherwise share the CPU with the browser under test for the whole run (the server
      // suite measures the server's own start).
      SIMULATED_HISTORY_DAYS: "2",
      PER_IP_LIMITS: "off",
      RATE_LIMIT_PER_MINUTE: "100000",
      LOG_LEVEL: "warn",
      OPERATOR_EMAIL: "ops@bench.local",
      OPERATOR_PASSWORD: "bench-operator-password",
      ...env,
    },
  });
  children.add(child);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(force);
  };
  cleanups.push(stop);
  let out = "";
  await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      out += chunk.toString();
      if (/is running at http:/.test(out)) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${name} server exited (${code}):\n${out.slice(-3000)}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop };
}

/** Whether a request went over the network: not a blob (the head's Intl warm-up worker) or data URL. */
const overNetwork = (url) => /^https?:/.test(url);

/** A plain static server for the baseline's build: no compression, index.html at `/`. */
async function serveStatic(dir) {
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = path.join(dir, pathname === "/" ? "index.html" : pathname);
    if (!file.startsWith(dir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const close = () => new Promise((r) => server.close(r));
  cleanups.push(close);
  return { url: `http://127.0.0.1:${server.address().port}/`, close };
}

async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  cleanups.push(() => browser.close());
  return browser;
}

// ---- builds ---------------------------------------------------------------------------------------------------------
const { build } = await import("vite");
const { default: react } = await import("@vitejs/plugin-react");
const appDist = path.join(scratch, "web");
const baselineDist = path.join(scratch, "baseline");
/** The same bare app on the router apps/web uses, wouter (bench/baseline-web/wouter.tsx). */
const appRouterDist = path.join(scratch, "baseline-app-router");
let baselineName = "";
try {
  progress("web: building apps/web");
  let started = performance.now();
  await build({
    root: WEB,
    configFile: path.join(WEB, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: appDist, emptyOutDir: true },
  });
  const appBuildS = (performance.now() - started) / 1000;
  progress(`web: built in ${appBuildS.toFixed(1)} s; building the baseline`);
  started = performance.now();
  // The app's own React 19 (npm keeps it under apps/web; the root holds React 18 for a peer range elsewhere).
  /** A package's folder as `workspace` (a folder with a package.json) resolves it. */
  const packageDir = (workspace) => (name) =>
    path.dirname(createRequire(path.join(workspace, "package.json")).resolve(`${name}/package.json`));
  const fromWeb = packageDir(WEB);
  const fromBench = packageDir(path.join(ROOT, "bench"));
  const buildBaseline = (outDir, entry) =>
    build({
      root: path.join(ROOT, "bench/baseline-web"),
      configFile: false,
      base: "./",
      logLevel: "warn",
      plugins: [
        react(),
        {
          name: "baseline-entry",
          // Before Vite reads the page's scripts, so that the build starts from `entry`.
          transformIndexHtml: { order: "pre", handler: (html) => html.replace('src="./main.tsx"', `src="./${entry}"`) },
        },
      ],
      resolve: {
        alias: {
          react: fromWeb("react"),
          "react-dom": fromWeb("react-dom"),
          // The reference's router is the bench's own dependency (the app no longer has react-router), in its
          // production build: its package exports name only the development one, warnings included, whatever the
          // mode (remix-run/react-router#14102), which made the reference 0.55 KB gzip heavier until 2026-11-27.
          "react-router": path.join(fromBench("react-router"), "dist/production/index.mjs"),
        },
      },
      build: { outDir, emptyOutDir: true, target: "es2020" },
    });
  await buildBaseline(baselineDist, "main.tsx");
  await buildBaseline(appRouterDist, "wouter.tsx");
  const versionOf = (dir) => JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version;
  baselineName = `bare React ${versionOf(fromWeb("react"))} + react-router ${versionOf(fromBench("react-router"))} app (createHashRouter, its production build; two routes, a heading), same Vite build`;
  progress(`web: baseline built in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // ---- (1) JS of the home route ------------------------------------------------------------------------------------
  const homeServer = await startServer("home", appDist, {});
  const bare = await serveStatic(baselineDist);
  const bareAppRouter = await serveStatic(appRouterDist);
  const browser = await launchBrowser();

  /**
   * What one fresh page load fetched until network idle, each body gzipped here at level 9: its JavaScript, the
   * translation files (data the app fetches: apps/web/translations.ts) and the document (the shells, the icons).
   */
  async function scriptsOf(url) {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    const responses = [];
    page.on("response", (response) => {
      const type = response.headers()["content-type"] ?? "";
      const resourceType = response.request().resourceType();
      const kind = /\/assets\/translations-[\w-]+\//.test(response.url())
        ? "data"
        : resourceType === "document"
          ? "document"
          : resourceType === "script" || /javascript/.test(type)
            ? "script"
            : undefined;
      if (kind) responses.push({ response, kind });
    });
    // A busy machine (others build and test on it) can take far longer than the default 30 s.
    await page.goto(url, { waitUntil: "networkidle", timeout: 180_000 });
    const seen = new Set();
    const scripts = Object.assign([], { data: [], documents: [] });
    for (const { response, kind } of responses) {
      // A blob worker's script (the head's Intl warm-up) has no body to read and came from no server.
      if (!overNetwork(response.url())) continue;
      if (seen.has(response.url()) || response.status() !== 200) continue;
      seen.add(response.url());
      const body = await response.body();
      ({ script: scripts, data: scripts.data, document: scripts.documents })[kind].push({
        name: path.basename(new URL(response.url()).pathname),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        text: body.toString("utf8"),
      });
    }
    await context.close();
    return scripts;
  }

  if (PARTS.has("gzip")) {
    const ours = await scriptsOf(homeServer.url + HOME);
    const base = await scriptsOf(bare.url);
    const appRouter = await scriptsOf(bareAppRouter.url);
    const texts = ours.data;
    const sum = (xs, key) => xs.reduce((n, x) => n + x[key], 0);
    const kb = (bytes) => Math.round(bytes / 102.4) / 10;
    // What must not load on the home route, recognised by what the code says rather than by chunk names.
    const heavy = {
      charts: /tradingview/i,
      "wallet/SIWE": /viem@|wants you to sign in with your Ethereum account/,
      console: /console-(button|field|table)/,
    };
    const heavyFound = Object.entries(heavy)
      .filter(([, pattern]) => ours.some((s) => pattern.test(s.text)))
      .map(([what]) => what);
    // Not heavy, but worth seeing: the contract's one `calls` table brings every call's schemas, operator ones too.
    const operatorCalls = ours.filter((s) => /\/api\/admin\//.test(s.text));
    const chunkList = [...ours]
      .sort((a, b) => b.gzip - a.gzip)
      .map((s) => `${s.name.replace(/-[\w-]{8}\.js$/, "")} ${kb(s.gzip)}`)
      .join(", ");
    emit({
      name: "web: gzip JS loaded by the home route",
      value: kb(sum(ours, "gzip")),
      unit: "KB",
      baseline: kb(sum(base, "gzip")),
      baselineName,
      target: BUDGET.gzipRatio,
      check: "ratio",
      higherIsBetter: false,
      note: `${ours.length} JS files (${kb(sum(ours, "raw"))} KB raw; baseline ${base.length} files, ${kb(sum(base, "raw"))} KB raw), gzip -9 here; heavy parts loaded: ${heavyFound.length ? heavyFound.join(", ") : "none (no charts, wallet/SIWE or console)"}${operatorCalls.length ? `; the contract's operator call definitions do load (${operatorCalls.map((s) => s.name.replace(/-[\w-]{8}\.js$/, "")).join(", ")}, ${kb(sum(operatorCalls, "gzip"))} KB)` : ""}; chunks (KB gzip): ${chunkList}; the bare app on this app's router (wouter): ${kb(sum(appRouter, "gzip"))} KB, ${(sum(ours, "gzip") / sum(appRouter, "gzip")).toFixed(2)}x; besides, not counted: ${texts.length} translation files as data (JSON), ${kb(sum(texts, "gzip"))} KB gzip, and the document with its shells and icons, ${kb(sum(ours.documents, "gzip"))} KB gzip (${kb(sum(ours.documents, "raw"))} KB raw)`,
    });
  }
  await browser.close();

  // ---- (2) Lighthouse ----------------------------------------------------------------------------------------------
  if (PARTS.has("lighthouse")) {
    const { default: lighthouse } = await import("lighthouse");
    const chromeLauncher = await import("chrome-launcher");
    progress("web: Lighthouse (mobile)");
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [...CHROME_FLAGS, "--headless=new"],
      logLevel: "silent",
    });
    cleanups.push(() => chrome.kill());
    const categories = ["performance", "accessibility", "best-practices"];
    let reportNumber = 1;
    async function audit(url, { signedIn = false, name = "" } = {}) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: categories,
        // The signed-in run keeps its storage: only the session, set from a page that loads no app code. A visitor's
        // run clears the origin's local storage and cookies too, which Lighthouse's own reset leaves (its default
        // types are caches, file systems and service workers): else every visitor run after the first signed-in one
        // ran with that session (requests for the user, their alerts and unread count in the Home reports).
        ...(signedIn ? { disableStorageReset: true } : { clearStorageTypes: VISITOR_RESET }),
      });
      const lhr = result.lhr;
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true });
        const file = name.replace(/[^\w]+/g, "-").replace(/^-|-$/g, "") || "baseline";
        writeFileSync(path.join(REPORTS, `${file}-${reportNumber++}.json`), JSON.stringify(lhr));
      }
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
        .filter((a) => a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
        .map((a) => a.id);
      return {
        scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
        lcp: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbt: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        failing,
        error: lhr.runtimeError?.message,
        // Lighthouse's own measure of this machine's speed at the time (a quiet desktop is about 1,500-2,500).
        benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
        cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
        // What the page asked of the network before Lighthouse saw it idle (load, then network and CPU quiet); a
        // worker made from a blob (the head's Intl warm-up) is listed too, and costs no round trip.
        requests: (lhr.audits["network-requests"]?.details?.items ?? []).filter((item) => overNetwork(item.url)).length,
        jsKb:
          Math.round(
            (lhr.audits["network-requests"]?.details?.items ?? [])
              .filter((item) => item.resourceType === "Script")
              .reduce((n, item) => n + (item.transferSize ?? 0), 0) / 102.4,
          ) / 10,
        longestTask: Math.round(
          Math.max(0, ...(lhr.audits["long-tasks"]?.details?.items ?? []).map((item) => item.duration ?? 0)),
        ),
      };
    }
    /**
     * One audit, run again once if Lighthouse could not record it (NO_NAVSTART and the like, now and then in a
     * headless Chromium): a run without a trace scores 0 and says nothing about the page. A second failure is kept,
     * reported and left out of the medians.
     */
    async function auditOnce(route, url, { signedIn = false } = {}) {
      for (let attempt = 1; ; attempt++) {
        if (signedIn) await signInProfile(chrome.port, new URL(url).origin);
        const r = await audit(url, { signedIn, name: route });
        if (!r.error) return r;
        progress(`web: Lighthouse ${route}, attempt ${attempt}: ${r.error}`);
        if (attempt === 2) return r;
      }
    }
    // Alternating rounds (the bare app, then each page), RUNS of them: the machine's speed moves between runs (other
    // work on it), so each figure is the median of its runs, beside the bare app's median from the same rounds.
    const beforeServer = BEFORE_DIST ? await startServer("before", BEFORE_DIST, {}) : undefined;
    /** Each page of this build, and right after it the same page of the earlier build (BENCH_WEB_BEFORE). */
    const PAGES = ROUTES.flatMap(([route, hash]) => [
      [route, hash, homeServer],
      ...(beforeServer ? [[`${route} (before)`, hash, beforeServer]] : []),
    ]);
    const runs = Object.fromEntries([["bare", []], ...PAGES.map(([route]) => [route, []])]);
    for (let round = 1; round <= RUNS; round++) {
      progress(`web: Lighthouse round ${round} of ${RUNS}`);
      runs.bare.push(await auditOnce("bare", bare.url));
      for (const [route, hash, server] of PAGES) {
        // Assets is audited signed in (a wallet's session in the profile's storage), the others as a visitor sees them.
        const signedIn = route.startsWith("assets");
        runs[route].push(await auditOnce(route, server.url + hash, { signedIn }));
      }
    }
    const recorded = (list) => list.filter((r) => !r.error);
    const scoreOf = (r) => (r.error ? "not recorded" : r.scores.performance);
    const medianOf = (list, pick) => median(recorded(list).map(pick));
    const figures = (list) => ({
      performance: medianOf(list, (r) => r.scores.performance),
      lcp: medianOf(list, (r) => r.lcp),
      tbt: medianOf(list, (r) => r.tbt),
      cls: medianOf(list, (r) => r.cls),
      requests: medianOf(list, (r) => r.requests),
      jsKb: medianOf(list, (r) => r.jsKb),
      longestTask: medianOf(list, (r) => r.longestTask),
      benchmarkIndex: medianOf(list, (r) => r.benchmarkIndex),
    });
    const bareFigures = figures(runs.bare);
    const describe = (f) =>
      `LCP ${f.lcp} ms, TBT ${f.tbt} ms, CLS ${f.cls}, ${f.requests} requests, ${f.jsKb} KB JS transferred, longest task ${f.longestTask} ms`;
    for (const [route, hash] of PAGES) {
      const list = runs[route];
      const f = figures(list);
      for (const category of categories) {
        emit({
          name: `web: Lighthouse ${route} ${category} (median of ${recorded(list).length})`,
          value: medianOf(list, (r) => r.scores[category]),
          unit: "score",
          baseline: medianOf(runs.bare, (r) => r.scores[category]),
          baselineName: "bare React + react-router app, alternating runs",
          target: BUDGET.score,
          check: "value",
          note:
            category === "performance"
              ? `medians: ${describe(f)} (bare app: ${describe(bareFigures)}); scores ${list.map(scoreOf).join(", ")} (bare ${runs.bare.map(scoreOf).join(", ")}); mobile preset, simulated throttling, benchmarkIndex median ${f.benchmarkIndex}; below 0.9 in the last run: ${list.at(-1).failing.join(", ") || "none"}`
              : `${hash}${route.startsWith("assets") ? " (signed in with a wallet)" : ""}`,
        });
      }
      const budgets = [
        ["LCP", f.lcp, bareFigures.lcp, "ms", BUDGET.lcpMs],
        ["TBT", f.tbt, bareFigures.tbt, "ms", BUDGET.tbtMs],
        ["CLS", f.cls, bareFigures.cls, "", BUDGET.cls],
        ["requests before idle", f.requests, bareFigures.requests, "", BUDGET.requests],
        ["longest task", f.longestTask, bareFigures.longestTask, "ms", BUDGET.longTaskMs],
      ];
      for (const [what, value, baseline, unit, target] of budgets) {
        emit({
          name: `web: ${route} ${what} (median of ${recorded(list).length})`,
          value,
          unit,
          baseline,
          baselineName: "bare React + react-router app, alternating runs",
          target,
          check: "value",
          higherIsBetter: false,
          note: `Lighthouse mobile, simulated throttling (4x CPU); runs ${list.map((r) => ({ LCP: r.lcp, TBT: r.tbt, CLS: r.cls, "requests before idle": r.requests, "longest task": r.longestTask })[what]).join(", ")}`,
        });
      }
    }
    await chrome.kill();
    await beforeServer?.stop();
  }
  await homeServer.stop();

  // ---- (3) Markets with 200 pairs ticking -------------------------------------------------------------------------
  if (PARTS.has("markets")) {
    progress(`web: Markets with ${MARKET_PAIRS} pairs`);
    const fresh = await freshDatabase("web");
    cleanups.push(() => fresh.drop());
    const pairIds = await seedBenchPairs(fresh.url, MARKET_PAIRS);
    const marketServer = await startServer("markets", appDist, { DATABASE_URL: fresh.url });
    const browser2 = await launchBrowser();
    const context = await browser2.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await page.goto(`${marketServer.url}#/pages/markets/markets`, { waitUntil: "networkidle" });
    await page.locator('[data-testid="pair-price"]').first().waitFor();
    const rows = await page.locator('[data-testid="pair-row"]').count();
    await page.waitForTimeout(1_000); // the socket subscribes and the first ticks land
    await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.__bench = { longTasks: [], priceChanges: 0, shifts: 0 };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__bench.longTasks.push(entry.duration);
      }).observe({ type: "longtask" });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) w.__bench.shifts += entry.value;
      }).observe({ type: "layout-shift" });
      new MutationObserver((records) => {
        w.__bench.priceChanges += records.length;
      }).observe(document.querySelector(".pair-list") ?? document.body, {
        subtree: true,
        characterData: true,
        childList: true,
      });
    });
    const profiler = PROFILE ? await context.newCDPSession(page) : undefined;
    if (profiler) {
      await profiler.send("Profiler.enable");
      await profiler.send("Profiler.start");
    }
    await page.waitForTimeout(TICKING_MS);
    if (profiler) {
      const { profile } = await profiler.send("Profiler.stop");
      writeFileSync(PROFILE, JSON.stringify(profile));
    }
    const ticking = await page.evaluate(() => /** @type {any} */ (window).__bench);
    const tbt = Math.round(ticking.longTasks.reduce((n, d) => n + Math.max(0, d - 50), 0));
    emit({
      name: `web: Markets with ${MARKET_PAIRS} pairs ticking, total blocking time`,
      value: tbt,
      unit: "ms",
      baseline: null,
      baselineName: "none (budget only)",
      target: BUDGET.tbtMs,
      check: "value",
      higherIsBetter: false,
      note: `${TICKING_MS / 1000} s of 1 s ticks, ${rows} rows rendered of ${pairIds.length} pairs; ${ticking.longTasks.length} long tasks (longest ${Math.round(Math.max(0, ...ticking.longTasks))} ms); ${ticking.priceChanges} DOM mutations in the list; layout shift ${ticking.shifts.toFixed(3)}`,
    });
  }
} finally {
  await cleanUp();
}
