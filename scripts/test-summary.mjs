// Adds up the Vitest and Playwright JSON reports into the one closing line CI reads: "N passed, N failed", and
// names each failure (with the first line of its error) just above it: CI keeps only the end of a run's output.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const [vitestFile, playwrightFile] = process.argv.slice(2);
const firstLine = (text) =>
  String(text ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? "";

if (vitestFile && existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += v.numPassedTests ?? 0;
  failed += (v.numFailedTests ?? 0) + (v.numTotalTestSuites > 0 && v.success === false && !v.numFailedTests ? 1 : 0);
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name ?? "");
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedTests) failures.push(`vitest ${name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === "failed" && failedTests.length === 0)
      failures.push(`vitest ${name}: ${firstLine(file.message)}`);
  }
} else {
  failed += 1;
  failures.push("vitest: no report");
}
if (playwrightFile && existsSync(playwrightFile)) {
  const report = JSON.parse(readFileSync(playwrightFile, "utf8"));
  const s = report.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  const walk = (suite, outer) => {
    const titles = suite.title && suite.title !== suite.file ? [...outer, suite.title] : outer;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const error = t.results?.at(-1)?.error?.message;
        failures.push(`browser ${spec.file} > ${[...titles, spec.title].join(" > ")}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
} else {
  failed += 1;
  failures.push("browser tests: no report");
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `- ${f}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
