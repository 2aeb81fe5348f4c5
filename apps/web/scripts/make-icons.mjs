// Draws the app icons (the favicon's white "C" on the brand blue) as SVG and rasterises them with sharp (already a
// dependency of the server) into public/icons. Run by hand when the mark changes; the PNGs are committed:
//   node apps/web/scripts/make-icons.mjs
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const BRAND = "#1652F0";
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public/icons");

/**
 * The mark on a 32-unit grid, as in index.html's favicon. `scale` shrinks it about the centre (a maskable icon keeps
 * it inside the 80 % safe circle); `radius` rounds the tile (0: full bleed, for masks and Apple's own rounding).
 */
function svg(size, { scale = 1, radius = 7 } = {}) {
  const offset = 16 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${radius}" fill="${BRAND}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M21 11.5a6.5 6.5 0 1 0 0 9" fill="none" stroke="#FFFFFF" stroke-width="3" stroke-linecap="round"/>
  </g>
</svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192 },
  { file: "icon-512.png", size: 512 },
  { file: "icon-maskable-512.png", size: 512, scale: 0.75, radius: 0 },
  { file: "apple-touch-icon.png", size: 180, radius: 0 },
];

mkdirSync(out, { recursive: true });
for (const { file, size, ...options } of icons) {
  await sharp(Buffer.from(svg(size, options)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
  console.log(`${file} ${size}x${size}`);
}
