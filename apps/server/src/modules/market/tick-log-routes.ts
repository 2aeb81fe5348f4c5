import { calls, TICK_ARCHIVE_PATH } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

/** The public tick log: no token, so anyone can check the prices up/down orders were settled by. */
export function tickLogRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { tickLog } = ctx.services;
  contractRoute(app, ctx.routes, calls.listTicks, ({ query }) =>
    tickLog.ticks(query.productid, query.from, query.to, query.page, query.list),
  );
  contractRoute(app, ctx.routes, calls.listTickHeads, () => tickLog.heads());
  contractRoute(app, ctx.routes, calls.listTickArchives, ({ query }) =>
    tickLog.archives(query.productid, query.page, query.list),
  );

  // An archived day as a file: gzip'd CSV, immutable once written, so it may be cached for good.
  app.get<{ Querystring: { productid?: string; day?: string } }>(
    TICK_ARCHIVE_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const { productid = "", day = "" } = request.query;
      if (/^\d{1,9}$/.test(productid) && /^\d{4}-\d{2}-\d{2}$/.test(day)) {
        const file = await tickLog.archiveFile(Number(productid), day);
        if (file) {
          return reply
            .header("content-type", "application/gzip")
            .header("content-length", file.length)
            .header("cache-control", "public, max-age=31536000, immutable")
            .header("content-disposition", `attachment; filename="ticks-${productid}-${day}.csv.gz"`)
            .send(Buffer.from(file));
        }
      }
      return reply.callNotFound();
    },
  );
}
