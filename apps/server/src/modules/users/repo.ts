import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export const findUser = async (db: Db, userId: number) =>
  (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];

export const findUserId = async (db: Db, userId: number) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1))[0];
