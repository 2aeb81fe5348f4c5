import { Readable } from "node:stream";
import { EXPORT_KINDS, type ExportKind, exportPath, refusal } from "@cryptos/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { responseSchemas } from "../../http/contract-route";
import { Unauthorized } from "../../lib/errors";
import type { ModuleContext } from "../context";

/** Excel reads a CSV as UTF-8 only when it starts with the byte order mark; other readers skip it. */
const BOM = "\uFEFF";
/**
 * A client that takes no bytes for this long loses its statement (its connection is closed): otherwise two that
 * never read would hold this instance's turns for ever (decision 102).
 */
const STALLED_MS = 60_000;

/**
 * `GET /api/user/export/<kind>.csv`: the caller's whole history of one kind, streamed. Not a call of the contract
 * (its answer is a file, not the JSON envelope), but signed in the same way: a bearer token, else the 401 envelope.
 * A statement the pool cannot take now is refused as every call is: the envelope with `code: 0`, over HTTP 200.
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
        schema: {
          summary: `My whole ${kind} history as CSV (the list call's fields, newest first)`,
          tags: ["user"],
          response: statementResponses(exportPath(kind)),
        },
        preValidation: signedIn,
      },
      async (request, reply) => {
        // The response closes when the file has gone out or the client went away: either way the turn is given back.
        const gone = new AbortController();
        reply.raw.once("close", () => gone.abort());
        const statement = await exports.open(request.caller!.userId, kind as ExportKind, request.locale, gone.signal);
        reply.raw.setTimeout(STALLED_MS, () => reply.raw.destroy());
        const day = ctx.clock.now().toISOString().slice(0, 10);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="cryptos-${kind}-${day}.csv"`)
          .header("cache-control", "no-store")
          .send(Readable.from(withBom(statement.rows), { highWaterMark: 1 }));
      },
    );
  }
}

/** A signed-in GET's statuses, but a 200 that is the file itself unless the statement must wait (decision 104). */
const statementResponses = (path: string) => ({
  ...responseSchemas({ method: "GET", path, auth: "user", summary: "", data: z.null() }),
  200: refusal.describe(
    "The statement as `text/csv` (UTF-8, with a byte order mark); or the envelope with `code: 0` when another of " +
      "the caller's statements is running or too many are waiting",
  ),
});

async function* withBom(rows: AsyncGenerator<string>) {
  yield BOM;
  yield* rows;
}
