import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { userInfoKey } from "@/lib/session";
import { toast } from "@/lib/toast";
import { upDownOrderOptions } from "../api/get-order";
import { ordersKey } from "../api/get-orders";

/**
 * Follows the orders placed on this screen until they settle, then says how each ended (a toast with result and
 * profit) and refreshes the balance and the lists, so the screen never shows a stale balance after a payout.
 */
export function useSettlementNotices() {
  const { t } = useTranslation("updown");
  const client = useQueryClient();
  const [watched, setWatched] = useState<number[]>([]);
  const results = useQueries({ queries: watched.map((id) => upDownOrderOptions(id)) });

  const notified = useRef(new Set<number>());

  useEffect(() => {
    const settled = results
      .map((r) => r.data)
      .filter((o) => o?.status === "settled" && o.result && !notified.current.has(o.id))
      .map((o) => o!);
    if (settled.length === 0) return;
    for (const order of settled) {
      notified.current.add(order.id);
      const profit = order.profit ? formatMoney(order.profit, order.currency) : "";
      toast.info(`${order.symbol} · ${t(`result.${order.result}`)} ${profit}`.trim());
    }
    setWatched((ids) => ids.filter((id) => !notified.current.has(id)));
    void client.invalidateQueries({ queryKey: userInfoKey });
    void client.invalidateQueries({ queryKey: ordersKey });
  }, [results, t, client]);

  return useCallback((id: number) => setWatched((ids) => (ids.includes(id) ? ids : [...ids, id])), []);
}
