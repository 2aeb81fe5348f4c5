import type { ReactNode } from "react";
import { formatDecimal, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="updown-row">
      <span className="updown-row__label">{label}</span>
      <span className="updown-row__value">{children}</span>
    </div>
  );
}

export interface OrderSummaryProps {
  currency: string;
  available: string | undefined;
  /** The term's payout rate in percent points. */
  rate: string;
  /** An amount the server would take, or null. */
  validAmount: string | null;
  earnings: string | null;
  paidIfWin: string | null;
}

/** The balance, the payout rate, and what each outcome pays for the amount typed. */
export function OrderSummary({ currency, available, rate, validAmount, earnings, paidIfWin }: OrderSummaryProps) {
  const { t } = useTranslation("updown");
  const money = (value: string) => formatMoney(value, currency);
  const percent = formatDecimal(rate, { minFraction: 0 });
  return (
    <div className="updown-summary">
      <Row label={t("order.available")}>
        <span data-testid="updown-sheet-available">{available === undefined ? "—" : money(available)}</span>
      </Row>
      <Row label={t("order.payoutRate")}>{`${percent}%`}</Row>
      <Row label={t("order.expectedEarnings")}>
        <span className="updown-earnings" data-testid="updown-expected-earnings">
          {earnings ? `+${money(earnings)}` : "—"}
        </span>
      </Row>
      {validAmount && (
        <p className="updown-note">{t("order.earningsFormula", { amount: money(validAmount), rate: percent })}</p>
      )}
      {/* What each outcome pays, shown before the one tap that places the order (no separate confirm dialog). */}
      <div data-testid="updown-outcomes">
        <Row label={t("order.paidIfWin")}>{paidIfWin ? money(paidIfWin) : "—"}</Row>
        <Row label={t("order.paidIfTie")}>{validAmount ? money(validAmount) : "—"}</Row>
        <Row label={t("order.paidIfLose")}>{validAmount ? money("0") : "—"}</Row>
      </div>
    </div>
  );
}
