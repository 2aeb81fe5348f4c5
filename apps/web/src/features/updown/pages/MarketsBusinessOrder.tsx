import type { UpDownOrder } from "@cryptos/contract";
import { compare, ratePercent } from "@cryptos/contract/decimal";
import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "antd-mobile";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/EmptyState";
import { Page } from "@/components/Page";
import { RetryView } from "@/components/RetryView";
import { SimulatedBadge } from "@/components/SimulatedBadge";
import { ApiError } from "@/lib/api";
import { formatDateTime, formatDecimal, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useLivePrices } from "@/lib/market/live-prices";
import { pairQueryOptions } from "@/lib/market/pairs";
import { useSearchParams } from "@/lib/router";
import { useRequireAuth } from "@/lib/session";
import { useUpDownOrder } from "../api/get-order";
import { CountdownRing } from "../components/CountdownRing";
import { DirectionTag, ResultTag, StatusTag } from "../components/labels";
import { VerifySection } from "../components/VerifySection";
import { secondsLeft, useNow } from "../hooks/useNow";
import "../updown.css";

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="updown-row">
      <span className="updown-row__label">{label}</span>
      <span className="updown-row__value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

type Tick = NonNullable<UpDownOrder["entry"]>;

function TickView({
  title,
  tick,
  pending,
  testId,
  decimals,
}: {
  title: string;
  tick: Tick | null;
  pending: string;
  testId: string;
  decimals: number;
}) {
  const { t } = useTranslation("updown");
  return (
    <div className="updown-tick" data-testid={testId}>
      <span className="updown-row__label">{title}</span>
      {tick ? (
        <>
          <strong className="updown-tick__price" data-testid={`${testId}-price`}>
            {formatDecimal(tick.price, { minFraction: decimals })}
          </strong>
          <span className="updown-tick__meta">{formatDateTime(tick.at)}</span>
          <span className="updown-tick__meta">{t("detail.tickId", { id: tick.id })}</span>
        </>
      ) : (
        <span className="updown-tick__pending">{pending}</span>
      )}
    </div>
  );
}

function ResultExplanation({ order, decimals }: { order: UpDownOrder; decimals: number }) {
  const { t } = useTranslation("updown");
  const { entry, exit, result } = order;
  if (!result) return null;
  if (!entry || !exit) return <p className="updown-note">{t("detail.noTick")}</p>;
  if (result === "tie") return <p className="updown-note">{t("detail.explainTie")}</p>;
  const values = {
    exit: formatDecimal(exit.price, { minFraction: decimals }),
    entry: formatDecimal(entry.price, { minFraction: decimals }),
    direction: t(`direction.${order.direction}`),
  };
  const movement =
    compare(exit.price, entry.price) === 1 ? t("detail.exitAbove", values) : t("detail.exitBelow", values);
  return (
    <p className="updown-note" data-testid="updown-explanation">
      {movement} {result === "win" ? t("detail.orderWins", values) : t("detail.orderLoses", values)}
    </p>
  );
}

