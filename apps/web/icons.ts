import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const SPRITE = fileURLToPath(new URL("./src/components/icons.svg", import.meta.url));

/**
 * The shells' icons once in index.html (decision 096): src/components/icons.svg's symbols in a hidden <svg> at the top
 * of the body, which those icons draw with `<use href="#icon-<name>">` (components/svg-icon.tsx). As outlines in the
 * JavaScript they were in the entry, and each prerendered shell carried its own copy of each; in a file of their own
 * they drew after the first paint (the parser cannot preload a `<use>`).
 */
export function iconSprite(): Plugin {
  return {
    name: "cryptos:icon-sprite",
    transformIndexHtml() {
      const symbols = readFileSync(SPRITE, "utf8")
        .replace(/<!--[\s\S]*?-->/g, "")
        .replace(/^\s*<svg[^>]*>|<\/svg>\s*$/g, "")
        .replace(/\n/g, "");
      if (!symbols.includes("<symbol")) throw new Error(`${SPRITE} has no symbols`);
      return [
        {
          tag: "svg",
          // Takes no room and is never read out; display:none has kept some browsers from drawing what refers into it.
          attrs: { width: "0", height: "0", style: "position:absolute", "aria-hidden": "true" },
          children: symbols,
          injectTo: "body-prepend",
        },
      ];
    },
  };
}
