// Writes src/components/icons.svg and icons.tsx: the antd-mobile-icons (MIT) this app shows. Each of the package's
// icons is its own component with the full-precision outline and an invisible 48 x 48 rectangle, about 1 KB gzip
// apiece, and the home screen alone shows seventeen (decision 032). Here each is its outline, rounded to a tenth of
// the icon's 48-unit grid, drawn by components/svg-icon.tsx with the package's props: those the shells draw as
// symbols of one sprite that index.html carries (apps/web/icons.ts, decision 096), the others from their outlines in
// the JavaScript. Add a name to ICONS (and to IN_DOCUMENT if a shell draws it) and run:
//   node apps/web/scripts/gen-icons.mjs
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ICONS = [
  "AddOutline",
  "AppOutline",
  "AppstoreOutline",
  "ArrowDownCircleOutline",
  "BellOutline",
  "BillOutline",
  "CheckShieldOutline",
  "CloseOutline",
  "CollectMoneyOutline",
  "DeleteOutline",
  "DownlandOutline",
  "DownOutline",
  "EyeInvisibleOutline",
  "EyeOutline",
  "FileOutline",
  "GlobalOutline",
  "HistogramOutline",
  "KeyOutline",
  "LockOutline",
  "LoopOutline",
  "MessageOutline",
  "PayCircleOutline",
  "QuestionCircleOutline",
  "RightOutline",
  "SendOutline",
  "SoundOutline",
  "StarFill",
  "StarOutline",
  "UnorderedListOutline",
  "UpCircleOutline",
  "UploadOutline",
  "UserContactOutline",
  "UserOutline",
];

/**
 * The icons the prerendered shells draw (shell/vite-plugin.ts refuses a shell that draws another): their outlines are
 * symbols in index.html, once for all shells; the others are outlines in the JavaScript. All of them in index.html
 * took it past the first round trip of a new connection (first-load.spec).
 */
const IN_DOCUMENT = new Set([
  "AppOutline",
  "BellOutline",
  "DownlandOutline",
  "EyeOutline",
  "FileOutline",
  "GlobalOutline",
  "HistogramOutline",
  "LoopOutline",
  "PayCircleOutline",
  "UnorderedListOutline",
  "UploadOutline",
  "UserOutline",
]);

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(web, "package.json"));
const packageDir = path.dirname(require.resolve("antd-mobile-icons/package.json"));
const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8"));

const ARGS = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };

/** A number as short as it can be written: no leading zero, no trailing zeros. */
function short(n) {
  const text = String(Math.round(n * 10) / 10 || 0);
  return text.replace(/^(-?)0\./, "$1.");
}

/** Joins numbers with the fewest separators: a minus sign or a leading dot after a decimal separates by itself. */
function join(numbers) {
  let out = "";
  let previous = "";
  for (const text of numbers) {
    const needsSpace = out !== "" && !text.startsWith("-") && !(text.startsWith(".") && previous.includes("."));
    out += (needsSpace ? " " : "") + text;
    previous = text;
  }
  return out;
}

/**
 * The outline with every point rounded to a tenth of a unit (1/480 of the icon: a twentieth of a pixel at 22 px),
 * written relative to the previous point, which takes fewer digits. Relative steps are taken between rounded points,
 * so rounding does not add up along the path.
 */
function compactPath(d) {
  const tokens = d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/gi) ?? [];
  let out = "";
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const r = (n) => Math.round(n * 10) / 10;
  let i = 0;
  let command = "";
  while (i < tokens.length) {
    if (/^[A-Za-z]$/.test(tokens[i])) command = tokens[i++];
    const upper = command.toUpperCase();
    const relative = command !== upper;
    const count = ARGS[upper];
    if (count === undefined) throw new Error(`path command ${command} not handled`);
    if (upper === "Z") {
      out += "z";
      x = startX;
      y = startY;
      continue;
    }
    const args = tokens.slice(i, i + count).map(Number);
    i += count;
    const ox = relative ? x : 0;
    const oy = relative ? y : 0;
    let nx = x;
    let ny = y;
    let written;
    if (upper === "H") {
      nx = r(args[0] + ox);
      written = [nx - x];
    } else if (upper === "V") {
      ny = r(args[0] + oy);
      written = [ny - y];
    } else if (upper === "A") {
      nx = r(args[5] + ox);
      ny = r(args[6] + oy);
      written = [args[0], args[1], args[2], args[3], args[4], nx - x, ny - y];
    } else {
      const points = [];
      for (let k = 0; k < count; k += 2) points.push(r(args[k] + ox), r(args[k + 1] + oy));
      nx = points[count - 2];
      ny = points[count - 1];
      written = points.map((v, k) => v - (k % 2 === 0 ? x : y));
    }
    let letter = upper === "M" && out === "" ? "M" : upper.toLowerCase();
    if (upper === "L" && written[0] === 0 && written[1] === 0) continue; // no step at all (after rounding)
    if (upper === "L" && written[0] === 0) [letter, written] = ["v", [written[1]]];
    else if (upper === "L" && written[1] === 0) [letter, written] = ["h", [written[0]]];
    const numbers = (letter === "M" ? [nx, ny] : written).map(short);
    out += letter + join(numbers);
    x = nx;
    y = ny;
    if (upper === "M") {
      startX = x;
      startY = y;
    }
  }
  return out;
}

