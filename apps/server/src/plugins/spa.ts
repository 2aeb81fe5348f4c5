import { existsSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Serves the built single-page app at `/` (hash routing: the server only ever sees `/` and assets), with its web app
 * manifest and service worker.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  if (!existsSync(options.root)) {
    app.log.warn({ root: options.root }, "web build not found; serving the API only (run npm run build)");
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: "/",
    index: ["index.html"],
    wildcard: true,
    // The web build writes .br and .gz beside each text file (apps/web/precompress.ts); the original otherwise.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Hashed assets never change; index.html, the service worker (sw.js) and the manifest must always be
      // revalidated, so that a new build reaches every browser.
      res.header("cache-control", filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      // The web app manifest's registered type (not every MIME table knows .webmanifest).
      if (filePath.endsWith(".webmanifest")) res.header("content-type", "application/manifest+json");
    },
  });
});
