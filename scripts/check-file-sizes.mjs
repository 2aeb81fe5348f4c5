#!/usr/bin/env node
// The size budget (issue 42): no source file past 400 lines in the server and the packages, past 300 in the web.
// A file past it usually holds two or three things: split it along its own seams. Tests are not counted.
// Prints each file over its budget and exits 1. Usage: node scripts/check-file-sizes.mjs
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUDGETS = [
  { dir: "apps/server/src", max: 400 },
  ...readdirSync(path.join(root, "packages")).map((name) => ({ dir: `packages/${name}/src`, max: 400 })),
  { dir: "apps/web/src", max: 300 },
];
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const TEST = /\.test\.[cm]?[jt]sx?$/;

function* sources(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "migrations") yield* sources(full);
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) yield full;
  }
}

const lines = (file) => readFileSync(file, "utf8").split("\n").length - 1;
const over = [];
for (const { dir, max } of BUDGETS) {
  for (const file of sources(path.join(root, dir))) {
    const rel = path.relative(root, file).split(path.sep).join("/");
    const n = lines(file);
    if (n > max) over.push(`  ${rel}: ${n} lines (budget ${max})`);
  }
}
if (over.length > 0) {
  console.error(`Files over their line budget (${over.length}); split each along its seams:\n${over.join("\n")}`);
}
if (over.length > 0) process.exit(1);
console.log("check-file-sizes: every source file within its budget");
