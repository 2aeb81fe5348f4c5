import { CRYPTO_PRODUCT_TYPE, type Pair } from "@cryptos/contract";
import { SearchBar, Skeleton } from "antd-mobile";
import { useDeferredValue, useMemo, useState } from "react";
import { AccountButton } from "@/components/AccountButton";
import { EmptyState } from "@/components/EmptyState";
import { Page } from "@/components/Page";
import { RetryView } from "@/components/RetryView";
import { SimulatedBadge } from "@/components/SimulatedBadge";
import { TabStrip } from "@/components/TabStrip";
import { ApiError } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";
import { useLivePrices } from "@/lib/market/live-prices";
import { usePairs } from "@/lib/market/pairs";
import { useOnline } from "@/lib/network-status";
import { usePrefetchSparklines } from "../api/get-sparkline";
import { PairRow } from "../components/PairRow";
import { useFavourites } from "../hooks/useFavourites";
import "../market.css";

const FAVOURITES_TAB = "favourites";

function matches(pair: Pair, needle: string): boolean {
  if (!needle) return true;
  const text = `${pair.symbol} ${pair.base}${pair.quote}`.toLowerCase();
  return text.includes(needle);
}

function SkeletonRows() {
  return (
    <ul className="pair-list" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="pair-row pair-row--skeleton">
          <Skeleton.Paragraph lineCount={1} animated />
        </li>
      ))}
    </ul>
  );
}

export default function Markets() {
  const { t } = useTranslation("market");
  const { t: tc } = useTranslation();
  const [tab, setTab] = useState(String(CRYPTO_PRODUCT_TYPE));
  const [search, setSearch] = useState("");
  const needle = useDeferredValue(search.trim().toLowerCase());
  const favourites = useFavourites();
  const list = usePairs(CRYPTO_PRODUCT_TYPE);
  const online = useOnline();
  // Deferred (decision 081): the first render draws the skeleton rows, as the prerendered shell did, and the rows
  // come in a transition React renders in slices; a query's answer would otherwise be one synchronous render.
  // (null, not undefined: an undefined initial value means "no initial value" to React.)
  const data = useDeferredValue(list.data ?? null, null);
  const pairs = useMemo(() => data?.items ?? [], [data]);
  useLivePrices(pairs.map((pair) => pair.id));

  // The tabs are the product types present in the data (crypto first), plus the favourites.
  const types = useMemo(
    () => [...new Set([CRYPTO_PRODUCT_TYPE, ...pairs.map((pair) => pair.product_type)])].sort((a, b) => a - b),
    [pairs],
  );
  const simulated = pairs.some((pair) => pair.simulated);
  const inTab =
    tab === FAVOURITES_TAB
      ? pairs.filter((p) => favourites.ids.has(p.id))
      : pairs.filter((p) => String(p.product_type) === tab);
  const shown = inTab.filter((pair) => matches(pair, needle));
  usePrefetchSparklines(shown.map((pair) => pair.id));

  let body: React.ReactNode;
  // Offline before the first answer: no rows to show, so the screen says prices need a connection (the query
  // waits for it and asks by itself when it is back) rather than drawing skeleton rows for good.
  if (!data && (list.fetchStatus === "paused" || !online))
    body = <EmptyState title={t("offline.title")} description={tc("status.offline")} />;
  else if (!data && !list.isError) body = <SkeletonRows />;
  else if (!data) {
    const message = list.error instanceof ApiError ? list.error.msg : undefined;
    body = <RetryView onRetry={() => void list.refetch()} message={message} />;
  } else if (shown.length === 0) {
    body =
      tab === FAVOURITES_TAB && inTab.length === 0 ? (
        <EmptyState title={t("favourites.emptyTitle")} description={t("favourites.emptyHint")} />
      ) : (
        <EmptyState title={needle ? t("search.noMatch", { query: search.trim() }) : undefined} />
      );
  } else {
    body = (
      <ul className="pair-list" aria-label={t("list.label")}>
        {shown.map((pair) => (
          <PairRow
            key={pair.id}
            pair={pair}
            favourite={favourites.isFavourite(pair.id)}
            onToggleFavourite={favourites.toggle}
          />
        ))}
      </ul>
    );
  }

  return (
    <Page
      title={tc("pages.markets")}
      back={false}
      left={<AccountButton />}
      right={simulated ? <SimulatedBadge /> : undefined}
    >
      <div className="markets">
        <div className="markets__toolbar">
          <SearchBar
            placeholder={t("search.placeholder")}
            value={search}
            onChange={setSearch}
            aria-label={t("search.placeholder")}
          />
          <TabStrip
            label={t("tabs.label")}
            activeKey={tab}
            onChange={setTab}
            className="markets__tabs"
            items={[
              { key: FAVOURITES_TAB, title: t("tabs.favourites") },
              ...types.map((type) => ({
                key: String(type),
                title: t(type === 1 ? "tabs.crypto" : "tabs.type", { type }),
              })),
            ]}
          />
          <div className="pair-list__head" aria-hidden="true">
            <span>{t("list.pair")}</span>
            <span>{t("list.price")}</span>
            <span>{t("list.change")}</span>
          </div>
        </div>
        {body}
        {simulated && <p className="markets__note">{t("simulatedNote")}</p>}
      </div>
    </Page>
  );
}
