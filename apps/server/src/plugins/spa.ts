import { existsSync } from "node:fs";
import { Negotiator } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { translate } from "../i18n/translate";
import { securityHeaders } from "./security";
import { assetsFromMemory } from "./spa-assets";
import type { IndexReader } from "./spa-index";

const encodings = new Negotiator<"br" | "gzip">({ supportedValues: ["br", "gzip"] });

/**
 * Serves the built single-page app at `/` (hash routing: the server only ever sees `/` and assets), with its web app
 * manifest and service worker. None of them counts toward the API's per-address limit (that lives in the API's
 * scope: apiRateLimitPlugin), and none is ever refused with the API's JSON envelope: a browser asking for the
 * document gets words it can show.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { root: string; index: IndexReader }) => {
  if (!existsSync(options.root)) {
    app.log.warn({ root: options.root }, "web build not found; serving the API only (run npm run build)");
    return;
  }
  await app.register(async (files) => {
    files.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, "web app file");
      const path = request.url.split("?")[0] ?? "";
      const seconds = Number(reply.getHeader("retry-after") ?? 60);
      const text =
        status === 429
          ? translate(request.locale, "rate_limited", { seconds, count: seconds })
          : status >= 500
            ? translate(request.locale, "server_error")
            : translate(request.locale, "not_found", { path });
      return reply.status(status).type("text/plain; charset=utf-8").send(text);
    });
    await files.register(fastifyStatic, {
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
    assetsFromMemory(files, options.root);
    // The page and the CSP that lets its inline scripts run, from one read (decision 124).
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      const index = options.index.read();
      if (!index) return reply.callNotFound();
      reply
        .headers(securityHeaders(request, index.scriptHashes))
        .header("cache-control", "no-cache")
        .header("etag", index.etag)
        .header("vary", "accept-encoding")
        .type("text/html; charset=utf-8");
      if (request.headers["if-none-match"] === index.etag) return reply.code(304).send();
      const accepted = request.headers["accept-encoding"];
      const encoding = typeof accepted === "string" ? encodings.negotiate(accepted) : null;
      const copy = encoding ? index.compressed.get(encoding) : undefined;
      if (encoding && copy) return reply.header("content-encoding", encoding).send(copy);
      return reply.send(index.html);
    };
    files.get("/", page);
    files.get("/index.html", page);
  });
});
