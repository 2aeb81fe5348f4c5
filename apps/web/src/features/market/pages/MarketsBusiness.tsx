import type { Direction, KlineInterval } from "@cryptos/contract";
import { Button, Skeleton } from "antd-mobile";
import { useState } from "react";
import { ChartIntervals } from "@/components/ChartIntervals";
import { EmptyState } from "@/components/EmptyState";
import { BellOutline } from "@/components/icons";
import { KlineChart, type KlineType } from "@/components/KlineChart";
import { Page } from "@/components/Page";
import { PositionCard } from "@/components/PositionCard";
import { RetryView } from "@/components/RetryView";
import { SettlementSheet } from "@/components/SettlementSheet";
import { SimulatedBadge } from "@/components/SimulatedBadge";
import { ApiError } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";
import { useLatestTick, useLiveStatus } from "@/lib/live";
import { useLivePrices } from "@/lib/market/live-prices";
import { type PairDetail, usePair } from "@/lib/market/pairs";
import { type PositionTracker, usePositions } from "@/lib/positions";
import { useNavigate, useSearchParams } from "@/lib/router";
import { useGoToLogin, useToken } from "@/lib/session";
import { ChangeText, changeClass } from "../components/ChangeText";
import { FavouriteButton } from "../components/FavouriteButton";
import { PriceAlertSheet } from "../components/PriceAlertSheet";
import { useFavourites } from "../hooks/useFavourites";
import { formatPrice, formatVolume } from "../lib/format";
import "../market.css";

const TRADE_PATH = "/pages/transaction/transaction";
const MARKETS_PATH = "/pages/markets/markets";

/** `?id=` (this app's links) or `?productid=` (the trade screen's word for it); a positive whole number. */
function pairIdFrom(params: URLSearchParams): number | null {
  const raw = params.get("id") ?? params.get("productid") ?? params.get("product_id");
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="pair-stat">
      <dt className="pair-stat__label">{label}</dt>
      <dd className="pair-stat__value">{value}</dd>
    </div>
  );
}

function PairOverview({ pair }: { pair: PairDetail }) {
  const { t } = useTranslation("market");
  useLivePrices([pair.id]);
  const status = useLiveStatus();
  const d = pair.price_decimals;
  return (
    <section className="pair-head" aria-label={t("detail.overview", { symbol: pair.symbol })}>
      <div className="pair-head__title">
        <h2 className="pair-head__symbol">{pair.symbol}</h2>
        {pair.simulated && <SimulatedBadge />}
        <span className={`live-dot live-dot--${status}`} role="status">
          {t(status === "open" ? "live.open" : "live.connecting")}
        </span>
      </div>
      <div className="pair-head__price-row">
        <span className={`pair-head__price ${changeClass(pair.change_24h)}`} data-testid="pair-detail-price">
          {formatPrice(pair.price, d)}
        </span>
        <ChangeText change={pair.change_24h} pill />
      </div>
      <dl className="pair-stats">
        <Stat label={t("detail.open")} value={formatPrice(pair.open_24h, d)} />
        <Stat label={t("detail.high")} value={formatPrice(pair.high_24h, d)} />
        <Stat label={t("detail.low")} value={formatPrice(pair.low_24h, d)} />
        <Stat label={t("detail.volume", { base: pair.base })} value={formatVolume(pair.volume_24h)} />
      </dl>
    </section>
  );
}

