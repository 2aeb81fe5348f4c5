import { CRYPTO_PRODUCT_TYPE, type Direction, type KlineInterval } from "@cryptos/contract";
import { ratePercent } from "@cryptos/contract/decimal";
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { AccountButton } from "@/components/AccountButton";
import { EmptyState } from "@/components/EmptyState";
import { ExportButton } from "@/components/ExportButton";
import { KlineChart } from "@/components/KlineChart";
import { lazySheet } from "@/components/lazy-sheet";
import { DownOutline } from "@/components/outline-icons/DownOutline";
import { Page } from "@/components/Page";
import { PositionCard } from "@/components/PositionCard";
import { RetryView } from "@/components/RetryView";
import { SimulatedBadge } from "@/components/SimulatedBadge";
import { ApiError } from "@/lib/api";
import { formatDecimal, formatMoney, formatPercent } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useLivePrices } from "@/lib/market/live-prices";
import { usePair, usePairs } from "@/lib/market/pairs";
import { isOffline } from "@/lib/network-status";
import { usePositions } from "@/lib/positions";
import { useSearchParams } from "@/lib/router";
import { useGoToLogin, useSession } from "@/lib/session";
import { toast } from "@/lib/toast";
import type { OrderTab } from "../api/get-orders";
import { useUpDownSettings } from "../api/get-settings";
import { OrderLists } from "../components/OrderLists";
import { PairsPanel } from "../components/PairsPanel";
import { TradeLayout } from "../components/TradeLayout";
import { TransactionFrame } from "../components/TransactionFrame";
import type { TradablePair } from "../lib/types";
import "../updown.css";

// The sheets load when first opened: none of them is on the first screen.
const OrderSheet = lazySheet(
  () => import("../components/OrderSheet").then((m) => m.OrderSheet),
  (props) => props.visible,
);
const PairPicker = lazySheet(
  () => import("../components/PairPicker").then((m) => m.PairPicker),
  (props) => props.visible,
);
const SettlementSheet = lazySheet(
  () => import("@/components/SettlementSheet").then((m) => m.SettlementSheet),
  (props) => props.order !== undefined,
);

// The lists read their own pages: the page's redraws (a tick of the shown pair, an answer of the positions) leave
// them be.
const Lists = memo(OrderLists);

const parseDirection = (value: string | null): Direction | undefined =>
  value === "up" || value === "down" ? value : undefined;

