import { add, multiply, sum } from "@cryptos/contract/decimal";
import { useQueryClient } from "@tanstack/react-query";
import { Skeleton } from "antd-mobile";
import { type ComponentType, useDeferredValue, useEffect, useRef } from "react";
import { AccountButton } from "@/components/AccountButton";
import {
  DownlandOutline,
  EyeOutline,
  FileOutline,
  LoopOutline,
  UnorderedListOutline,
  UploadOutline,
} from "@/components/icons";
import { lazySheet } from "@/components/lazy-sheet";
import { EyeInvisibleOutline } from "@/components/outline-icons/EyeInvisibleOutline";
import { Page } from "@/components/Page";
import { RetryView } from "@/components/RetryView";
import { SimulatedBadge } from "@/components/SimulatedBadge";
import { ApiError } from "@/lib/api";
import { formatAmount } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link, useNavigate, useSearchParams } from "@/lib/router";
import { useRequireAuth, userInfoKey, useSession } from "@/lib/session";
import { useUsdtPrices } from "../api/get-prices";
import { PendingMoneyCard, usePendingMoney } from "../components/PendingMoney";
import { ReservesCard } from "../components/ReservesCard";
import { FirstDeposit, HideZeroSwitch } from "../components/ZeroBalances";
import { useHideBalances } from "../hooks/useHideBalances";
import { useHideZeroBalances } from "../hooks/useHideZeroBalances";
import { ACCOUNT_BILL_PATH, type AssetsSheet, RECHARGE_LOG_PATH, RECHARGE_PATH, SHEET_PARAM } from "../lib/paths";
import "../funds.css";

const HIDDEN = "****";

// The sheets load when first opened: neither is on the first screen.
const WithdrawSheet = lazySheet(
  () => import("../components/WithdrawSheet").then((m) => m.WithdrawSheet),
  (props) => props.visible,
);
const ExchangeSheet = lazySheet(
  () => import("../components/ExchangeSheet").then((m) => m.ExchangeSheet),
  (props) => props.visible,
);

interface Action {
  key: string;
  Icon: ComponentType<{ className?: string }>;
  to: string;
}

