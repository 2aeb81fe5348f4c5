import { type AlertDirection, MAX_ACTIVE_PRICE_ALERTS } from "@cryptos/contract";
import { compare } from "@cryptos/contract/decimal";
import { Button, Skeleton } from "antd-mobile";
import { useEffect, useState } from "react";
import { AmountField } from "@/components/AmountField";
import { BottomSheet } from "@/components/BottomSheet";
import { EmptyState } from "@/components/EmptyState";
import { DeleteOutline } from "@/components/outline-icons/DeleteOutline";
import { RetryView } from "@/components/RetryView";
import { ApiError } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import type { PairDetail } from "@/lib/market/pairs";
import { toast } from "@/lib/toast";
import {
  type PriceAlert,
  useActiveAlertCount,
  useAddPriceAlert,
  useDeletePriceAlert,
  usePairAlerts,
} from "../api/price-alerts";
import { formatPrice } from "../lib/format";

export interface PriceAlertSheetProps {
  visible: boolean;
  onClose: () => void;
  pair: PairDetail;
  /** The latest price on screen (live). */
  price: string | null;
}

function AlertRow({ alert, decimals }: { alert: PriceAlert; decimals: number }) {
  const { t } = useTranslation("market");
  const remove = useDeletePriceAlert();
  const level = formatPrice(alert.level, decimals);
  const onDelete = async () => {
    try {
      await remove.mutateAsync(alert.id);
      toast.success(t("alerts.deleted"));
    } catch (caught) {
      toast.error(caught instanceof ApiError ? caught.msg : t("alerts.failed"));
    }
  };
  return (
    <li className={`alert-row alert-row--${alert.status}`}>
      <span className="alert-row__main">
        <strong>{t(alert.direction === "above" ? "alerts.risesTo" : "alerts.fallsTo", { price: level })}</strong>
        <span className="alert-row__status">
          {alert.status === "active"
            ? t("alerts.waiting")
            : t("alerts.reached", {
                price: formatPrice(alert.triggered_price, decimals),
                time: alert.triggered_at ? formatDateTime(alert.triggered_at) : "",
              })}
        </span>
      </span>
      <Button
        size="small"
        fill="none"
        className="alert-row__delete"
        aria-label={t("alerts.delete", { price: level })}
        loading={remove.isPending}
        onClick={() => void onDelete()}
      >
        <DeleteOutline aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * The pair's price alerts: "notify me when the price rises to / falls to X" (a message and a toast when a
 * recorded price reaches it), and the alerts already set for this pair with delete. At most 20 active per user.
 */
export function PriceAlertSheet({ visible, onClose, pair, price }: PriceAlertSheetProps) {
  const { t } = useTranslation("market");
  const alerts = usePairAlerts(pair.id, visible);
  const active = useActiveAlertCount(visible);
  const add = useAddPriceAlert();
  const [direction, setDirection] = useState<AlertDirection>("above");
  const [level, setLevel] = useState("");
  const [error, setError] = useState<string | null>(null);
  const d = pair.price_decimals;

  useEffect(() => {
    if (visible) {
      setLevel("");
      setError(null);
    }
  }, [visible]);

  let hint: string | null = null;
  if (level && price && /^\d+(\.\d+)?$/.test(level)) {
    const side = compare(level, price);
    if (direction === "above" && side <= 0) hint = t("alerts.mustBeAbove");
    if (direction === "below" && side >= 0) hint = t("alerts.mustBeBelow");
  }
  const full = (active.data ?? 0) >= MAX_ACTIVE_PRICE_ALERTS;
  const ready = /^\d+(\.\d+)?$/.test(level) && compare(level, "0") > 0 && hint === null && !full;

  const submit = async () => {
    if (!ready) return;
    setError(null);
    try {
      await add.mutateAsync({ productid: pair.id, direction, price: level });
      toast.success(t("alerts.created"));
      setLevel("");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.msg : t("alerts.failed"));
    }
  };

  return (
    <BottomSheet
      visible={visible}
      onClose={onClose}
      title={t("alerts.title", { symbol: pair.symbol })}
      className="alert-sheet"
    >
      <p className="alert-sheet__about">{t("alerts.about")}</p>
      <form
        className="alert-sheet__form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="alert-sheet__current">
          <span>{t("alerts.current")}</span>
          <strong data-testid="alert-current-price">{formatPrice(price, d)}</strong>
        </div>
        <fieldset className="segmented alert-sheet__direction" aria-label={t("alerts.direction")}>
          {(["above", "below"] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={value === direction ? "segmented__item segmented__item--active" : "segmented__item"}
              aria-pressed={value === direction}
              onClick={() => {
                setError(null);
                setDirection(value);
              }}
            >
              {t(value === "above" ? "alerts.above" : "alerts.below")}
            </button>
          ))}
        </fieldset>
        <AmountField
          id="alert-level"
          label={t("alerts.price", { quote: pair.quote })}
          value={level}
          onChange={(value) => {
            setError(null);
            setLevel(value);
          }}
          decimals={d}
          placeholder={price ? formatPrice(price, d) : ""}
          error={hint}
        />
        {full && (
          <p className="alert-sheet__error" role="alert">
            {t("alerts.full", { max: MAX_ACTIVE_PRICE_ALERTS })}
          </p>
        )}
        {error && (
          <p className="alert-sheet__error" role="alert">
            {error}
          </p>
        )}
        <Button block color="primary" type="submit" disabled={!ready} loading={add.isPending}>
          {t("alerts.create")}
        </Button>
      </form>
      <section className="alert-sheet__mine" aria-label={t("alerts.mine", { symbol: pair.symbol })}>
        <div className="alert-sheet__mine-head">
          <h3>{t("alerts.mine", { symbol: pair.symbol })}</h3>
          {active.data !== undefined && (
            <span className="alert-sheet__count">
              {t("alerts.count", { active: active.data, max: MAX_ACTIVE_PRICE_ALERTS })}
            </span>
          )}
        </div>
        {alerts.isPending ? (
          <Skeleton.Paragraph lineCount={3} animated />
        ) : alerts.isError ? (
          <RetryView onRetry={() => void alerts.refetch()} />
        ) : alerts.data.items.length === 0 ? (
          <EmptyState title={t("alerts.empty")} />
        ) : (
          <ul className="alert-list">
            {alerts.data.items.map((alert) => (
              <AlertRow key={alert.id} alert={alert} decimals={d} />
            ))}
          </ul>
        )}
      </section>
    </BottomSheet>
  );
}
