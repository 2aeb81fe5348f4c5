import type { Db } from "../../db/client";
import * as repo from "./repo";

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
}