function OrderDetail({ order }: { order: UpDownOrder }) {
  const { t } = useTranslation("updown");
  const settled = order.status === "settled";
  const now = useNow(!settled, 250);
  const money = (value: string) => formatMoney(value, order.currency);
  const rate = `${formatDecimal(ratePercent(order.payout_rate), { minFraction: 0 })}%`;
  // Whether this pair's prices are simulated (docs/design/honesty.md), its decimals, and while the order is open its
  // live price: live ticks keep the cached answer current, so it is not read again over HTTP.
  const pair = useQuery({ ...pairQueryOptions(order.productid), refetchInterval: false, staleTime: 60_000 });
  useLivePrices(settled ? [] : [order.productid]);
  const decimals = pair.data?.price_decimals ?? 0;
  const livePrice = settled ? null : (pair.data?.price ?? null);
  const sinceEntry = livePrice && order.entry ? compare(livePrice, order.entry.price) : null;
  return (
    <>
      <section className="updown-section updown-detail__head">
        <div className="updown-card__top">
          <strong className="updown-card__symbol">{order.symbol}</strong>
          <DirectionTag direction={order.direction} />
          <span className="updown-card__spacer" />
          {pair.data?.simulated && <SimulatedBadge />}
          <span data-testid="updown-status">
            <StatusTag status={order.status} />
          </span>
        </div>
        {settled ? (
          <div className="updown-detail__result">
            {order.result && (
              <span data-testid="updown-result" data-result={order.result}>
                <ResultTag result={order.result} />
              </span>
            )}
            <strong
              className={
                order.profit?.startsWith("-") ? "updown-detail__profit updown-down" : "updown-detail__profit updown-up"
              }
            >
              {order.profit ? formatMoney(order.profit, order.currency, { signed: true }) : "—"}
            </strong>
          </div>
        ) : (
          <div className="updown-detail__countdown">
            <CountdownRing
              remaining={secondsLeft(order.settle_at, now)}
              total={order.seconds}
              label={t("detail.countdown")}
            />
            {livePrice && (
              <p className="updown-detail__live">
                <span className="updown-row__label">{t("pair.currentPrice")}</span>
                <strong
                  data-testid="updown-live-price"
                  className={sinceEntry === 1 ? "updown-up" : sinceEntry === -1 ? "updown-down" : undefined}
                >
                  {formatDecimal(livePrice, { minFraction: decimals })}
                </strong>
              </p>
            )}
          </div>
        )}
      </section>

      <section className="updown-section updown-ticks-pair">
        <TickView
          title={t("detail.entry")}
          tick={order.entry}
          pending={settled ? "—" : t("status.awaiting_entry")}
          testId="updown-entry"
          decimals={decimals}
        />
        <TickView
          title={t("detail.exit")}
          tick={order.exit}
          pending={settled ? "—" : t("detail.pending")}
          testId="updown-exit"
          decimals={decimals}
        />
      </section>

      <section className="updown-section" aria-labelledby="updown-result-title">
        <h2 className="updown-section__title" id="updown-result-title">
          {t("detail.resultTitle")}
        </h2>
        <Row label={t("detail.payout")} testId="updown-payout">
          {order.payout ? money(order.payout) : "—"}
        </Row>
        <Row label={t("detail.profit")} testId="updown-profit">
          {order.profit ? formatMoney(order.profit, order.currency, { signed: true }) : "—"}
        </Row>
        {settled ? (
          <ResultExplanation order={order} decimals={decimals} />
        ) : (
          <p className="updown-note">{t(`status.${order.status}`)}</p>
        )}
      </section>

      <section className="updown-section" aria-labelledby="updown-terms-title">
        <h2 className="updown-section__title" id="updown-terms-title">
          {t("detail.terms")}
        </h2>
        <Row label={t("detail.amount")} testId="updown-amount">
          {money(order.amount)}
        </Row>
        <Row label={t("detail.duration")}>{t("detail.seconds", { seconds: order.seconds })}</Row>
        <Row label={t("order.payoutRate")}>{rate}</Row>
        <Row label={t("detail.acceptedAt")}>{formatDateTime(order.accepted_at)}</Row>
        <Row label={t("detail.settlesAt")}>{formatDateTime(order.settle_at)}</Row>
        {order.settled_at && <Row label={t("detail.settledAt")}>{formatDateTime(order.settled_at)}</Row>}
        <p className="updown-note">{t("terms.rule")}</p>
      </section>

      <VerifySection order={order} decimals={decimals} />
    </>
  );
}

/** One up/down order: countdown, entry and exit ticks, result, payout, terms, and the ticks to verify it by. */
export default function MarketsBusinessOrder() {
  const { t } = useTranslation(["updown", "common"]);
  const signedIn = useRequireAuth();
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  const valid = Number.isInteger(id) && id > 0;
  const query = useUpDownOrder(valid ? id : 0, signedIn && valid);

  let body: ReactNode;
  if (!valid) body = <EmptyState title={t("detail.notFound")} />;
  else if (query.data) body = <OrderDetail order={query.data} />;
  else if (query.isError) {
    const message = query.error instanceof ApiError ? query.error.msg : undefined;
    body = <RetryView onRetry={() => void query.refetch()} message={message} />;
  } else {
    body = (
      <div className="updown-section">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }

  return (
    <Page title={t("common:pages.marketsBusinessOrder")} className="updown-page">
      {body}
    </Page>
  );
}