/** The Trade tab: pick a pair, watch its price, place an up/down order, follow open and settled orders. */
export default function Transaction() {
  const { t } = useTranslation(["updown", "common"]);
  const goToLogin = useGoToLogin();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const settings = useUpDownSettings();
  const pairs = usePairs(CRYPTO_PRODUCT_TYPE);

  const requestedPair = Number(params.get("productid")) || undefined;
  const requestedDirection = parseDirection(params.get("direction"));
  const [selectedId, setSelectedId] = useState<number | undefined>(requestedPair);
  const [direction, setDirection] = useState<Direction>(requestedDirection ?? "up");
  const [pickerOpen, setPickerOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  // The sheet's settlement time: a term chip on the page opens the sheet with it chosen.
  const [seconds, setSeconds] = useState<number | undefined>(undefined);
  const [tab, setTab] = useState<OrderTab>("open");
  const [interval, setChartInterval] = useState<KlineInterval>("1m");

  // Deferred (decision 081): the first render draws the frame, as the prerendered shell did, and the page comes in a
  // transition React renders in slices; the settings' arrival would otherwise be one synchronous render.
  const loaded = useDeferredValue(!settings.isPending, false);

  const tradables: TradablePair[] = useMemo(
    () =>
      (settings.data?.items ?? []).map((setting) => ({
        setting,
        pair: pairs.data?.items.find((p) => p.id === setting.productid),
      })),
    [settings.data, pairs.data],
  );
  // Every tradable pair's price is live: the shown one, and the others in the pair picker.
  useLivePrices(tradables.map((x) => x.setting.productid));
  const current = tradables.find((x) => x.setting.productid === selectedId) ?? tradables[0];
  // The shown pair's own record: the freshest price with its time (the list may lack pairs of other types).
  const detail = usePair(current?.setting.productid);
  const tradable: TradablePair | undefined = current && { setting: current.setting, pair: detail.data ?? current.pair };
  const pair = tradable?.pair;
  // The newest open order of the shown pair above the fold, and the result sheet when a followed order settles.
  const positions = usePositions(current?.setting.productid, session.signedIn);
  const position = positions.position;

  // Opening with ?productid=&direction= (from the pair detail's Up/Down buttons) opens the sheet once. Only the
  // address the page opened with: picking a pair here writes ?productid= too, and must not open the sheet.
  const requestedAtOpen = useRef(requestedPair !== undefined || requestedDirection !== undefined);
  useEffect(() => {
    if (!requestedAtOpen.current || !tradable || !session.signedIn) return;
    requestedAtOpen.current = false;
    setSheetOpen(true);
  }, [tradable, session.signedIn]);

  const user = session.user;
  const available = user
    ? (user.users.balances.find((b) => b.currency === tradable?.setting.currency)?.available ?? "0")
    : undefined;

  const select = (productId: number) => {
    setSelectedId(productId);
    setSeconds(undefined);
    setPickerOpen(false);
    const next = new URLSearchParams(params);
    next.set("productid", String(productId));
    next.delete("direction");
    setParams(next, { replace: true });
  };

  const openSheet = (d: Direction) => {
    // Offline the order cannot go out (and the sheet's code may not be on this device): refused at once, in the
    // offline banner's words, on this screen.
    if (isOffline()) {
      toast.error(t("common:status.offline"));
      return;
    }
    setDirection(d);
    setSheetOpen(true);
  };

  const openSheetWithTerm = (term: number) => {
    if (!session.signedIn) return goToLogin();
    setSeconds(term);
    setSheetOpen(true);
  };

  let body: React.ReactNode;
  if (!loaded) {
    body = (
      <TransactionFrame
        signedIn={session.signedIn}
        interval={interval}
        onIntervalChange={setChartInterval}
        onLogin={() => goToLogin()}
      />
    );
  } else if (settings.isError) {
    const message = settings.error instanceof ApiError ? settings.error.msg : undefined;
    body = <RetryView onRetry={() => void settings.refetch()} message={message} />;
  } else if (!tradable) {
    body = <EmptyState title={t("pair.none")} />;
  } else {
    const { setting } = tradable;
    const change = pair?.change_24h;
    body = (
      <TradeLayout
        busy={false}
        signedIn={session.signedIn}
        pair={
          <>
            <button
              type="button"
              className="updown-market__pair"
              aria-label={`${t("pair.choose")}: ${setting.symbol}`}
              aria-haspopup="dialog"
              onClick={() => setPickerOpen(true)}
            >
              <span>{setting.symbol}</span>
              <DownOutline fontSize={14} />
            </button>
            {pair?.simulated && <SimulatedBadge />}
          </>
        }
        price={pair?.price ? formatDecimal(pair.price, { minFraction: pair.price_decimals }) : t("pair.noPrice")}
        change={
          change && (
            <span className={change.startsWith("-") ? "updown-down" : "updown-up"}>{formatPercent(change)}</span>
          )
        }
        interval={interval}
        onIntervalChange={setChartInterval}
        chart={
          <KlineChart
            pairId={setting.productid}
            interval={interval}
            type="candle"
            height="var(--updown-chart-height)"
            library="on-demand"
            priceDecimals={pair?.price_decimals ?? 2}
            live={
              detail.data?.price && detail.data.updated_at
                ? { price: detail.data.price, at: detail.data.updated_at }
                : null
            }
            label={t("chart.label", { symbol: setting.symbol })}
            priceLines={
              position?.entry
                ? [{ price: position.entry.price, title: t("position.entry"), tone: position.direction }]
                : undefined
            }
          />
        }
        position={
          position && (
            <PositionCard
              order={position}
              price={pair?.price}
              priceDecimals={pair?.price_decimals ?? 2}
              others={positions.others}
            />
          )
        }
        terms={setting.terms.map((x) => (
          <li key={x.seconds}>
            <button
              type="button"
              className="updown-terms__chip"
              aria-haspopup="dialog"
              onClick={() => openSheetWithTerm(x.seconds)}
            >
              <span className="updown-terms__time">{t("terms.term", { seconds: x.seconds })}</span>
              <span className="updown-terms__rate">
                {t("terms.rate", { rate: formatDecimal(ratePercent(x.payout_rate), { minFraction: 0 }) })}
              </span>
            </button>
          </li>
        ))}
        limits={t("terms.limits", {
          min: formatDecimal(setting.min_amount, { minFraction: 0 }),
          max: formatDecimal(setting.max_amount, { minFraction: 0 }),
          currency: setting.currency,
        })}
        available={
          <span className="updown-row__value" data-testid="updown-available">
            {available === undefined ? "—" : formatMoney(available, setting.currency)}
          </span>
        }
        onDirection={openSheet}
        onLogin={() => goToLogin()}
        pairs={<PairsPanel pairs={tradables} selected={setting.productid} onSelect={select} />}
        lists={session.signedIn ? <Lists tab={tab} onTabChange={setTab} /> : <EmptyState title={t("list.signedOut")} />}
      >
        <PairPicker
          visible={pickerOpen}
          pairs={tradables}
          selected={setting.productid}
          onSelect={select}
          onClose={() => setPickerOpen(false)}
        />
        {user && (
          <OrderSheet
            visible={sheetOpen}
            onClose={() => setSheetOpen(false)}
            tradable={tradable}
            direction={direction}
            onDirectionChange={setDirection}
            seconds={seconds}
            onSecondsChange={setSeconds}
            userId={user.userinfo.id}
            available={available}
            onPlaced={(order) => {
              positions.follow(order);
              setSheetOpen(false);
              setTab("open");
            }}
          />
        )}
        <SettlementSheet
          order={positions.settled}
          priceDecimals={pair?.price_decimals ?? 2}
          onClose={positions.dismiss}
        />
      </TradeLayout>
    );
  }

  return (
    <Page
      title={t("common:pages.transaction")}
      back={false}
      left={<AccountButton />}
      right={session.signedIn ? <ExportButton kind="orders" /> : undefined}
      className="updown-page"
    >
      {body}
    </Page>
  );
}
