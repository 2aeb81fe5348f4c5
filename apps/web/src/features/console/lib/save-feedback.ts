import { i18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { errorMessage } from "./operator-api";

/** Toasts for a save: "Saved" (or `doneText`), or the server's reason it refused. */
export function saveFeedback(onDone?: () => void, doneText?: string) {
  return {
    onSuccess: () => {
      toast.success(doneText ?? i18n.t("console:common.saved"));
      onDone?.();
    },
    onError: (error: unknown) => toast.error(errorMessage(error, i18n.t("console:common.saveFailed"))),
  };
}

/** A currency code as the server keeps them: 2 to 10 capitals or digits. */
export const isCurrencyCode = (value: string) => /^[A-Z0-9]{2,10}$/.test(value.trim());

/** A rate such as 0.85 (at most 8 places). */
export const isRate = (value: string) => /^\d{1,4}(\.\d{1,8})?$/.test(value.trim());
/** A whole number within bounds, typed as text. */
export const isWhole = (value: string, min: number, max: number) =>
  /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

/** A rate as percent points, by moving the decimal point (no float math): "0.001" -> "0.1". */
export function ratePercent(rate: string): string {
  const [whole = "0", fraction = ""] = rate.trim().split(".");
  const padded = fraction.padEnd(2, "0");
  const integer = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, "");
  const rest = padded.slice(2).replace(/0+$/, "");
  return rest ? `${integer}.${rest}` : integer;
}
