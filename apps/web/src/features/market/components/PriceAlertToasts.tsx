import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { formatDecimal } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { readAgainNow, useLiveEvent } from "@/lib/live";
import { useToken } from "@/lib/session";
import { toast } from "@/lib/toast";
import { getPriceAlerts, type PriceAlert, priceAlertsKey } from "../api/price-alerts";

/** Fired alerts read back per event: more than this at once is shown as the newest ones. */
const LATEST = 20;

/**
 * Wherever the user is: when the server says one of their price alerts fired (`price_alerts` over `/ws`), reads the
 * fired alerts and shows a toast for each one it had not seen since this tab signed in. The event carries no data
 * (decision 024), so what fired is read over HTTP; the first read after signing in only learns what had fired before.
 */
export function PriceAlertToasts() {
  const { t } = useTranslation();
  const token = useToken();
  const client = useQueryClient();
  const seen = useRef<Promise<Set<number>> | null>(null);

  useEffect(() => {
    seen.current = token
      ? getPriceAlerts({ status: "triggered" }, LATEST)
          .then((page) => new Set(page.items.map((a) => a.id)))
          .catch(() => new Set<number>())
      : null;
  }, [token]);

  const announce = (alert: PriceAlert) => {
    const key = alert.direction === "above" ? "priceAlerts.toastAbove" : "priceAlerts.toastBelow";
    toast.notice(
      t(key, {
        symbol: alert.symbol,
        price: formatDecimal(alert.triggered_price ?? alert.level),
        level: formatDecimal(alert.level),
      }),
    );
  };

  useLiveEvent(
    "price_alerts",
    () => {
      const known = seen.current;
      if (!known) return;
      void readAgainNow(client, priceAlertsKey);
      seen.current = known.then(async (ids) => {
        try {
          const page = await getPriceAlerts({ status: "triggered" }, LATEST);
          for (const alert of [...page.items].reverse()) {
            if (ids.has(alert.id)) continue;
            ids.add(alert.id);
            announce(alert);
          }
        } catch {
          // Missed this time: the alert is in Messages, and the next event reads again.
        }
        return ids;
      });
    },
    token !== null,
  );
  return null;
}
