import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import render from "dom-serializer";
import { type ChildNode, isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";
import type { BuildEnvironmentOptions } from "vite";
import type { FirstReadsFacts, MarkedShell } from "../src/app/shell/prerender";
import { translationsFolder } from "../translations";

/** The environment variable that makes vite.config.ts build the shells' renderer (shellRendererBuild) instead. */
export const PRERENDER_OUT = "CRYPTOS_SHELL_PRERENDER_OUT";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB = path.dirname(HERE);
const ENTRY = path.join(WEB, "src/app/shell/prerender.tsx");
const WORKER = path.join(HERE, "render-worker.mjs");
const LOCALES = path.join(WEB, "src/locales");
const MARK = "\u2063";
const MARKER = new RegExp(`${MARK}(\\d+)${MARK}`, "g");

/** One tab's shell: English markup, where its translated texts are, and each language's texts. */
export interface RenderedShell {
  html: string;
  /** [index of the text node among the shell's text nodes, its text with markers] */
  texts: [number, string][];
  /** [index of the element among the shell's elements, attribute, its value with markers] */
  attributes: [number, string, string][];
  /** Each language's text of each marker, by the marker's number. */
  strings: Record<string, string[]>;
}

/** A read the page asks for before the app runs, as the app spells it (same origin: the path and query). */
export interface ShellRead {
  method: string;
  url: string;
  body: string | null;
}

/** vite.config.ts's build while PRERENDER_OUT is set: src/app/shell/prerender.tsx as a module for Node. */
export function shellRendererBuild(outDir: string): BuildEnvironmentOptions {
  return {
    outDir,
    ssr: ENTRY,
    emptyOutDir: true,
    minify: false,
    target: "node20",
    // Node reads a .js file outside a package as CommonJS.
    rolldownOptions: { output: { entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs" } },
  };
}

/** Builds the renderer into `out`, with this same config (vite.config.ts reads PRERENDER_OUT). */
async function buildRenderer(out: string): Promise<string> {
  const { build } = await import("vite");
  process.env[PRERENDER_OUT] = out;
  try {
    await build({ root: WEB, configFile: path.join(WEB, "vite.config.ts"), logLevel: "warn" });
  } finally {
    delete process.env[PRERENDER_OUT];
  }
  return pathToFileURL(path.join(out, "prerender.mjs")).href;
}

interface WorkerResult {
  shell: MarkedShell;
  reads: ShellRead[];
  facts: FirstReadsFacts | null;
}

/** A shell's render waits on nothing but the catalogues and the page's code: longer than this, something waits forever. */
const RENDER_LIMIT_MS = 5 * 60_000;

function renderInWorker(data: Record<string, unknown>): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: data });
    const stuck = setTimeout(() => {
      reject(
        new Error(`no shell after ${RENDER_LIMIT_MS / 1000} s: the render waits on something a first visit lacks`),
      );
      void worker.terminate();
    }, RENDER_LIMIT_MS);
    worker.once("message", (result: WorkerResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
    // Code 13: the render awaited something that never settles (a held API read) and nothing else was left to run.
    worker.once("exit", (code) => {
      clearTimeout(stuck);
      reject(new Error(`the shell's worker ended (code ${code}) without a shell`));
    });
  });
}

/** The text of a marked template in `strings`' language. */
function fill(template: string, strings: readonly string[]): string {
  return template.replace(MARKER, (_, id: string) => strings[Number(id)] ?? "");
}

/** HTML's serialization of text and of attribute values (what a browser's innerHTML writes), SVG's included. */
const escapeText = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/\u00a0/g, "&nbsp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
const escapeAttribute = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/\u00a0/g, "&nbsp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

/**
 * The shell's markup in English, and where its markers were: by the index of each text node among the shell's text
 * nodes and of each element among its elements, in document order, as shell/boot.js finds them in the page.
 */
function unmark(route: string, { marked, strings }: MarkedShell): RenderedShell {
  // A boundary whose render threw on the server: React leaves it to the client, and the shell would show its
  // fallback. The message is in the template React writes for it.
  const failed = /<!--\$!-->(?:<template[^>]*data-msg="([^"]*)")?/.exec(marked);
  if (failed)
    throw new Error(`prerendering ${route}: a part of the page failed to render: ${failed[1] ?? "(no message)"}`);
  const english = strings.en ?? [];
  const document = parseDocument(marked);
  const texts: [number, string][] = [];
  const attributes: [number, string, string][] = [];
  let textIndex = 0;
  let elementIndex = 0;
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (isText(node)) {
        if (node.data.includes(MARK)) {
          texts.push([textIndex, node.data]);
          node.data = fill(node.data, english);
        }
        node.data = escapeText(node.data);
        textIndex++;
      } else if (isTag(node)) {
        for (const [name, value] of Object.entries(node.attribs)) {
          if (value.includes(MARK)) attributes.push([elementIndex, name, value]);
          node.attribs[name] = escapeAttribute(fill(value, english));
        }
        elementIndex++;
        visit(node.children);
      }
    }
  };
  visit(document.children);
  const html = render(document, { encodeEntities: false, selfClosingTags: false, emptyAttrs: true });
  return { html, texts, attributes, strings };
}

/**
 * Draws each shell with the app's own components in Node (React's server renderer), each in a worker thread that is
 * a first visit's browser at that address (shell/first-visit.mjs), and records the reads each page asks for.
 */
export async function renderShells(shells: readonly { path: string; signedIn: boolean }[]) {
  const scratch = mkdtempSync(path.join(tmpdir(), "cryptos-shells-"));
  try {
    const entry = await buildRenderer(scratch);
    const common = { entry, translationsFolder: translationsFolder(), locales: LOCALES };
    const results = await Promise.all(
      shells.map((shell, index) =>
        renderInWorker({ ...common, route: shell.path, signedIn: shell.signedIn, withFacts: index === 0 }).catch(
          (error: Error) => {
            throw new Error(`prerendering ${shell.path}: ${error.stack ?? error.message}`);
          },
        ),
      ),
    );
    const facts = results[0]?.facts;
    if (!facts) throw new Error("prerendering: the app gave no facts for shell/first-reads.js");
    return {
      shells: new Map(
        shells.map((shell, index) => [shell.path, unmark(shell.path, results[index]?.shell as MarkedShell)]),
      ),
      reads: new Map(shells.map((shell, index) => [shell.path, results[index]?.reads ?? []])),
      facts,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
