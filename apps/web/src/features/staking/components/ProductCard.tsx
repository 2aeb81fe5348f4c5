import { ProgressBar } from "antd-mobile";
import { RightOutline } from "@/components/outline-icons/RightOutline";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import type { StakingProduct } from "../api/get-product";
import { productPath } from "../paths";
import { amount, amountRange, apr, percent, quotaShare } from "./format";

/** One product in the list: rate and days first, then limits and what is left of the quota. */
export function ProductCard({ product }: { product: StakingProduct }) {
  const { t } = useTranslation("staking");
  const share = quotaShare(product.quota_left, product.quota);
  return (
    <Link to={productPath(product.id)} className="stk-product">
      <div className="stk-product__head">
        <span className="stk-product__name">{product.name}</span>
        <span className="stk-product__currency">{product.currency}</span>
        <RightOutline className="stk-product__chevron" aria-hidden="true" />
      </div>
      <div className="stk-product__main">
        <div>
          <div className="stk-product__rate">{percent(product.daily_rate)}</div>
          <div className="stk-label">{t("product.dailyRate")}</div>
          <div className="stk-label stk-apr">{t("product.apr", { rate: apr(product.daily_rate) })}</div>
        </div>
        <div className="stk-product__days">
          <div className="stk-product__days-value">{t("product.daysValue", { count: product.days })}</div>
          <div className="stk-label">{t("product.term")}</div>
        </div>
      </div>
      <div className="stk-product__row">
        <span className="stk-label">{t("product.limits")}</span>
        <span>
          {t("product.range", {
            ...amountRange(product.min_amount, product.max_amount, product.currency),
            currency: product.currency,
          })}
        </span>
      </div>
      <div className="stk-product__row">
        <span className="stk-label">{t("product.quotaLeft")}</span>
        <span>
          {amount(product.quota_left, product.currency)} {product.currency} ·{" "}
          {t("product.quotaShareLeft", { percent: share })}
        </span>
      </div>
      {/* Filled by what is taken: a new product's bar is empty, not full (a full bar read as sold out). */}
      <ProgressBar percent={100 - share} className="stk-product__quota" aria-hidden="true" />
    </Link>
  );
}