function PairChart({ pair, positions }: { pair: PairDetail; positions: PositionTracker }) {
  const { t } = useTranslation("market");
  const { t: tu } = useTranslation("updown");
  const position = positions.position;
  const [interval, setChartInterval] = useState<KlineInterval>("15m");
  const { t: tc } = useTranslation();
  const [type, setType] = useState<KlineType>("candle");
  const tick = useLatestTick(pair.id);
  return (
    <section className="pair-chart" aria-label={t("chart.label")}>
      <div className="pair-chart__controls">
        <ChartIntervals value={interval} onChange={setChartInterval} label={t("chart.interval")} />
        <fieldset className="segmented segmented--type" aria-label={t("chart.type")}>
          {(["candle", "line"] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={value === type ? "segmented__item segmented__item--active" : "segmented__item"}
              aria-pressed={value === type}
              onClick={() => setType(value)}
            >
              {t(`chart.${value}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="pair-chart__canvas">
        <KlineChart
          pairId={pair.id}
          interval={interval}
          type={type}
          fill
          priceDecimals={pair.price_decimals}
          live={tick ? { price: tick.price, at: tick.at } : null}
          label={t("chart.aria", { symbol: pair.symbol, interval: tc(`chart.intervals.${interval}`) })}
          priceLines={
            position?.entry
              ? [{ price: position.entry.price, title: tu("position.entry"), tone: position.direction }]
              : undefined
          }
        />
      </div>
      {position && (
        <PositionCard
          order={position}
          price={tick?.price ?? pair.price}
          priceDecimals={pair.price_decimals}
          others={positions.others}
        />
      )}
      {pair.simulated && <p className="pair-chart__note">{t("simulatedNote")}</p>}
    </section>
  );
}

function TradeBar({ pairId }: { pairId: number }) {
  const { t } = useTranslation("market");
  const navigate = useNavigate();
  const trade = (direction: Direction) => void navigate(`${TRADE_PATH}?productid=${pairId}&direction=${direction}`);
  return (
    <div className="trade-bar">
      <Button className="trade-bar__up" block onClick={() => trade("up")}>
        {t("trade.up")}
      </Button>
      <Button className="trade-bar__down" block onClick={() => trade("down")}>
        {t("trade.down")}
      </Button>
    </div>
  );
}

/** The bell in the header: the pair's price alerts (signing in first when needed). */
function PriceAlertButton({ pair }: { pair: PairDetail }) {
  const { t } = useTranslation("market");
  const goToLogin = useGoToLogin();
  const token = useToken();
  const tick = useLatestTick(pair.id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="alert-button"
        aria-label={t("alerts.open", { symbol: pair.symbol })}
        aria-haspopup="dialog"
        onClick={() => (token ? setOpen(true) : goToLogin())}
      >
        <BellOutline aria-hidden="true" />
      </button>
      {token && (
        <PriceAlertSheet visible={open} onClose={() => setOpen(false)} pair={pair} price={tick?.price ?? pair.price} />
      )}
    </>
  );
}

function DetailSkeleton() {
  return (
    <div className="pair-head" aria-hidden="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={3} animated />
      <Skeleton animated style={{ height: "18.75rem", marginTop: "1rem" }} />
    </div>
  );
}

export default function MarketsBusiness() {
  const { t } = useTranslation("market");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pairId = pairIdFrom(params);
  const query = usePair(pairId);
  const favourites = useFavourites();
  const pair = query.data;
  // The user's newest open order of this pair, and the result when one settles while the pair is shown.
  const positions = usePositions(pair?.id, useToken() !== null);

  let body: React.ReactNode;
  if (pairId === null || (query.error instanceof ApiError && query.error.code === 0 && !pair)) {
    body = (
      <EmptyState title={query.error instanceof ApiError ? query.error.msg : t("detail.notFound")}>
        <Button color="primary" fill="outline" onClick={() => void navigate(MARKETS_PATH)}>
          {t("detail.toMarkets")}
        </Button>
      </EmptyState>
    );
  } else if (query.isPending) body = <DetailSkeleton />;
  else if (!pair) body = <RetryView onRetry={() => void query.refetch()} />;
  else
    body = (
      <>
        <PairOverview pair={pair} />
        <PairChart pair={pair} positions={positions} />
        <TradeBar pairId={pair.id} />
        <SettlementSheet order={positions.settled} priceDecimals={pair.price_decimals} onClose={positions.dismiss} />
      </>
    );

  return (
    <Page
      title={tc("pages.marketsBusiness")}
      right={
        pair ? (
          <>
            <PriceAlertButton pair={pair} />
            <FavouriteButton
              symbol={pair.symbol}
              active={favourites.isFavourite(pair.id)}
              onToggle={() => favourites.toggle(pair.id)}
            />
          </>
        ) : undefined
      }
      className="pair-page"
    >
      {body}
    </Page>
  );
}
