import {
  type adminNews,
  type Locale,
  MESSAGE_CATEGORIES,
  type message,
  type messageDetail,
  type Paged,
  type WsEventTopic,
  wsEventTopic,
} from "@cryptos/contract";
import { z } from "zod";
import type { Database, Db, Tx } from "../../db/client";
import type { messages as messagesTable } from "../../db/schema/messages";
import { afterCommit } from "../../db/transaction";
import { type MessageKey, type MessageParams, translate } from "../../i18n/translate";
import { CachedReads, PUBLIC_CONTENT_CACHE } from "../../lib/cached-read";
import type { Clock } from "../../lib/clock";
import { Refusal } from "../../lib/errors";
import { plainSummary, sanitizeBody } from "../../lib/html";
import type { Reader } from "./repo";
import * as repo from "./repo";

export type { Reader, UserEvent } from "./repo";

type MessageRow = typeof messagesTable.$inferSelect;
type MessageView = z.infer<typeof message>;
type MessageDetailView = z.infer<typeof messageDetail>;

/** A generated message: its title and body are message keys, rendered in the reader's language. */
export interface TemplateMessage {
  title: MessageKey;
  body: MessageKey;
  params?: MessageParams;
}

/** Stored form of a generated message: the keys and params; the text is made when it is read. */
interface StoredTemplate {
  title: MessageKey;
  body: MessageKey;
}

/** Per-locale text written by an operator; "*" is the text for every language that has none of its own. */
export type LocalizedText = Partial<Record<Locale | "*", string>>;

export function pickText(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return "";
  return text[locale] ?? text["*"] ?? text.en ?? Object.values(text).find(Boolean) ?? "";
}

/** Messages to users: every effect of an operator or a worker on a user reaches them as one of these. */
export class MessagesService {
  // Every first visit to Home asks for it. This instance's own writes forget it when they commit; another
  // instance's show here within PUBLIC_CONTENT_CACHE's freshness.
  private readonly announcements = new CachedReads(async (locale: Locale): Promise<MessageDetailView | null> => {
    const row = await repo.latestAnnouncement(this.db);
    return row ? this.view(row, false, locale) : null;
  }, PUBLIC_CONTENT_CACHE);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A personal message from a template, inside the transaction of the action it reports. */
  async notify(conn: Db | Tx, userId: number, message: TemplateMessage): Promise<number> {
    const template: StoredTemplate = { title: message.title, body: message.body };
    return this.insert(conn, {
      cid: MESSAGE_CATEGORIES.personal,
      userId,
      template: JSON.stringify(template),
      params: message.params ?? {},
      createdAt: this.clock.now(),
    });
  }

  /**
   * Tells the live clients of `userId` that their `topic` changed, once `conn`'s transaction commits (decision 024);
   * messages written here announce themselves.
   */
  announce(conn: Db | Tx, userId: number, topic: WsEventTopic): Promise<void> {
    return repo.notifyUserEvent(conn, userId, topic);
  }

  /** A personal message an operator wrote (in one language, shown to the user as written). */
  sendPersonal(conn: Db | Tx, userId: number, title: string, body: string): Promise<number> {
    return this.insert(conn, {
      cid: MESSAGE_CATEGORIES.personal,
      userId,
      title: { "*": title },
      body: { "*": body },
      createdAt: this.clock.now(),
    });
  }

  // ---- the operator console's editor ---------------------------------------------------------------------------

  async adminNews(cid: 1 | 2 | undefined, page: number, list: number): Promise<Paged<AdminNews>> {
    const { items, total } = await repo.listBroadcasts(this.db, cid, list, (page - 1) * list);
    return { items: items.map(adminNewsView), total, page, list };
  }

  /** Publishes or edits an announcement inside the caller's transaction; answers it before and after. */
  async saveNews(tx: Tx, input: SaveNews) {
    if (!input.title.en || !input.body.en) throw new Refusal("news_english_required");
    const values = { cid: input.cid, title: input.title, body: input.body, published: input.published };
    if (input.id === undefined) {
      const id = await this.insert(tx, { ...values, createdAt: this.clock.now() });
      return { before: null, after: adminNewsView((await repo.findMessage(tx, id))!) };
    }
    const before = await repo.lockBroadcast(tx, input.id);
    if (!before) throw new Refusal("message_not_found");
    const after = await repo.updateBroadcast(tx, input.id, values);
    this.broadcastsChanged(tx);
    if (before.published || after.published) await repo.notifyMessagesChanged(tx, null);
    return { before: adminNewsView(before), after: adminNewsView(after) };
  }

