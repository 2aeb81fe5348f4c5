import { APP_NAME, APP_VERSION, calls } from "@cryptos/contract";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The contract's name of each call by its method and path: the operationId a generated client names it by. */
const callNames = new Map(Object.entries(calls).map(([name, call]) => [`${call.method} ${call.path}`, name]));

/**
 * The name the spec's path gives a call (decision 130): the part after `/api/index/` (`domiao`), elsewhere after
 * `/api/` (`ems/send`, `user/login`). The code names the call by what it does; the wire keeps the spec's path.
 */
const specName = (path: string) => path.replace(/^\/api\/(?:index\/)?/, "");

/** OpenAPI of every contract call at /docs (JSON at /docs/json). */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${APP_NAME} API`,
        version: APP_VERSION,
        description:
          "Every call answers `{code, msg, data}`: code 1 success, 0 refused (msg in the `lang` header's language), 401 sign in again. Each operation's `operationId` is the call's name in the code; `x-spec-name` is the name its path has in the spec.",
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const name = callNames.get(`${input.route.method} ${input.url}`);
      if (!name) return transformed;
      return {
        ...transformed,
        schema: { ...transformed.schema, operationId: name, "x-spec-name": specName(input.url) },
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: "/docs",
    staticCSP: true,
    uiConfig: { displayOperationId: true, showExtensions: true },
  });
});
