import { MAX_PAGE_SIZE, type UpDownOrder } from "@cryptos/contract";
import { queryOptions, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api } from "@/lib/api";
import { userInfoKey } from "@/lib/session";

/**
 * The signed-in user's open up/down positions, shared by the screens that show a pair (Trade and the pair
 * detail): the newest open order of the pair above the fold, and the result when one settles. Orders are the
 * updown feature's; these reads use the same query keys, so every screen shares one cache entry per order.
 */

/** While an order is open its detail refreshes every second, so the entry spot and result appear on their own. */
export const ORDER_POLL_MS = 1_000;
/** The open orders (any pair) are read again this often while a pair screen is shown. */
export const OPEN_POSITIONS_REFRESH_MS = 3_000;
/** The updown feature's prefix of its order lists: invalidating it refreshes the positions too. */
export const ORDERS_KEY = ["updown", "orders"] as const;

export const upDownOrderOptions = (id: number) =>
  queryOptions({
    queryKey: ["updown", "order", id],
    queryFn: ({ signal }) => api("getUpDownOrder", { body: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.status === "settled" ? false : ORDER_POLL_MS),
  });

const OPEN_STATUSES = ["awaiting_entry", "trading", "awaiting_settlement"] as const;

/** Every open order of the user, newest first (one page of each open status: a screen shows the newest). */
export const openPositionsOptions = () =>
  queryOptions({
    queryKey: [...ORDERS_KEY, "positions"],
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        OPEN_STATUSES.map((status) =>
          api("listUpDownOrders", { query: { page: 1, list: MAX_PAGE_SIZE, status }, body: { status }, signal }),
        ),
      );
      return pages.flatMap((p) => p.items).sort((a, b) => b.id - a.id);
    },
    refetchInterval: OPEN_POSITIONS_REFRESH_MS,
  });

export interface PositionTracker {
  /** The newest open order of the pair (fresh to the second), or undefined. */
  position: UpDownOrder | undefined;
  /** How many other orders of the pair are open. */
  others: number;
  /** An order followed here that has settled and whose result is not yet dismissed. */
  settled: UpDownOrder | undefined;
  dismiss: () => void;
  /** Follow an order just placed on this screen (shown at once, before the list is read again). */
  follow: (order: UpDownOrder) => void;
}

/**
 * Follows the user's open orders of one pair while a screen shows it: the newest is the position; each one seen
 * open here is polled until it settles, then offered as `settled` (once), and the balance and lists refresh.
 */
export function usePositions(pairId: number | undefined, signedIn: boolean): PositionTracker {
  const client = useQueryClient();
  const list = useQuery({ ...openPositionsOptions(), enabled: signedIn });
  const [followed, setFollowed] = useState<number[]>([]);
  const [results, setResults] = useState<UpDownOrder[]>([]);
  const announced = useRef(new Set<number>());

  const ofPair = useMemo(
    () => (list.data ?? []).filter((o) => o.productid === pairId && o.status !== "settled"),
    [list.data, pairId],
  );
  // Every open order of the pair seen here is followed until it settles. A list read before this screen opened
  // can still hold an order whose own detail (e.g. on the order screen) has since shown it settled: not again.
  useEffect(() => {
    const seenSettled = (id: number) => client.getQueryData(upDownOrderOptions(id).queryKey)?.status === "settled";
    const fresh = ofPair
      .map((o) => o.id)
      .filter((id) => !followed.includes(id) && !announced.current.has(id) && !seenSettled(id));
    if (fresh.length > 0) setFollowed((ids) => [...ids, ...fresh.filter((id) => !ids.includes(id))]);
  }, [ofPair, followed, client]);

  const details = useQueries({ queries: followed.map((id) => ({ ...upDownOrderOptions(id), enabled: signedIn })) });
  const byId = new Map<number, UpDownOrder>();
  for (const d of details) if (d.data) byId.set(d.data.id, d.data);

  useEffect(() => {
    const done = [...byId.values()].filter((o) => o.status === "settled" && !announced.current.has(o.id));
    if (done.length === 0) return;
    for (const o of done) announced.current.add(o.id);
    setResults((r) => [...r, ...done]);
    setFollowed((ids) => ids.filter((id) => !announced.current.has(id)));
    void client.invalidateQueries({ queryKey: userInfoKey });
    void client.invalidateQueries({ queryKey: ORDERS_KEY });
  });

  const follow = useCallback(
    (order: UpDownOrder) => {
      client.setQueryData(upDownOrderOptions(order.id).queryKey, order);
      setFollowed((ids) => (ids.includes(order.id) ? ids : [...ids, order.id]));
    },
    [client],
  );

  // The newest open order of the pair: from its own (per-second) read when there is one, else from the list.
  const open = [...new Map([...ofPair, ...byId.values()].map((o) => [o.id, byId.get(o.id) ?? o])).values()]
    .filter((o) => o.productid === pairId && o.status !== "settled")
    .sort((a, b) => b.id - a.id);

  return {
    position: open[0],
    others: Math.max(0, open.length - 1),
    settled: results[0],
    dismiss: useCallback(() => setResults((r) => r.slice(1)), []),
    follow,
  };
}

/** a vs b for two decimal strings ("67123.4" vs "67123.40"), exact (scaled BigInt); null if either is not one. */
export function comparePrice(a: string, b: string): -1 | 0 | 1 | null {
  const re = /^(-?)(\d+)(?:\.(\d+))?$/;
  const x = re.exec(a.trim());
  const y = re.exec(b.trim());
  if (!x || !y) return null;
  const scale = Math.max(x[3]?.length ?? 0, y[3]?.length ?? 0);
  const big = (m: RegExpExecArray) => BigInt(`${m[1]}${m[2]}${(m[3] ?? "").padEnd(scale, "0")}`);
  const d = big(x) - big(y);
  return d === 0n ? 0 : d > 0n ? 1 : -1;
}

export type Standing = "winning" | "losing" | "level";

/** How an open order stands at `price` (provisional: only the exit tick at settlement decides). */
export function standingAt(
  order: Pick<UpDownOrder, "direction" | "entry">,
  price: string | null | undefined,
): Standing | null {
  if (!order.entry || !price) return null;
  const c = comparePrice(price, order.entry.price);
  if (c === null) return null;
  if (c === 0) return "level";
  return c > 0 === (order.direction === "up") ? "winning" : "losing";
}

/** The order detail (a spec route): the updown feature's screen with every recorded tick. */
export const orderPath = (id: number) => `/pages/index/markets-business-order?id=${id}`;