  /** An announcement or system notice for everyone, written by an operator per language. */
  broadcast(cid: 1 | 2, title: LocalizedText, body: LocalizedText, conn: Db | Tx = this.db): Promise<number> {
    return this.insert(conn, { cid, title, body, createdAt: this.clock.now() });
  }

  /** Every message is written here: the live clients of its reader (everyone, for a broadcast) hear of it on commit. */
  private async insert(conn: Db | Tx, row: typeof messagesTable.$inferInsert): Promise<number> {
    const id = await repo.insertMessage(conn, row);
    if (row.userId == null) this.broadcastsChanged(conn);
    if (row.published !== false) await repo.notifyMessagesChanged(conn, row.userId ?? null);
    return id;
  }

  private view(row: MessageRow, read: boolean, locale: Locale): MessageDetailView {
    const { title, body } = this.render(row, locale);
    const safe = sanitizeBody(body);
    return {
      id: row.id,
      cid: row.cid,
      title,
      summary: plainSummary(safe),
      read,
      created_at: row.createdAt.toISOString(),
      body: safe,
    };
  }

  async list(
    reader: Reader,
    cid: number | undefined,
    page: number,
    list: number,
    locale: Locale,
  ): Promise<Paged<MessageView>> {
    const { items, total } = await repo.listVisible(this.db, reader, cid, list, (page - 1) * list);
    return {
      items: items.map(({ message: row, unread }) => {
        const { body: _body, ...rest } = this.view(row, !unread, locale);
        return rest;
      }),
      total,
      page,
      list,
    };
  }

  /** One message the reader may see, marked read for them; another user's message does not exist for them. */
  async show(reader: Reader, id: number, locale: Locale): Promise<MessageDetailView> {
    const row = await repo.findVisible(this.db, reader, id);
    if (!row) throw new Refusal("message_not_found");
    if (reader) await repo.markRead(this.db, row.id, reader.userId, this.clock.now());
    return this.view(row, reader !== null, locale);
  }

  unread(reader: Reader): Promise<number> {
    return reader ? repo.unreadCount(this.db, reader) : Promise.resolve(0);
  }

  /** The same object for every caller until it is read again (lib/cached-read.ts). */
  latestAnnouncement(locale: Locale): Promise<MessageDetailView | null> {
    return this.announcements.get(locale);
  }

  /** A broadcast was written through `conn`: the latest announcement is read again once it is kept. */
  private broadcastsChanged(conn: Db | Tx): void {
    if (conn === this.db) this.announcements.invalidate();
    else afterCommit(conn as Tx, () => this.announcements.invalidate());
  }

  hasBroadcasts(): Promise<boolean> {
    return repo.countBroadcasts(this.db).then((n) => n > 0);
  }

  /** The title and body of a stored message in `locale`. */
  render(
    row: {
      template: string | null;
      params: MessageParams | null;
      title: LocalizedText | null;
      body: LocalizedText | null;
    },
    locale: Locale,
  ): { title: string; body: string } {
    if (row.template) {
      const keys = JSON.parse(row.template) as StoredTemplate;
      const params = row.params ?? {};
      return { title: translate(locale, keys.title, params), body: translate(locale, keys.body, params) };
    }
    return { title: pickText(row.title, locale), body: pickText(row.body, locale) };
  }

  /** Personal messages of a user, for tests and the console (the message list screens come with their issue). */
  personalMessages(userId: number) {
    return repo.personalMessages(this.db, userId);
  }
}

const userEventPayload = z.object({ user: z.number().int().nullable(), topic: wsEventTopic });

/**
 * Follows the committed message changes of every instance (see repo.notifyMessagesChanged). `onMissed` runs when
 * the database connection that listens came back after a drop, so changes may have gone unannounced.
 */
export function listenForUserEvents(
  database: Database,
  onEvent: (event: repo.UserEvent) => void,
  onMissed: () => void,
): Promise<() => Promise<void>> {
  return database.listen(
    repo.USER_EVENTS_CHANNEL,
    (payload) => {
      let parsed: ReturnType<typeof userEventPayload.safeParse>;
      try {
        parsed = userEventPayload.safeParse(JSON.parse(payload));
      } catch {
        return;
      }
      if (parsed.success) onEvent(parsed.data);
    },
    onMissed,
  );
}

export type AdminNews = z.infer<typeof adminNews>;
export interface SaveNews {
  id?: number | undefined;
  cid: 1 | 2;
  title: Record<string, string>;
  body: Record<string, string>;
  published: boolean;
}

const adminNewsView = (row: MessageRow): AdminNews => ({
  id: row.id,
  cid: row.cid,
  title: row.title ?? {},
  body: row.body ?? {},
  published: row.published,
  created_at: row.createdAt.toISOString(),
});
