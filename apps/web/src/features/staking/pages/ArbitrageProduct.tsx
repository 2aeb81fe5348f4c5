import { amountIssue } from "@cryptos/contract";
import { compare, minOf } from "@cryptos/contract/decimal";
import { Button, Skeleton } from "antd-mobile";
import { useState } from "react";
import { AmountField } from "@/components/AmountField";
import { EmptyState } from "@/components/EmptyState";
import { Page } from "@/components/Page";
import { QueryView } from "@/components/QueryView";
import { ApiError } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";
import { Link, useNavigate, useSearchParams } from "@/lib/router";
import { useGoToLogin, useSession } from "@/lib/session";
import { toast } from "@/lib/toast";
import { type StakingProduct, useStakingProduct } from "../api/get-product";
import { useSubscribe } from "../api/subscribe";
import { ConfirmSheet } from "../components/ConfirmSheet";
import { amountRange, apr, amount as fmt, percent, quotaShare } from "../components/format";
import { RiskDisclosure } from "../components/RiskDisclosure";
import { Terms } from "../components/Terms";
import { acceptRisk, hasAcceptedRisk } from "../lib/risk-ack";
import { ARBITRAGE_PATH, HELP_PATH, ORDERS_PATH } from "../paths";
import "../staking.css";

function parseId(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

type Step = "edit" | "risk" | "confirm";

function SubscribeForm({ product }: { product: StakingProduct }) {
  const { t } = useTranslation("staking");
  const navigate = useNavigate();
  const goToLogin = useGoToLogin();
  const { signedIn, user } = useSession();
  const subscribe = useSubscribe();
  const [value, setValue] = useState("");
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<Step>("edit");

  const available = user?.users.balances.find((b) => b.currency === product.currency)?.available ?? "0";
  const trimmed = value.trim();
  // The server's rule (the contract's): the currency's decimals, min..max and the balance; then the quota left.
  const issue = trimmed
    ? amountIssue(trimmed, {
        decimals: product.decimals,
        min: product.min_amount,
        max: product.max_amount,
        available: user ? available : undefined,
      })
    : null;
  const valid = trimmed !== "" && (issue === null || issue === "insufficient_balance");

  let error: string | null = null;
  if (issue === "invalid_amount" || issue === "must_be_positive" || issue === "too_many_decimals")
    error = t("errors.invalidAmount", { decimals: product.decimals });
  else if (issue === "below_min")
    error = t("errors.belowMin", { min: fmt(product.min_amount, product.currency), currency: product.currency });
  else if (issue === "above_max")
    error = t("errors.aboveMax", { max: fmt(product.max_amount, product.currency), currency: product.currency });
  else if (valid && compare(trimmed, product.quota_left) > 0)
    error = t("errors.aboveQuota", { left: fmt(product.quota_left, product.currency), currency: product.currency });
  else if (issue === "insufficient_balance") error = t("errors.insufficient");

  const canSubmit = valid && error === null;
  const userId = user?.userinfo.id;

  const start = () => {
    setTouched(true);
    if (!canSubmit || userId === undefined) return;
    setStep(hasAcceptedRisk(userId) ? "confirm" : "risk");
  };

  const confirm = () => {
    subscribe.mutate(
      { productId: product.id, amount: trimmed },
      {
        onSuccess: () => {
          setStep("edit");
          toast.success(t("confirm.done"));
          void navigate(ORDERS_PATH, { replace: true });
        },
        onError: (e) => {
          setStep("edit");
          toast.error(e instanceof ApiError ? e.msg : t("errors.network"));
        },
      },
    );
  };

  if (!signedIn) {
    return (
      <div className="stk-card">
        <Button block color="primary" onClick={() => goToLogin()}>
          {t("product.logInToSubscribe")}
        </Button>
      </div>
    );
  }

  return (
    <div className="stk-card">
      <AmountField
        id="stk-amount"
        label={t("product.amount")}
        value={value}
        onChange={(next) => {
          setValue(next);
          setTouched(true);
        }}
        unit={product.currency}
        max={minOf(available, product.max_amount, product.quota_left)}
        maxLabel={t("product.all")}
        clearable
        placeholder={t("product.amountPlaceholder", {
          ...amountRange(product.min_amount, product.max_amount, product.currency),
        })}
        error={touched ? error : null}
        hint={
          <span data-testid="available">
            {t("product.available", {
              amount: user ? fmt(available, product.currency) : "--",
              currency: product.currency,
            })}
          </span>
        }
      />
      <Terms product={product} amount={canSubmit ? trimmed : null} />
      <p className="stk-note">{t("product.payoutRule")}</p>
      <Button block color="primary" size="large" disabled={!canSubmit || !user} onClick={start}>
        {t("product.subscribe")}
      </Button>
      {userId !== undefined && (
        <RiskDisclosure
          visible={step === "risk"}
          onClose={() => setStep("edit")}
          onAccept={() => {
            acceptRisk(userId);
            setStep("confirm");
          }}
        />
      )}
      {canSubmit && (
        <ConfirmSheet
          visible={step === "confirm"}
          product={product}
          amount={trimmed}
          submitting={subscribe.isPending}
          onConfirm={confirm}
          onClose={() => setStep("edit")}
        />
      )}
    </div>
  );
}

function ProductView({ product }: { product: StakingProduct }) {
  const { t } = useTranslation("staking");
  return (
    <div className="stk-body">
      <section className="stk-hero" aria-labelledby="stk-product-name">
        <h2 id="stk-product-name" className="stk-hero__name">
          {product.name}
        </h2>
        <div className="stk-hero__grid">
          <div>
            <div className="stk-hero__rate">{percent(product.daily_rate)}</div>
            <div className="stk-hero__label">{t("product.dailyRate")}</div>
            <div className="stk-hero__label">{t("product.apr", { rate: apr(product.daily_rate) })}</div>
          </div>
          <div>
            <div className="stk-hero__days">{t("product.daysValue", { count: product.days })}</div>
            <div className="stk-hero__label">{t("product.term")}</div>
          </div>
        </div>
      </section>
      <dl className="stk-terms stk-card">
        <div className="stk-terms__row">
          <dt>{t("product.limits")}</dt>
          <dd>
            {t("product.range", {
              ...amountRange(product.min_amount, product.max_amount, product.currency),
              currency: product.currency,
            })}
          </dd>
        </div>
        <div className="stk-terms__row">
          <dt>{t("product.perUserLimit")}</dt>
          <dd>
            {fmt(product.per_user_limit, product.currency)} {product.currency}
          </dd>
        </div>
        <div className="stk-terms__row">
          <dt>{t("product.quotaLeft")}</dt>
          <dd>
            <span className="stk-nowrap">{fmt(product.quota_left, product.currency)}</span> /{" "}
            <span className="stk-nowrap">
              {fmt(product.quota, product.currency)} {product.currency}
            </span>{" "}
            <span className="stk-nowrap">
              ({t("product.quotaShareLeft", { percent: quotaShare(product.quota_left, product.quota) })})
            </span>
          </dd>
        </div>
      </dl>
      <SubscribeForm product={product} />
      <Link to={HELP_PATH} className="stk-link stk-link--center">
        {t("header.howItWorks")}
      </Link>
    </div>
  );
}

export default function ArbitrageProduct() {
  const { t } = useTranslation(["common", "staking"]);
  const [params] = useSearchParams();
  const id = parseId(params.get("id"));
  const query = useStakingProduct(id);
  return (
    <Page title={t("pages.arbitrageProduct")}>
      {id === null ? (
        <EmptyState title={t("staking:product.notFound")}>
          <Link to={ARBITRAGE_PATH} className="stk-link">
            {t("staking:product.browse")}
          </Link>
        </EmptyState>
      ) : query.isPending ? (
        <div className="stk-skeleton">
          <Skeleton animated className="stk-skeleton__card" />
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : (
        <QueryView query={query}>{(product) => <ProductView product={product} />}</QueryView>
      )}
    </Page>
  );
}
