import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { registerJsonParser } from "../http/json-body";
import { type MessageKey, type MessageParams, translate } from "../i18n/translate";
import { Refusal } from "../lib/errors";
import { describeValidationIssue, nulCharacterField } from "./validation-message";

/** Fastify's own client errors, mapped to a message the user can act on. */
const CLIENT_ERRORS: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "bad_json",
  FST_ERR_CTP_EMPTY_JSON_BODY: "bad_json",
  FST_ERR_CTP_BODY_TOO_LARGE: "body_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "bad_json",
  FST_ERR_CTP_INVALID_TYPE: "unsupported_media_type",
};

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: number,
  key: MessageKey,
  params?: MessageParams,
) {
  return reply.status(status).send({ code, msg: translate(request.locale ?? "en", key, params) });
}

/**
 * Every answer is the envelope `{code, msg, data?}`. Refusals and bad input never leak a stack and never answer
 * 5xx; only a genuine fault of ours does, with a generic message (the details go to the log).
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  // The spec's client POSTs every call; an empty body is an empty object, not an error. Bodies are refused
  // where a call takes none, past their limit, or nested deeper than anything the contract sends (json-body.ts).
  registerJsonParser(app);

  // After the schemas (whose messages come first): text PostgreSQL cannot store is refused, not failed in SQL.
  app.addHook("preHandler", (request, _reply, done) => {
    const inBody = nulCharacterField(request.body);
    const field = inBody === undefined ? nulCharacterField(request.query) : inBody || "body";
    done(field === undefined ? undefined : new Refusal("field_invalid", { field: field || "query" }));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) {
      return reply.status(error.httpStatus).send({
        code: error.code,
        msg: translate(request.locale, error.key, error.params),
        ...(error.data ? { data: error.data } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const msg = first
        ? describeValidationIssue(
            request.locale,
            first as never,
            error.validationContext,
            error.validationContext === "querystring" ? request.query : request.body,
          )
        : translate(request.locale, "field_invalid", { field: "body" });
      return reply.status(200).send({ code: 0, msg });
    }
    if (error.statusCode === 429) {
      const seconds = Math.max(1, Math.ceil(Number(reply.getHeader("retry-after") ?? 60)));
      return send(request, reply, 429, 0, "rate_limited", { seconds, count: seconds });
    }
    const clientKey = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (clientKey) return send(request, reply, error.statusCode ?? 400, 0, clientKey);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(request, reply, error.statusCode, 0, "field_invalid", { field: "request" });
    }
    request.log.error({ err: error }, "unhandled error");
    return send(request, reply, 500, 0, "server_error");
  });

  app.setNotFoundHandler((request, reply) =>
    send(request, reply, 404, 0, "not_found", { path: request.url.split("?")[0] ?? "" }),
  );
});
