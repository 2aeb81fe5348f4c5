// `npm run bench`: runs each suite in its own process (server source through tsx), prints one line per figure,
// `name: value (baseline value, ratio)` with the target and PASS or FAIL, and writes the figures to
// results/<date>.json. A missed target is reported, never an exit code: the bench is not part of `npm test`.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Suites that need more than the 8 minutes the others get. */
const SLOW_SUITES = new Set(["web", "server"]);
const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const suites = ["http", "settle", "fanout", "web", "body", "exports", "server"].filter(
  (s) => only.length === 0 || only.includes(s),
);

function runSuite(name) {
  return new Promise((resolve) => {
    process.stderr.write(`== ${name}\n`);
    const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "suites", `${name}.mjs`)], {
      cwd: here,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c) => {
      out += c.toString();
    });
    // The web suite's Lighthouse rounds (5 x 5 audits) and the server suite's starts (each engine's history written
    // for up to 4 minutes per run) take longer than the others.
    const limit = setTimeout(() => child.kill("SIGKILL"), (SLOW_SUITES.has(name) ? 45 : 8) * 60_000);
    child.on("exit", (code, signal) => {
      clearTimeout(limit);
      const figures = out
        .split("\n")
        .filter((l) => l.startsWith("BENCH_RESULT "))
        .map((l) => JSON.parse(l.slice("BENCH_RESULT ".length)));
      const failed = code !== 0 ? `suite ${name} exited with ${signal ?? code}` : undefined;
      resolve({ figures, failed });
    });
  });
}

function verdict(f) {
  if (f.target === undefined || f.value === null || f.value === undefined) return { ratio: null, status: "-" };
  const ratio = f.baseline ? f.value / f.baseline : null;
  const higher = f.higherIsBetter !== false;
  const measured = f.check === "ratio" ? ratio : f.value;
  if (measured === null) return { ratio, status: "-" };
  const pass = higher ? measured >= f.target : measured <= f.target;
  return { ratio, status: pass ? "PASS" : "FAIL" };
}

const started = new Date();
const results = [];
const problems = [];
for (const suite of suites) {
  const { figures, failed } = await runSuite(suite);
  results.push(...figures);
  if (failed) problems.push(failed);
}

const lines = results.map((f) => {
  const { ratio, status } = verdict(f);
  const ratioText = ratio === null ? "" : `, ${ratio.toFixed(2)}x`;
  const target =
    f.target === undefined
      ? ""
      : f.check === "ratio"
        ? `target ${f.higherIsBetter === false ? "<=" : ">="} ${f.target}x`
        : `target ${f.higherIsBetter === false ? "<=" : ">="} ${f.target} ${f.unit}`;
  f.ratio = ratio;
  f.status = status;
  return `${f.name}: ${f.value} ${f.unit} (baseline ${f.baseline ?? "-"} ${f.unit}${ratioText})  ${target}  ${status}\n    baseline: ${f.baselineName ?? "-"}; ${f.note ?? ""}`;
});
process.stdout.write(
  `\nCryptos bench, ${started.toISOString()}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}\n`,
);
for (const l of lines) process.stdout.write(`${l}\n`);
for (const p of problems) process.stdout.write(`!! ${p}\n`);

mkdirSync(path.join(here, "results"), { recursive: true });
const file = path.join(here, "results", `${started.toISOString().slice(0, 19).replace(/:/g, "-")}.json`);
writeFileSync(
  file,
  `${JSON.stringify(
    {
      date: started.toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memoryMb: Math.round(os.totalmem() / 2 ** 20),
        loadavg: os.loadavg(),
      },
      node: process.version,
      figures: results,
      problems,
    },
    null,
    2,
  )}\n`,
);
process.stdout.write(`\nwritten to ${path.relative(process.cwd(), file)}\n`);
