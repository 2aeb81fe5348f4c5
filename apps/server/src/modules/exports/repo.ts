import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { deposits, exchanges, stakingOrders, stakingProducts, updownOrders, withdrawals } from "../../db/schema";

/**
 * Keyset pages of one user's history, newest first: rows with an id below `before` (none: from the newest). Each
 * page is one indexed range scan, however deep into the history it is, and no transaction stays open between pages
 * (on PGlite an open transaction would hold up every other request while a slow client downloads). Rows have the
 * shape of the owning module's list query, so its service maps them exactly as its list call does.
 */
export interface KeysetPage {
  userId: number;
  before: number | undefined;
  limit: number;
}

const keyset = (owner: PgColumn, id: PgColumn, page: KeysetPage): SQL | undefined =>
  and(eq(owner, page.userId), page.before === undefined ? undefined : lt(id, page.before));

export const depositsPage = (db: Db, page: KeysetPage) =>
  db
    .select()
    .from(deposits)
    .where(keyset(deposits.userId, deposits.id, page))
    .orderBy(desc(deposits.id))
    .limit(page.limit);

export const withdrawalsPage = (db: Db, page: KeysetPage) =>
  db
    .select()
    .from(withdrawals)
    .where(keyset(withdrawals.userId, withdrawals.id, page))
    .orderBy(desc(withdrawals.id))
    .limit(page.limit);

export const exchangesPage = (db: Db, page: KeysetPage) =>
  db
    .select()
    .from(exchanges)
    .where(keyset(exchanges.userId, exchanges.id, page))
    .orderBy(desc(exchanges.id))
    .limit(page.limit);

export const upDownOrdersPage = (db: Db, page: KeysetPage) =>
  db
    .select()
    .from(updownOrders)
    .where(keyset(updownOrders.userId, updownOrders.id, page))
    .orderBy(desc(updownOrders.id))
    .limit(page.limit);

/** As staking's `userOrders` selects them: the order and its product's name. */
export const stakingOrdersPage = (db: Db, page: KeysetPage) =>
  db
    .select({ order: stakingOrders, name: stakingProducts.name })
    .from(stakingOrders)
    .innerJoin(stakingProducts, eq(stakingProducts.id, stakingOrders.productId))
    .where(keyset(stakingOrders.userId, stakingOrders.id, page))
    .orderBy(desc(stakingOrders.id))
    .limit(page.limit);
