import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A real-name submission: pending until an operator marks it verified or failed (with a reason). A user's state is
 * their newest submission. The partial unique index allows at most one open submission (pending or verified) per
 * user, so two simultaneous submissions leave exactly one pending and a verified user cannot submit again.
 */
export const realNameSubmissions = pgTable(
  "real_name_submissions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    /** id_card, passport or driver_license. */
    docType: text("doc_type").notNull(),
    /** Upper case, separators removed; shown to the user masked except the last 4 characters. */
    docNumber: text("doc_number").notNull(),
    /** Upload ids of the document images, owned by the user. */
    imageIds: jsonb("image_ids").$type<number[]>().notNull(),
    /** pending, verified or failed. */
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    createdAt: at("created_at").notNull(),
    reviewedAt: at("reviewed_at"),
    reviewedBy: integer("reviewed_by"),
  },
  (t) => [
    index("real_name_submissions_user").on(t.userId, t.id),
    index("real_name_submissions_status").on(t.status, t.id),
    uniqueIndex("real_name_submissions_one_open").on(t.userId).where(sql`${t.status} in ('pending', 'verified')`),
  ],
);
