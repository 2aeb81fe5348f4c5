import { type AmountIssue, amountIssue, type Direction, type UpDownOrder } from "@cryptos/contract";
import { add, multiply, ratePercent } from "@cryptos/contract/decimal";
import { Button } from "antd-mobile";
import { useEffect, useState } from "react";
import { AmountField } from "@/components/AmountField";
import { CloseOutline } from "@/components/outline-icons/CloseOutline";
import { Popup } from "@/components/Popup";
import { SimulatedBadge } from "@/components/SimulatedBadge";
import { ApiError } from "@/lib/api";
import { failureText } from "@/lib/failure-text";
import { formatDecimal, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { confirm, toast } from "@/lib/toast";
import { usePlaceUpDownOrder } from "../api/place-order";
import { lastAmount, rememberLastAmount } from "../lib/quick-amounts";
import { acceptRisk, hasAcceptedRisk } from "../lib/risk";
import type { TradablePair } from "../lib/types";
import { OrderQuickAmounts } from "./OrderQuickAmounts";
import { OrderSummary } from "./OrderSummary";

export interface OrderSheetProps {
  visible: boolean;
  onClose: () => void;
  tradable: TradablePair;
  direction: Direction;
  onDirectionChange: (direction: Direction) => void;
  /** The chosen settlement time (a term of the pair; another value means its first term). */
  seconds: number | undefined;
  onSecondsChange: (seconds: number) => void;
  userId: number;
  /** The available balance in the order currency; undefined while loading. */
  available: string | undefined;
  onPlaced: (order: UpDownOrder) => void;
}

/** The "Place Order" sheet: direction, settlement time with its payout rate, amount, and what it pays. */
export function OrderSheet({
  visible,
  onClose,
  tradable,
  direction,
  onDirectionChange,
  seconds,
  onSecondsChange,
  userId,
  available,
  onPlaced,
}: OrderSheetProps) {
  const { t } = useTranslation("updown");
  const { setting, pair } = tradable;
  const currency = setting.currency;
  const [amount, setAmount] = useState("");
  const [serverError, setServerError] = useState<string | null>(null);
  const place = usePlaceUpDownOrder();

  // A different pair: its own limits and terms, and no refusal of the other's order.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the pair changes
  useEffect(() => setServerError(null), [setting]);

  const term = setting.terms.find((x) => x.seconds === seconds) ?? setting.terms[0];
  const trimmed = amount.trim();
  // The server's rule (the contract's): precision of the stake currency, min..max, and the available balance.
  const issue: AmountIssue | null = trimmed
    ? amountIssue(trimmed, {
        decimals: setting.decimals,
        min: setting.min_amount,
        max: setting.max_amount,
        available,
      })
    : null;
  const validAmount = trimmed && issue === null ? trimmed : null;
  // Only an amount that can be placed has an expected return.
  const earnings = validAmount && term ? multiply(validAmount, term.payout_rate) : null;
  const paidIfWin = validAmount && earnings ? add(validAmount, earnings) : null;
  const rate = term ? ratePercent(term.payout_rate) : "";
  const money = (value: string) => formatMoney(value, currency);

  const issueText = issue ? amountIssueText(issue) : null;
  function amountIssueText(code: AmountIssue): string {
    switch (code) {
      case "too_many_decimals":
        return t("order.tooManyDecimals", { decimals: setting.decimals });
      case "below_min":
        return t("order.belowMin", { min: money(setting.min_amount) });
      case "above_max":
        return t("order.aboveMax", { max: money(setting.max_amount) });
      case "insufficient_balance":
        return t("order.insufficient");
      default:
        return t("order.invalidAmount");
    }
  }

  async function submit() {
    if (!validAmount || !term) return;
    setServerError(null);
    if (!hasAcceptedRisk(userId)) {
      const accepted = await confirm({
        title: t("risk.title"),
        content: (
          <div className="updown-risk">
            <p>{t("risk.intro")}</p>
            <ul>
              <li>{t("risk.loss")}</li>
              <li>{t("risk.short")}</li>
              {pair?.simulated && <li>{t("risk.simulated")}</li>}
              <li>{t("risk.rule")}</li>
            </ul>
          </div>
        ),
        confirmText: t("risk.accept"),
        cancelText: t("risk.decline"),
      });
      if (!accepted) return;
      acceptRisk(userId);
    }
    place.mutate(
      { productid: setting.productid, direction, amount: validAmount, seconds: term.seconds },
      {
        onSuccess: (order) => {
          toast.success(t("order.placed"));
          rememberLastAmount(userId, currency, validAmount);
          setAmount("");
          onPlaced(order);
        },
        onError: (error) => {
          if (error instanceof ApiError) setServerError(error.msg);
          toast.error(failureText(error));
        },
      },
    );
  }

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="updown-sheet"
      showCloseButton={false}
    >
      <div className="updown-sheet__head">
        <h2 className="updown-sheet__title">
          {t("order.place")} · {setting.symbol}
        </h2>
        <button type="button" className="icon-button" aria-label={t("order.close")} onClick={onClose}>
          <CloseOutline fontSize={20} />
        </button>
      </div>
      <div className="updown-sheet__price">
        <span className="updown-row__label">{t("pair.currentPrice")}</span>
        <strong>
          {pair?.price ? formatDecimal(pair.price, { minFraction: pair.price_decimals }) : t("pair.noPrice")}
        </strong>
        {pair?.simulated && <SimulatedBadge />}
      </div>

      <fieldset className="updown-field">
        <legend className="updown-field__label">{t("direction.label")}</legend>
        <div className="updown-directions">
          {(["up", "down"] as const).map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={direction === d}
              className={`updown-directions__option updown-directions__option--${d}${direction === d ? " is-active" : ""}`}
              onClick={() => onDirectionChange(d)}
            >
              {d === "up" ? "▲" : "▼"} {t(`direction.${d}`)}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset className="updown-field">
        <legend className="updown-field__label">{t("order.settlementTime")}</legend>
        <div className="updown-terms">
          {setting.terms.map((x) => (
            <button
              key={x.seconds}
              type="button"
              aria-pressed={x.seconds === term?.seconds}
              className={x.seconds === term?.seconds ? "updown-terms__chip is-active" : "updown-terms__chip"}
              onClick={() => onSecondsChange(x.seconds)}
            >
              <span className="updown-terms__time">{t("terms.term", { seconds: x.seconds })}</span>
              <span className="updown-terms__rate">
                {t("terms.rate", { rate: formatDecimal(ratePercent(x.payout_rate), { minFraction: 0 }) })}
              </span>
            </button>
          ))}
        </div>
      </fieldset>

      <div className="updown-field">
        <AmountField
          id="updown-amount"
          label={`${t("order.amount")} (${currency})`}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setServerError(null);
          }}
          placeholder={t("order.amountPlaceholder", {
            min: formatDecimal(setting.min_amount, { minFraction: 0 }),
            max: formatDecimal(setting.max_amount, { minFraction: 0 }),
          })}
          clearable
          error={issueText}
          errorTestId="updown-amount-error"
        >
          <OrderQuickAmounts
            available={available}
            decimals={setting.decimals}
            max={setting.max_amount}
            last={lastAmount(userId, currency)}
            onPick={(value) => {
              setAmount(value);
              setServerError(null);
            }}
          />
          <div className="updown-amount__hints">
            <span>{t("order.min", { amount: money(setting.min_amount) })}</span>
            <span>{t("order.max", { amount: money(setting.max_amount) })}</span>
          </div>
        </AmountField>
        {serverError && (
          <p className="updown-error" role="alert" data-testid="updown-server-error">
            {serverError}
          </p>
        )}
      </div>

      <OrderSummary
        currency={currency}
        available={available}
        rate={rate}
        validAmount={validAmount}
        earnings={earnings}
        paidIfWin={paidIfWin}
      />

      <Button
        block
        color={direction === "up" ? "success" : "danger"}
        size="large"
        className="updown-submit"
        disabled={!validAmount || !term || available === undefined}
        loading={place.isPending}
        loadingText={t("order.placing")}
        onClick={() => void submit()}
      >
        {t("order.place")} · {t(`direction.${direction}`)}
      </Button>
    </Popup>
  );
}
