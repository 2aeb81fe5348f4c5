import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** The web build's index.html as one read: its bytes, the build's compressed copies of exactly those bytes, its hashes. */
export interface IndexPage {
  html: Buffer;
  /** By content-encoding: a copy the build wrote, kept only when it decompresses to `html` (a rebuild half done). */
  compressed: Map<"br" | "gzip", Buffer>;
  /** SHA-256 (base64) of each inline `<script>`: the CSP allows these and no other inline script. */
  scriptHashes: string[];
  etag: string;
}

/** The SHA-256 (base64) of each inline `<script>` of a page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) =>
    createHash("sha256")
      .update(code ?? "", "utf8")
      .digest("base64"),
  );
}

/** Size, time and inode: a build that writes the file anew changes at least one. "" when there is none. */
function stampOf(file: string): string {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.size}:${stat.mtimeMs}:${stat.ino}` : "";
}

function copyOf(file: string, html: Buffer, decompress: (bytes: Buffer) => Buffer): Buffer | null {
  try {
    const bytes = readFileSync(file);
    return decompress(bytes).equals(html) ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * Reads index.html and its script hashes together (decision 124): `npm run build` under a running server writes a
 * new page whose inline scripts have new hashes, and a CSP worked out at start blocked them (an unstyled page). Each
 * `read()` looks at the size and time of the file and its copies (three stats) and reads them again when one changed; the page, its
 * copies and its hashes then come from the same bytes. `known()` is the last read, without touching the disk, for
 * answers that are not the page (their CSP never runs a script).
 */
export function indexReader(root: string) {
  const file = path.join(root, "index.html");
  let page: IndexPage | null = null;
  let stamp: string | null = null;

  function load(): IndexPage | null {
    let html: Buffer;
    try {
      html = readFileSync(file);
    } catch {
      return null;
    }
    const compressed = new Map<"br" | "gzip", Buffer>();
    const br = copyOf(`${file}.br`, html, brotliDecompressSync);
    if (br) compressed.set("br", br);
    const gz = copyOf(`${file}.gz`, html, gunzipSync);
    if (gz) compressed.set("gzip", gz);
    return {
      html,
      compressed,
      scriptHashes: inlineScriptHashes(html.toString("utf8")),
      etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
    };
  }

  function read(): IndexPage | null {
    const now = [file, `${file}.br`, `${file}.gz`].map(stampOf).join("|");
    if (now !== stamp) {
      page = load();
      stamp = now;
    }
    return page;
  }

  read();
  return { read, known: () => page };
}

export type IndexReader = ReturnType<typeof indexReader>;
