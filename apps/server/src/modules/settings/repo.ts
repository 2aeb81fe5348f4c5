import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { settings } from "../../db/schema/settings";

type Conn = Db | Tx;

export const readSetting = async (db: Conn, key: string) =>
  (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1))[0]?.value;

export const writeSetting = (db: Conn, key: string, value: unknown, at: Date) =>
  db
    .insert(settings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });

export const insertSettingIfMissing = (db: Conn, key: string, value: unknown, at: Date) =>
  db.insert(settings).values({ key, value, updatedAt: at }).onConflictDoNothing();
