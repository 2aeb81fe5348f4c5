import { Readable } from "node:stream";
import { EXPORT_KINDS, type ExportKind, exportPath } from "@cryptos/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Unauthorized } from "../../lib/errors";
import type { ModuleContext } from "../context";

/** Excel reads a CSV as UTF-8 only when it starts with the byte order mark; other readers skip it. */
const BOM = "\uFEFF";

/**
 * `GET /api/user/export/<kind>.csv`: the caller's whole history of one kind, streamed. Not a call of the contract
 * (its answer is a file, not the JSON envelope), but signed in the same way: a bearer token, else the 401 envelope.
 */
export function exportRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { exports } = ctx.services;
  const signedIn = async (request: FastifyRequest) => {
    const token = request.bearerToken;
    if (!token) throw new Unauthorized("unauthorized");
    request.caller = await ctx.routes.resolveSession(token);
    if (!request.caller) throw new Unauthorized("session_expired");
  };
  for (const kind of EXPORT_KINDS) {
    app.get(
      exportPath(kind),
      {
        schema: { summary: `My whole ${kind} history as CSV (the list call's fields, newest first)`, tags: ["user"] },
        preValidation: signedIn,
      },
      async (request, reply) => {
        const rows = exports.csv(request.caller!.userId, kind as ExportKind, request.locale);
        const day = ctx.clock.now().toISOString().slice(0, 10);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="cryptos-${kind}-${day}.csv"`)
          .header("cache-control", "no-store")
          .send(Readable.from(withBom(rows)));
      },
    );
  }
}

async function* withBom(rows: AsyncGenerator<string>) {
  yield BOM;
  yield* rows;
}