export default function Assets() {
  const { t } = useTranslation("funds");
  const signedIn = useRequireAuth();
  const session = useSession();
  const { query } = session;
  const usdtPrices = useUsdtPrices();
  // Deferred (decision 081): the first render draws the skeletons, as the prerendered shell did, and the balances
  // come in a transition React renders in slices; the answers' arrival would otherwise be one synchronous render.
  const user = useDeferredValue(session.user ?? null, null);
  const pricesData = useDeferredValue(usdtPrices.data ?? null, null);
  const prices = { data: pricesData ?? undefined, isError: usdtPrices.isError };
  // Deposits and withdrawals under way (decision 119): shown in a card and in their currency's row.
  const pending = usePendingMoney(signedIn);
  const [hidden, toggleHidden] = useHideBalances();
  const [hideZero, setHideZero] = useHideZeroBalances();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const sheet = params.get(SHEET_PARAM) as AssetsSheet | null;

  // A sheet opened here is a history entry, so the phone's back button closes it; closing it goes back the same
  // way. A sheet reached by a link (no entry of ours under it) just drops the query.
  const openedHere = useRef(false);
  const client = useQueryClient();
  // Balances change by others' hands too (an operator completing a deposit): opening Assets always re-reads them.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: userInfoKey });
  }, [client]);
  const openSheet = (name: AssetsSheet) => {
    openedHere.current = true;
    setParams({ [SHEET_PARAM]: name });
  };
  useEffect(() => {
    if (!sheet) openedHere.current = false;
  }, [sheet]);
  const closeSheet = () => {
    if (openedHere.current) void navigate(-1);
    else setParams({}, { replace: true });
    openedHere.current = false;
  };

  const balances = user?.users.balances ?? [];
  const priceOf = (currency: string) => prices.data?.byCurrency.get(currency);
  const totals = balances.map((b) => ({ ...b, total: add(add(b.available, b.frozen), b.custody) }));
  const unpriced = totals.filter((b) => b.total !== "0" && priceOf(b.currency) === undefined);
  const totalUsdt = sum(
    totals.flatMap((b) => {
      const price = priceOf(b.currency);
      return price === undefined ? [] : [multiply(b.total, price)];
    }),
  );
  const show = (value: string, currency: string) => (hidden ? HIDDEN : formatAmount(value, currency));

  const actions: Action[] = [
    { key: "deposit", Icon: DownlandOutline, to: RECHARGE_PATH },
    { key: "withdraw", Icon: UploadOutline, to: `?${SHEET_PARAM}=withdraw` },
    { key: "exchange", Icon: LoopOutline, to: `?${SHEET_PARAM}=exchange` },
    { key: "bills", Icon: FileOutline, to: ACCOUNT_BILL_PATH },
    { key: "logs", Icon: UnorderedListOutline, to: RECHARGE_LOG_PATH },
  ];

  const refused = query.error instanceof ApiError ? query.error : null;

  return (
    <Page title={t("common:pages.assets")} back={false} left={<AccountButton />} className="funds-page">
      {!signedIn ? null : query.isError && !user ? (
        <RetryView
          onRetry={() => void query.refetch()}
          message={refused ? `${refused.msg} — ${t("common:actions.retry")}` : undefined}
        />
      ) : (
        <>
          <section className="funds-hero" aria-labelledby="funds-total-label">
            <div className="funds-hero__top">
              <span id="funds-total-label">{t("assets.totalValue")}</span>
              <button
                type="button"
                className="icon-button funds-hero__eye"
                aria-label={hidden ? t("assets.showBalances") : t("assets.hideBalances")}
                aria-pressed={hidden}
                onClick={toggleHidden}
              >
                {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
              </button>
            </div>
            {user && prices.data ? (
              <p className="funds-hero__total" data-testid="total-usdt">
                <span className="funds-hero__approx">≈</span> {show(totalUsdt, "USDT")} <small>USDT</small>
              </p>
            ) : (
              <Skeleton.Title animated className="funds-hero__skeleton" />
            )}
            <p className="funds-hero__note">
              {prices.isError ? t("assets.pricesUnavailable") : t("assets.valuationNote")}
              {prices.data?.simulated && <SimulatedBadge />}
            </p>
            {unpriced.length > 0 && (
              <p className="funds-hero__note">
                {t("assets.unpriced", { currencies: unpriced.map((b) => b.currency).join(", ") })}
              </p>
            )}
          </section>

          <nav className="funds-actions" aria-label={t("assets.actionsLabel")}>
            {actions.map(({ key, Icon, to }) =>
              key === "withdraw" || key === "exchange" ? (
                <button
                  key={key}
                  type="button"
                  className="funds-actions__item"
                  onClick={() => openSheet(key as AssetsSheet)}
                >
                  <Icon className="funds-actions__icon" />
                  <span>{t(`assets.actions.${key}`)}</span>
                </button>
              ) : (
                <Link key={key} to={to} className="funds-actions__item">
                  <Icon className="funds-actions__icon" />
                  <span>{t(`assets.actions.${key}`)}</span>
                </Link>
              ),
            )}
          </nav>

          <PendingMoneyCard items={pending.items} />

          <section className="funds-card" aria-labelledby="funds-balances-title">
            <div className="funds-card__head">
              <h2 id="funds-balances-title" className="funds-card__title">
                {t("assets.balances")}
              </h2>
              {user && <HideZeroSwitch checked={hideZero} onChange={setHideZero} />}
            </div>
            {user && pending.loaded && pending.items.length === 0 && totals.every((b) => b.total === "0") && (
              <FirstDeposit />
            )}
            {!user ? (
              <Skeleton.Paragraph lineCount={6} animated />
            ) : (
              <ul className="funds-balances">
                {totals
                  .filter(
                    (b) => !hideZero || b.total !== "0" || pending.items.some((i) => i.row.currency === b.currency),
                  )
                  .map((b) => {
                    const price = priceOf(b.currency);
                    const incoming = pending.incoming(b.currency);
                    const outgoing = pending.outgoing(b.currency);
                    return (
                      <li key={b.currency} className="funds-balance" data-testid={`balance-${b.currency}`}>
                        <div className="funds-balance__head">
                          <span className="funds-balance__currency">{b.currency}</span>
                          <span className="funds-balance__total">{show(b.total, b.currency)}</span>
                        </div>
                        <div className="funds-balance__grid">
                          <span>
                            <small>{t("assets.available")}</small>
                            <span data-testid={`available-${b.currency}`}>{show(b.available, b.currency)}</span>
                          </span>
                          <span>
                            <small>{t("assets.frozen")}</small>
                            <span data-testid={`frozen-${b.currency}`}>{show(b.frozen, b.currency)}</span>
                          </span>
                          {b.custody !== "0" && (
                            <span>
                              <small>{t("assets.custody")}</small>
                              <span data-testid={`custody-${b.currency}`}>{show(b.custody, b.currency)}</span>
                            </span>
                          )}
                          <span>
                            <small>{t("assets.valueUsdt")}</small>
                            <span>{price === undefined ? "—" : show(multiply(b.total, price), "USDT")}</span>
                          </span>
                        </div>
                        {(incoming || outgoing) && (
                          <p className="funds-balance__pending" data-testid={`pending-${b.currency}`}>
                            {incoming && (
                              <span>
                                {t("assets.pendingIn")}: +{show(incoming, b.currency)}
                              </span>
                            )}
                            {outgoing && (
                              <span>
                                {t("assets.pendingOut")}: −{show(outgoing, b.currency)}
                              </span>
                            )}
                          </p>
                        )}
                      </li>
                    );
                  })}
              </ul>
            )}
          </section>
          {user && <ReservesCard userId={user.userinfo.id} holdsBalance={totals.some((b) => b.total !== "0")} />}
        </>
      )}
      {signedIn && user && (
        <>
          <WithdrawSheet visible={sheet === "withdraw"} onClose={closeSheet} user={user} />
          <ExchangeSheet visible={sheet === "exchange"} onClose={closeSheet} user={user} prices={prices.data} />
        </>
      )}
    </Page>
  );
}
