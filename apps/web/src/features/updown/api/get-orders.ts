import { MAX_PAGE_SIZE, type UpDownOrder } from "@cryptos/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const ordersKey = ["updown", "orders"] as const;
export const ORDERS_PAGE_SIZE = 20;
/** Open orders change state on their own (entry spot, settlement): the list refreshes while shown. */
export const OPEN_ORDERS_REFRESH_MS = 3_000;

export type OrderTab = "open" | "settled";

interface OrdersPage {
  items: UpDownOrder[];
  page: number;
  hasMore: boolean;
}

const list = (status: UpDownOrder["status"], page: number, size: number, signal?: AbortSignal) =>
  api("listUpDownOrders", { query: { page, list: size, status }, body: { status }, signal });

/**
 * "In progress" is three server statuses. `listUpDownOrders` filters one at a time, and its awaiting_entry and trading
 * filters split the same page of open orders, so page N of open orders is the union of both; orders past their
 * settlement time (awaiting settlement, a short-lived few) come first on page 1.
 */
export async function getOpenOrders(page: number, signal?: AbortSignal): Promise<OrdersPage> {
  const [entry, trading, due] = await Promise.all([
    list("awaiting_entry", page, ORDERS_PAGE_SIZE, signal),
    list("trading", page, ORDERS_PAGE_SIZE, signal),
    page === 1 ? list("awaiting_settlement", 1, MAX_PAGE_SIZE, signal) : Promise.resolve(null),
  ]);
  const open = [...entry.items, ...trading.items].sort((a, b) => b.id - a.id);
  return {
    items: [...(due?.items ?? []), ...open],
    page,
    hasMore: page * ORDERS_PAGE_SIZE < trading.total,
  };
}

export async function getSettledOrders(page: number, signal?: AbortSignal): Promise<OrdersPage> {
  const data = await list("settled", page, ORDERS_PAGE_SIZE, signal);
  return { items: data.items, page, hasMore: page * ORDERS_PAGE_SIZE < data.total };
}

export const upDownOrdersOptions = (tab: OrderTab) =>
  infiniteQueryOptions({
    queryKey: [...ordersKey, tab],
    queryFn: ({ pageParam, signal }) =>
      tab === "open" ? getOpenOrders(pageParam, signal) : getSettledOrders(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: OrdersPage) => (last.hasMore ? last.page + 1 : undefined),
    refetchInterval: tab === "open" ? OPEN_ORDERS_REFRESH_MS : false,
  });

export const useUpDownOrders = (tab: OrderTab, enabled: boolean) =>
  useInfiniteQuery({ ...upDownOrdersOptions(tab), enabled });
