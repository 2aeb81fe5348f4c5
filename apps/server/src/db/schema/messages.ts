import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Announcements (cid 1), system notices (2) and personal messages (3, with a user). A message is either written
 * by an operator per language (`title`/`body` keyed by locale) or generated from a template key and params,
 * rendered in the reader's language when read.
 */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    cid: integer("cid").notNull(),
    userId: integer("user_id").references(() => users.id),
    template: text("template"),
    params: jsonb("params").$type<Record<string, string | number>>(),
    title: jsonb("title").$type<Record<string, string>>(),
    body: jsonb("body").$type<Record<string, string>>(),
    published: boolean("published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("messages_user").on(t.userId, t.id), index("messages_cid").on(t.cid, t.id)],
);

export const messageReads = pgTable(
  "message_reads",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);
