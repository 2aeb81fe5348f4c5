import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The build's scripts and stylesheets; anything else under /assets goes to @fastify/static as before. */
const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};
/** A hashed file name of the build: no folder, no "..", nothing to normalise. */
const BUILD_FILE = /^[\w-]+(?:\.[\w-]+)*\.(?:js|css)$/;

interface Asset {
  type: string;
  etag: string;
  /** By content-encoding ("" for none): the build's own compressed copies (apps/web/precompress.ts). */
  bodies: Map<string, Buffer>;
}

/** The build writes both copies of a file or neither (apps/web/precompress.ts: none below 1 KB). */
const negotiator = new Negotiator<"br" | "gzip">({ supportedValues: ["br", "gzip"] });

async function load(file: string): Promise<Asset | null> {
  const [plain, br, gzip] = await Promise.all(
    ["", ".br", ".gz"].map((suffix) => readFile(`${file}${suffix}`).catch(() => null)),
  );
  if (!plain) return null;
  const bodies = new Map<string, Buffer>([["", plain]]);
  if (br) bodies.set("br", br);
  if (gzip) bodies.set("gzip", gzip);
  const etag = `"${createHash("sha256").update(plain).digest("base64url").slice(0, 27)}"`;
  return { type: TYPES[path.extname(file)] ?? "application/octet-stream", etag, bodies };
}

/**
 * The build's hashed scripts and stylesheets (`/assets/*.js|css`), answered from memory after their first request.
 * A first visit asks for some thirty of them at once, six at a time; @fastify/static reads each from disk and, to
 * refuse a differently spelled name, lists every folder on the way (the assets folder holds some 700 files):
 * about 1 ms of the server's one thread per file, so the thirtieth waited for the twenty-nine before it. Such a file
 * never changes under its name (its hash), so the first read is kept: at most the build's size (a few MB).
 * Anything else, and a name the build does not have, goes to @fastify/static as before (a newer build's file is read
 * from disk and kept then).
 */
export function assetsFromMemory(files: FastifyInstance, root: string): void {
  const cache = new Map<string, Promise<Asset | null>>();
  const dir = path.join(root, "assets");

  files.get("/assets/*", async (request: FastifyRequest<{ Params: { "*": string } }>, reply: FastifyReply) => {
    const name = request.params["*"];
    if (!BUILD_FILE.test(name)) return reply.sendFile(`assets/${name}`);
    let pending = cache.get(name);
    if (!pending) {
      pending = load(path.join(dir, name));
      cache.set(name, pending);
    }
    const asset = await pending;
    if (!asset) {
      cache.delete(name);
      return reply.sendFile(`assets/${name}`);
    }
    reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("etag", asset.etag)
      .header("vary", "accept-encoding");
    if (request.headers["if-none-match"] === asset.etag) return reply.code(304).send();
    const accepted = request.headers["accept-encoding"];
    const encoding = typeof accepted === "string" ? negotiator.negotiate(accepted) : null;
    const compressed = encoding ? asset.bodies.get(encoding) : undefined;
    if (encoding && compressed) return reply.header("content-encoding", encoding).type(asset.type).send(compressed);
    return reply.type(asset.type).send(asset.bodies.get(""));
  });
}
