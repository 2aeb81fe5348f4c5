#!/usr/bin/env node
// Features never import other features (docs: CONVENTIONS "Which layer may import which"): what two features
// share moves down to components/ or lib/. Scans apps/web/src/features/<f>/** for imports that reach into
// features/<other> through the "@/features/..." alias or a relative path, prints each and exits 1.
// app/ (the router) may import features; it is not scanned.
// Usage: node scripts/check-feature-imports.mjs [src dir, default apps/web/src]
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const src = path.resolve(process.argv[2] ?? path.join(root, "apps/web/src"));
const featuresDir = path.join(src, "features");
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
// import x from "y"; export { x } from "y"; import "y"; import("y"); require("y")
const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g,
  /\bimport\s*(['"])([^'"]+)\1/g,
  /\b(?:import|require)\s*\(\s*(['"])([^'"]+)\1\s*\)/g,
];

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (SOURCE.test(name)) yield full;
  }
}

/** The feature a specifier points into, or null when it points elsewhere (lib, components, packages). */
function targetFeature(file, specifier) {
  let target;
  if (specifier.startsWith("@/")) target = path.join(src, specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else return null;
  const rel = path.relative(featuresDir, target);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0] || null;
}

let features;
try {
  features = readdirSync(featuresDir).filter((name) => statSync(path.join(featuresDir, name)).isDirectory());
} catch {
  console.error(`check-feature-imports: no features folder at ${featuresDir}`);
  process.exit(2);
}

const violations = [];
let files = 0;
for (const feature of features) {
  for (const file of walk(path.join(featuresDir, feature))) {
    files += 1;
    const text = readFileSync(file, "utf8");
    for (const pattern of SPECIFIERS) {
      for (const match of text.matchAll(pattern)) {
        const specifier = match[2];
        const target = targetFeature(file, specifier);
        if (target && target !== feature) {
          const line = text.slice(0, match.index).split("\n").length;
          violations.push(
            `${path.relative(root, file)}:${line}: features/${feature} imports "${specifier}" (features/${target})`,
          );
        }
      }
    }
  }
}

if (violations.length > 0) {
  console.error(`Features must not import other features (${violations.length}):`);
  for (const v of [...new Set(violations)]) console.error(`  ${v}`);
  console.error("Move what they share to apps/web/src/components or apps/web/src/lib.");
  process.exit(1);
}
console.log(`check-feature-imports: ${features.length} features, ${files} files, no cross-feature imports`);
