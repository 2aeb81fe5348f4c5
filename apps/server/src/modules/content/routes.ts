import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { Caller } from "../../plugins/auth";
import type { ModuleContext } from "../context";
import type { Reader } from "../messages/service";

/** Menus, help pages, and the message calls of the spec (announcements, news, unread count). */
export function contentRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { content, messages, users } = ctx.services;
  const readerOf = async (caller: Caller | null): Promise<Reader> => {
    if (!caller) return null;
    const joinedAt = await users.joinedAt(caller.userId);
    return joinedAt ? { userId: caller.userId, joinedAt } : null;
  };

  contractRoute(app, ctx.routes, calls.menus, async ({ request }) => ({
    items: await content.homeMenus(request.locale),
  }));
  contractRoute(app, ctx.routes, calls.getmenusoft, async ({ request }) => ({
    items: await content.softMenus(request.locale),
  }));
  contractRoute(app, ctx.routes, calls.helpshow, async ({ query, request }) => content.help(query.key, request.locale));

  contractRoute(app, ctx.routes, calls.gonggaoshow, async ({ request }) => messages.latestAnnouncement(request.locale));
  contractRoute(app, ctx.routes, calls.newslist, async ({ query, caller, request }) =>
    messages.list(await readerOf(caller), query.cid, query.page, query.list, request.locale),
  );
  contractRoute(app, ctx.routes, calls.newsshow, async ({ query, caller, request }) =>
    messages.show(await readerOf(caller), query.id, request.locale),
  );
  contractRoute(app, ctx.routes, calls.getnews, async ({ caller }) => messages.unread(await readerOf(caller)));
}