function outlineOf(name) {
  const source = readFileSync(path.join(packageDir, "es", `${name}.js`), "utf8");
  const paths = [...source.matchAll(/React\.createElement\("path", \{([^}]*)\}/g)];
  const shapes = source.match(/React\.createElement\("(circle|ellipse|line|polygon|polyline|image|use)"/);
  if (paths.length !== 1 || shapes || /transform/.test(source)) {
    throw new Error(`${name}: not one plain path; draw it by hand or extend this script`);
  }
  // The path's fill and rule, else the innermost group's that sets them (the groups nest, in source order).
  let fill;
  let rule;
  for (const [, attributes] of source.matchAll(/React\.createElement\("(?:g|path)", \{([^}]*)\}/g)) {
    fill = attributes.match(/\bfill: "([^"]+)"/)?.[1] ?? fill;
    rule = attributes.match(/\bfillRule: "([^"]+)"/)?.[1] ?? rule;
  }
  const d = paths[0][1].match(/\bd: "([^"]+)"/)?.[1];
  if (!d || fill !== "currentColor") throw new Error(`${name}: expected one currentColor path`);
  return { d: compactPath(d), evenOdd: rule === "evenodd" };
}

const outlines = ICONS.map((name) => ({ name, ...outlineOf(name) }));
const unknown = [...IN_DOCUMENT].filter((name) => !ICONS.includes(name));
if (unknown.length) throw new Error(`IN_DOCUMENT names icons ICONS lacks: ${unknown.join(", ")}`);

// The sprite: one symbol per icon of IN_DOCUMENT, named as the component, drawn in the colour of the text around it.
const symbols = outlines
  .filter(({ name }) => IN_DOCUMENT.has(name))
  .map(
    ({ name, d, evenOdd }) =>
      `<symbol id="icon-${name}" viewBox="0 0 48 48"><path d="${d}" fill="currentColor"${evenOdd ? ' fill-rule="evenodd"' : ""}/></symbol>`,
  );
const sprite = `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">\n<!-- Generated by apps/web/scripts/gen-icons.mjs from antd-mobile-icons ${version} (MIT): do not edit by hand. -->\n${symbols.join("\n")}\n</svg>\n`;
writeFileSync(path.join(web, "src/components/icons.svg"), sprite);

// Each outline icon is a module of its own, so that the build puts it in the chunk of the pages that draw it: in one
// module, every outline any page draws went into the entry with the tab bar's icons (3.4 KB gzip; decision 098).
const OUTLINE_DIR = path.join(web, "src/components/outline-icons");
rmSync(OUTLINE_DIR, { recursive: true, force: true });
mkdirSync(OUTLINE_DIR);
const HEADER = `// Generated by apps/web/scripts/gen-icons.mjs from antd-mobile-icons ${version} (MIT): do not edit by hand.`;
for (const { name, d, evenOdd } of outlines.filter(({ name }) => !IN_DOCUMENT.has(name))) {
  // As Biome formats it (the outlines are longer than a line).
  const module = `${HEADER}
import { outlineIcon } from "../svg-icon";

export const ${name} = /* @__PURE__ */ outlineIcon(\n  "${d}",${evenOdd ? "\n  true," : ""}\n);
`;
  writeFileSync(path.join(OUTLINE_DIR, `${name}.tsx`), module);
}

const lines = outlines
  .filter(({ name }) => IN_DOCUMENT.has(name))
  .map(({ name }) => `export const ${name} = /* @__PURE__ */ icon("${name}");`);

// No re-export of the outlines here: a module the entry imports pulls in whatever it re-exports.
const out = `${HEADER}
// Each is a symbol of icons.svg, which index.html carries (apps/web/icons.ts, decision 096). The other icons are
// outlines, imported each from its own module: components/outline-icons/<name>.
import { icon } from "./svg-icon";

${lines.join("\n")}
`;
writeFileSync(path.join(web, "src/components/icons.tsx"), out);
console.log(
  `wrote src/components/icons.svg and icons.tsx (${symbols.length} icons) and outline-icons/ (${ICONS.length - symbols.length})`,
);
