import type { Locale } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { resolveLocale } from "../i18n/translate";

declare module "fastify" {
  interface FastifyRequest {
    /** From the spec's `lang` header, falling back to English. */
    locale: Locale;
  }
}

export const localePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("locale", "en");
  // Hooks on every request take `done` rather than returning a promise: it is measurably cheaper per request.
  app.addHook("onRequest", (request, _reply, done) => {
    const header = request.headers.lang;
    request.locale = resolveLocale(Array.isArray(header) ? header[0] : header);
    done();
  });
});
