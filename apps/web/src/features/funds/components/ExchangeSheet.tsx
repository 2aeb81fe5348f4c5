import { QUOTE_TTL_S } from "@cryptos/contract";
import { compare, isDecimal, multiply, sanitizeAmountInput } from "@cryptos/contract/decimal";
import { Button } from "antd-mobile";
import { useEffect, useMemo, useState } from "react";
import { AmountField } from "@/components/AmountField";
import { BottomSheet } from "@/components/BottomSheet";
import { Selector } from "@/components/Selector";
import { ApiError } from "@/lib/api";
import { useDecimalsOf } from "@/lib/currency-decimals";
import { formatDecimal, formatMoney, formatRate } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import type { UserInfo } from "@/lib/session";
import { toast } from "@/lib/toast";
import { useExecuteExchange } from "../api/execute-exchange";
import type { UsdtPrices } from "../api/get-prices";
import { type ExchangeQuote, useQuoteExchange } from "../api/quote-exchange";
import { readableRate } from "../lib/rate";
import { InfoRows } from "./InfoRows";

export interface ExchangeSheetProps {
  visible: boolean;
  onClose: () => void;
  user: UserInfo;
  prices: UsdtPrices | undefined;
}

interface HeldQuote {
  quote: ExchangeQuote;
  /**
   * When it stops holding, on this device's clock: the moment it arrived plus the quote's lifetime, minus a second
   * for the trip. The server's `expires_at` is on the server's clock, which may differ from the phone's.
   */
  deadline: number;
}

const QUOTE_MARGIN_MS = 1000;

function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Exchange: from, to and amount, then a quote (price, fee, receive, countdown) that the user confirms. */
export function ExchangeSheet({ visible, onClose, user, prices }: ExchangeSheetProps) {
  const { t } = useTranslation("funds");
  const quoteCall = useQuoteExchange();
  const execute = useExecuteExchange();
  const decimalsKnown = useDecimalsOf();

  const currencies = useMemo(
    () => user.users.balances.map((b) => b.currency).filter((c) => !prices || prices.byCurrency.has(c)),
    [user, prices],
  );
  const [from, setFrom] = useState("USDT");
  const [to, setTo] = useState("BTC");
  const [amount, setAmount] = useState("");
  const [held, setHeld] = useState<HeldQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const secondsLeft = useSecondsLeft(held?.deadline ?? null);
  const expired = held !== null && secondsLeft === 0;

  const decimalsOf = (currency: string) => decimalsKnown(currency) ?? 8;
  const available = user.users.balances.find((b) => b.currency === from)?.available ?? "0";
  const amountOk = isDecimal(amount) && compare(amount, "0") > 0;
  const tooMuch = amountOk && compare(amount, available) > 0;
  const estimate =
    amountOk && prices?.byCurrency.get(from) && prices.byCurrency.get(to)
      ? multiply(amount, prices.byCurrency.get(from) as string)
      : null;

  const clearQuote = () => {
    setHeld(null);
    setError(null);
  };

  const requestQuote = async () => {
    setError(null);
    try {
      const quote = await quoteCall.mutateAsync({ from, to, amount });
      setHeld({ quote, deadline: Date.now() + QUOTE_TTL_S * 1000 - QUOTE_MARGIN_MS });
    } catch (caught) {
      setHeld(null);
      setError(caught instanceof ApiError ? caught.msg : t("errors.network"));
    }
  };

  const confirmQuote = async () => {
    if (!held) return;
    setError(null);
    try {
      const done = await execute.mutateAsync(held.quote.quote_id);
      toast.success(t("exchange.done", { receive: formatMoney(done.receive, done.to) }));
      setHeld(null);
      setAmount("");
      onClose();
    } catch (caught) {
      // An expired or used quote cannot be retried: the user asks for a fresh one.
      setHeld((current) => (current ? { ...current, deadline: Date.now() } : current));
      setError(caught instanceof ApiError ? caught.msg : t("errors.network"));
    }
  };

  const pick = (side: "from" | "to", value: string) => {
    clearQuote();
    if (side === "from") {
      if (value === to) setTo(from);
      setFrom(value);
      setAmount((current) => sanitizeAmountInput(current, decimalsOf(value)));
    } else {
      if (value === from) setFrom(to);
      setTo(value);
    }
  };

  const options = currencies.map((c) => ({ label: c, value: c }));
  const quote = held?.quote;
  const rate = quote ? readableRate(quote.from, quote.to, quote.price) : null;

  return (
    <BottomSheet className="funds-sheet" visible={visible} onClose={onClose} title={t("exchange.title")}>
      <form
        className="funds-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (held && !expired) void confirmQuote();
          else if (amountOk && !tooMuch) void requestQuote();
        }}
      >
        <fieldset className="funds-field">
          <legend>{t("exchange.from")}</legend>
          <Selector
            columns={5}
            options={options}
            value={[from]}
            onChange={(values) => values[0] && pick("from", values[0])}
          />
        </fieldset>
        <fieldset className="funds-field">
          <legend>{t("exchange.to")}</legend>
          <Selector
            columns={5}
            options={options}
            value={[to]}
            onChange={(values) => values[0] && pick("to", values[0])}
          />
        </fieldset>
        <AmountField
          label={t("exchange.amount", { currency: from })}
          balance={t("withdraw.available", { amount: formatMoney(available, from) })}
          value={amount}
          onChange={(value) => {
            clearQuote();
            setAmount(value);
          }}
          decimals={decimalsOf(from)}
          max={available}
          maxLabel={t("withdraw.max")}
          error={tooMuch ? t("exchange.insufficient") : null}
          hint={!held && estimate ? t("exchange.estimate", { value: formatMoney(estimate, "USDT") }) : null}
          placeholder={t("exchange.amountPlaceholder")}
        />

        {quote && (
          <section className="funds-quote" aria-live="polite" data-testid="exchange-quote">
            <InfoRows
              rows={[
                {
                  label: t("exchange.price"),
                  value: rate ? `1 ${rate.base} = ${formatRate(rate.rate, rate.quote)} ${rate.quote}` : "",
                  testId: "quote-price",
                },
                {
                  label: t("exchange.fee", {
                    rate: formatDecimal(multiply(quote.fee_rate, "100"), { minFraction: 1, maxFraction: 4 }),
                  }),
                  value: formatMoney(quote.fee, quote.to),
                  testId: "quote-fee",
                },
                { label: t("exchange.pay"), value: formatMoney(quote.amount, quote.from) },
                {
                  label: t("exchange.receive"),
                  value: formatMoney(quote.receive, quote.to),
                  strong: true,
                  testId: "quote-receive",
                },
              ]}
            />
            <p className={expired ? "funds-quote__timer funds-quote__timer--expired" : "funds-quote__timer"}>
              {expired ? t("exchange.expired") : t("exchange.expiresIn", { seconds: secondsLeft })}
            </p>
          </section>
        )}

        {error && (
          <p className="funds-notice funds-notice--error" role="alert">
            {error}
          </p>
        )}

        {held && !expired ? (
          <Button block color="primary" type="submit" loading={execute.isPending}>
            {t("exchange.confirm")}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            type="submit"
            disabled={!amountOk || tooMuch || from === to}
            loading={quoteCall.isPending}
          >
            {held ? t("exchange.refresh") : t("exchange.getQuote")}
          </Button>
        )}
        {prices?.simulated && <p className="funds-muted">{t("exchange.simulatedNote")}</p>}
      </form>
    </BottomSheet>
  );
}
