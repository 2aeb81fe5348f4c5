import { APP_NAME, APP_VERSION } from "@cryptos/contract";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI of every contract call at /docs (JSON at /docs/json). */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${APP_NAME} API`,
        version: APP_VERSION,
        description:
          "Every call answers `{code, msg, data}`: code 1 success, 0 refused (msg in the `lang` header's language), 401 sign in again.",
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });
});
