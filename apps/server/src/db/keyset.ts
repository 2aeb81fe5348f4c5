import { and, eq, lt, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * A keyset page of one user's history, newest first: rows with an id below `before` (none: from the newest). Each
 * page is one indexed range scan, however deep into the history it is, and no transaction stays open between pages
 * (on PGlite an open transaction would hold up every other request while a slow client downloads). The statements
 * export (modules/exports) reads each module's history this way, through that module's service.
 */
export interface KeysetPage {
  userId: number;
  before: number | undefined;
  limit: number;
}

/** The rows of `page`: owned by its user, below its `before`. Order by `id` descending and limit to `page.limit`. */
export const keysetWhere = (owner: PgColumn, id: PgColumn, page: KeysetPage): SQL | undefined =>
  and(eq(owner, page.userId), page.before === undefined ? undefined : lt(id, page.before));
