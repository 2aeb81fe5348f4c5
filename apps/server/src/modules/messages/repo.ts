import type { WsEventTopic } from "@cryptos/contract";
import { and, count, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { messageReads, messages } from "../../db/schema/messages";

type Conn = Db | Tx;

/** Hints to the live clients of every instance that something of a user changed (contract ws.ts `event`). */
export const USER_EVENTS_CHANNEL = "cryptos_user_events";

/** What travels on USER_EVENTS_CHANNEL: whose `topic` changed (`null`: everyone's). */
export interface UserEvent {
  user: number | null;
  topic: WsEventTopic;
}

/**
 * Announces, once `db`'s transaction commits (and never if it rolls back), that `userId`'s messages changed, or
 * everyone's for `null`. Outside a transaction it goes out at once.
 */
export function notifyMessagesChanged(db: Conn, userId: number | null): Promise<void> {
  return notifyUserEvent(db, userId, "messages");
}

/** Like notifyMessagesChanged, for any topic of the contract's `event` (ws.ts). */
export async function notifyUserEvent(db: Conn, userId: number | null, topic: WsEventTopic): Promise<void> {
  const event: UserEvent = { user: userId, topic };
  await db.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

export const insertMessage = async (db: Conn, row: typeof messages.$inferInsert): Promise<number> =>
  (await db.insert(messages).values(row).returning({ id: messages.id }))[0]!.id;

/** Announcements and system notices as operators wrote them (not personal messages), newest first. */
export async function listBroadcasts(db: Conn, cid: number | undefined, limit: number, offset: number) {
  const where = and(isNull(messages.userId), cid === undefined ? undefined : eq(messages.cid, cid));
  const items = await db.select().from(messages).where(where).orderBy(desc(messages.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(messages).where(where);
  return { items, total: total?.n ?? 0 };
}

export const lockBroadcast = async (tx: Tx, id: number) =>
  (
    await tx
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), isNull(messages.userId)))
      .for("update")
  )[0];

export const updateBroadcast = async (tx: Tx, id: number, set: Partial<typeof messages.$inferInsert>) =>
  (await tx.update(messages).set(set).where(eq(messages.id, id)).returning())[0]!;

export const findMessage = async (db: Conn, id: number) =>
  (await db.select().from(messages).where(eq(messages.id, id)).limit(1))[0];

export const personalMessages = (db: Conn, userId: number) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.cid, 3)))
    .orderBy(desc(messages.id));

/** A reader: a signed-in user (who sees every published broadcast and their own messages) or nobody. */
export type Reader = { userId: number; joinedAt: Date } | null;

/**
 * What a reader may see: published broadcasts (announcements, system notices) and, when signed in, their own
 * personal messages. Never another user's.
 */
function visibleTo(reader: Reader) {
  const broadcast = and(isNull(messages.userId), eq(messages.published, true));
  return reader ? or(broadcast, eq(messages.userId, reader.userId)) : broadcast;
}

export async function listVisible(db: Conn, reader: Reader, cid: number | undefined, limit: number, offset: number) {
  const where = and(visibleTo(reader), cid ? eq(messages.cid, cid) : undefined);
  const items = await db
    .select({
      message: messages,
      // Signed out there is no read state: every message is listed as unread (the app shows no marks then).
      unread: reader ? sql<boolean>`(${unreadBy(reader)})` : sql<boolean>`true`,
    })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(messages).where(where);
  return { items, total: total?.n ?? 0 };
}

export const findVisible = async (db: Conn, reader: Reader, id: number) =>
  (
    await db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), visibleTo(reader)))
      .limit(1)
  )[0];

export const markRead = (db: Conn, messageId: number, userId: number, at: Date) =>
  db.insert(messageReads).values({ messageId, userId, readAt: at }).onConflictDoNothing();

/**
 * How long before joining a broadcast is still news to a newcomer: the welcome announcement and the last month's
 * notices are unread for a new user; older history is listed as read.
 */
const BROADCASTS_NEW_TO_NEWCOMERS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Unread for a reader, the one rule behind the list's marks and the badge's count: no read mark, and either the
 * reader's own message or a broadcast published at most BROADCASTS_NEW_TO_NEWCOMERS_MS before they joined.
 */
function unreadBy(reader: NonNullable<Reader>) {
  const newsSince = new Date(reader.joinedAt.getTime() - BROADCASTS_NEW_TO_NEWCOMERS_MS);
  return and(
    or(eq(messages.userId, reader.userId), gt(messages.createdAt, newsSince)),
    sql`not exists (select 1 from message_reads r where r.message_id = ${messages.id} and r.user_id = ${reader.userId})`,
  );
}

/** The number of messages `listVisible` marks unread for the reader, over every category. */
export async function unreadCount(db: Conn, reader: NonNullable<Reader>): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(visibleTo(reader), unreadBy(reader)));
  return row?.n ?? 0;
}

export const latestAnnouncement = async (db: Conn) =>
  (
    await db
      .select()
      .from(messages)
      .where(and(eq(messages.cid, 1), isNull(messages.userId), eq(messages.published, true)))
      .orderBy(desc(messages.id))
      .limit(1)
  )[0];

export const countBroadcasts = async (db: Conn) =>
  (await db.select({ n: count() }).from(messages).where(isNull(messages.userId)))[0]?.n ?? 0;
