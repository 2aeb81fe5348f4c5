import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute, memoizedContractRoute } from "../../http/contract-route";
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

  // Every first visit to Home asks for the menus and the announcement: kept in memory, serialised once.
  memoizedContractRoute(app, ctx.routes, calls.getHomeMenu, ({ request }) => content.homeMenus(request.locale));
  memoizedContractRoute(app, ctx.routes, calls.getHomeShortcuts, ({ request }) => content.softMenus(request.locale));
  contractRoute(app, ctx.routes, calls.getHelpPage, async ({ query, request }) =>
    content.help(query.key, request.locale),
  );

  memoizedContractRoute(app, ctx.routes, calls.getLatestAnnouncement, ({ request }) =>
    messages.latestAnnouncement(request.locale),
  );
  contractRoute(app, ctx.routes, calls.listMessages, async ({ query, caller, request }) =>
    messages.list(await readerOf(caller), query.cid, query.page, query.list, request.locale),
  );
  contractRoute(app, ctx.routes, calls.readMessage, async ({ query, caller, request }) =>
    messages.show(await readerOf(caller), query.id, request.locale),
  );
  contractRoute(app, ctx.routes, calls.countUnreadMessages, async ({ caller }) =>
    messages.unread(await readerOf(caller)),
  );
}
