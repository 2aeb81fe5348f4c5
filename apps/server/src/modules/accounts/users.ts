import type { adminUser, Paged } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { Refusal } from "../../lib/errors";
import * as repo from "./users-repo";

export type AdminUser = z.infer<typeof adminUser>;
type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;

const adminView = (u: UserRow): AdminUser => ({
  id: u.id,
  email: u.email,
  address: u.address,
  credit_score: u.creditScore,
  created_at: u.createdAt.toISOString(),
});

/** Reading users as other modules need them; sign-in and sessions live in the accounts module. */
export class UsersService {
  constructor(private readonly db: Db) {}

  /** When the user joined; `null` for an unknown id. */
  async joinedAt(userId: number): Promise<Date | null> {
    return (await repo.findUser(this.db, userId))?.createdAt ?? null;
  }

  async exists(userId: number): Promise<boolean> {
    return (await repo.findUserId(this.db, userId)) !== undefined;
  }

  async find(userId: number): Promise<AdminUser> {
    const user = await repo.findUser(this.db, userId);
    if (!user) throw new Refusal("user_not_found", { id: userId });
    return adminView(user);
  }

  async list(q: string | undefined, page: number, list: number): Promise<Paged<AdminUser>> {
    const { items, total } = await repo.listUsers(this.db, q, list, (page - 1) * list);
    return { items: items.map(adminView), total, page, list };
  }

  count(since?: Date): Promise<number> {
    return repo.countUsers(this.db, since);
  }

  /** Sets the credit score inside the caller's transaction; answers the user before and after. */
  async setCreditScore(tx: Tx, userId: number, score: number) {
    const before = await repo.lockUser(tx, userId);
    if (!before) throw new Refusal("user_not_found", { id: userId });
    const after = await repo.setCreditScore(tx, userId, score);
    return { before: adminView(before), after: adminView(after) };
  }
}
