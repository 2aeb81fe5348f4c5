import Beasties from "beasties";
import type { Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The CSS files a chunk and its static imports bring, in the order Vite links them. */
export function cssOf(bundle: OutputBundle, chunk: OutputChunk, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const css: string[] = [];
  for (const name of chunk.imports) {
    const imported = bundle[name];
    if (imported?.type === "chunk") css.push(...cssOf(bundle, imported, seen));
  }
  const own = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
  css.push(...(own ?? []));
  return css;
}

/**
 * The rules of `styles` that the page draws before the app runs: those whose selectors match an element of `html`
 * (the five shells and index.html's loader), in any of their media queries, and both themes' variables (the theme's
 * attribute is set by an inline script, after the build looked). Beasties reads selectors, not a browser's layout.
 */
export async function criticalRules(html: string, styles: string): Promise<string> {
  const beasties = new Beasties({
    external: false,
    reduceInlineStyles: true,
    keyframes: "critical",
    allowRules: [/data-prefers-color-scheme/],
    logLevel: "warn",
  });
  const page = html.replace("</head>", () => `<style>${styles}</style></head>`);
  const reduced = (await beasties.process(page)).match(/<style>([\s\S]*?)<\/style>/)?.[1];
  if (reduced === undefined) throw new Error("critical CSS: Beasties left no <style> in index.html");
  return withoutUnusedVariables(reduced, html);
}

/**
 * `css` without the custom properties nothing in it or in `html` reads (antd-mobile declares some two hundred on
 * :root): the shells draw without them, and the whole stylesheet has them before the app draws.
 */
function withoutUnusedVariables(css: string, html: string): string {
  let kept = css;
  for (let pass = 0; pass < 10; pass++) {
    const read = new Set([...`${kept}${html}`.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]));
    // A declaration starts a block or follows one (BEM's `.a--b:hover` is a selector, not a property).
    const next = kept
      .replace(/([{;])(--[\w-]+)\s*:[^;{}]*/g, (declaration, before: string, name: string) =>
        read.has(name) ? declaration : before,
      )
      .replace(/;+}/g, "}")
      .replace(/\{;+/g, "{")
      .replace(/;;+/g, ";")
      .replace(/[^{}]+\{\}/g, "");
    if (next === kept) break;
    kept = next;
  }
  return kept;
}
