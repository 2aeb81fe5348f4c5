import { z } from "zod";
import { id, intLike, paged, pageQuery, timestamp } from "../envelope";
import { defineCall } from "./define";

export const menuEntry = z.object({ key: z.string(), label: z.string(), icon: z.string(), route: z.string() });

export const message = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  title: z.string(),
  summary: z.string(),
  read: z.boolean(),
  created_at: timestamp,
});
export const messageDetail = message.extend({ body: z.string() });

export const HELP_PAGES = ["help", "ammhelp"] as const;

export const contentCalls = {
  getHelpPage: defineCall({
    method: "POST",
    path: "/api/index/helpshow",
    auth: "none",
    summary: "A help page's content (help, ammhelp) in the request's language; sanitised HTML",
    query: z.object({ key: z.enum(HELP_PAGES) }),
    data: z.object({ key: z.enum(HELP_PAGES), title: z.string(), body: z.string() }),
  }),
  getHomeMenu: defineCall({
    method: "POST",
    path: "/api/index/menus",
    auth: "none",
    summary: "Home menu grid",
    data: z.object({ items: z.array(menuEntry) }),
  }),
  getHomeShortcuts: defineCall({
    method: "POST",
    path: "/api/index/getmenusoft",
    auth: "none",
    summary: "Secondary shortcuts: help, announcements, language, ...",
    data: z.object({ items: z.array(menuEntry) }),
  }),
  getLatestAnnouncement: defineCall({
    method: "POST",
    path: "/api/index/gonggaoshow",
    auth: "none",
    summary: "The latest announcement",
    data: messageDetail.nullable(),
  }),
  listMessages: defineCall({
    method: "POST",
    path: "/api/index/newslist",
    auth: "optional",
    summary: "Messages by category (1 announcements, 2 system notices, 3 personal)",
    query: pageQuery.extend({ cid: intLike(1, 3).optional() }),
    data: paged(message),
  }),
  readMessage: defineCall({
    method: "POST",
    path: "/api/index/newsshow",
    auth: "optional",
    summary: "One message; marks it read for the caller",
    query: z.object({ id }),
    data: messageDetail,
  }),
  countUnreadMessages: defineCall({
    method: "POST",
    path: "/api/index/getnews",
    auth: "optional",
    summary: "Unread message count (0 when signed out)",
    data: z.number().int(),
  }),
};
