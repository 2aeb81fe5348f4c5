import { Skeleton } from "antd-mobile";
import { EmptyState } from "@/components/EmptyState";
import { FileOutline } from "@/components/icons";
import { QuestionCircleOutline } from "@/components/outline-icons/QuestionCircleOutline";
import { Page } from "@/components/Page";
import { QueryView } from "@/components/QueryView";
import { useTranslation } from "@/lib/i18n";
import { loginPath } from "@/lib/paths";
import { Link } from "@/lib/router";
import { useToken } from "@/lib/session";
import { type StakingSummary, useStakingSummary } from "../api/get-summary";
import { amount } from "../components/format";
import { ProductCard } from "../components/ProductCard";
import { HELP_PATH, ORDERS_PATH } from "../paths";
import "../staking.css";

function SummaryCard({ summary, signedIn }: { summary: StakingSummary; signedIn: boolean }) {
  const { t } = useTranslation("staking");
  return (
    <section className="stk-summary" aria-label={t("summary.label")}>
      <div className="stk-summary__label">{t("summary.inCustody")}</div>
      <div className="stk-summary__value" data-testid="in-custody">
        {signedIn ? `${amount(summary.in_custody, summary.valuation_currency)} ${summary.valuation_currency}` : "--"}
      </div>
      <div className="stk-summary__grid">
        <div>
          <div className="stk-summary__label">{t("summary.totalEarned")}</div>
          <div className="stk-summary__small">
            {signedIn ? amount(summary.total_earned, summary.valuation_currency) : "--"}
          </div>
        </div>
        <div>
          <div className="stk-summary__label">{t("summary.todayEarned")}</div>
          <div className="stk-summary__small">
            {signedIn ? amount(summary.today_earned, summary.valuation_currency) : "--"}
          </div>
        </div>
      </div>
      {signedIn && summary.by_currency.length > 0 && (
        <ul
          className="stk-summary__currencies"
          aria-label={t("summary.valuedIn", { currency: summary.valuation_currency })}
        >
          {summary.by_currency.map((row) => (
            <li key={row.currency}>
              {row.currency}: {amount(row.in_custody, row.currency)} · +{amount(row.total_earned, row.currency)}
            </li>
          ))}
        </ul>
      )}
      {signedIn && (
        <div className="stk-summary__note">{t("summary.valuedIn", { currency: summary.valuation_currency })}</div>
      )}
      {!signedIn && (
        <Link to={loginPath("/pages/index/arbitrage")} className="stk-summary__login">
          {t("summary.signInForTotals")}
        </Link>
      )}
    </section>
  );
}

function SummarySkeleton() {
  return (
    <div className="stk-skeleton">
      <Skeleton animated className="stk-skeleton__card" />
      <Skeleton.Paragraph lineCount={4} animated />
      <Skeleton.Paragraph lineCount={4} animated />
    </div>
  );
}

export default function Arbitrage() {
  const { t } = useTranslation(["common", "staking"]);
  const signedIn = useToken() !== null;
  const query = useStakingSummary();
  return (
    <Page
      title={t("pages.arbitrage")}
      right={
        <>
          <Link to={ORDERS_PATH} className="icon-button" aria-label={t("staking:header.myOrders")}>
            <FileOutline fontSize={20} />
          </Link>
          <Link to={HELP_PATH} className="icon-button" aria-label={t("staking:header.howItWorks")}>
            <QuestionCircleOutline fontSize={20} />
          </Link>
        </>
      }
    >
      {query.isPending && query.fetchStatus !== "idle" ? (
        <SummarySkeleton />
      ) : (
        <QueryView query={query}>
          {(summary) => (
            <div className="stk-body">
              <SummaryCard summary={summary} signedIn={signedIn} />
              <div className="stk-section-head">
                <h2 className="stk-section-title">{t("staking:product.listTitle")}</h2>
                <Link to={HELP_PATH} className="stk-link">
                  {t("staking:header.howItWorks")}
                </Link>
              </div>
              {summary.products.length === 0 ? (
                <EmptyState title={t("staking:product.none")} />
              ) : (
                <ul className="stk-list">
                  {summary.products.map((product) => (
                    <li key={product.id}>
                      <ProductCard product={product} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </QueryView>
      )}
    </Page>
  );
}
