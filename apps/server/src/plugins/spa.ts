import { existsSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Serves the built single-page app at `/` (hash routing: the server only ever sees `/` and assets). */
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
    setHeaders: (res, filePath) => {
      // Hashed assets never change; index.html must always be revalidated.
      res.header("cache-control", filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
});
