import { SimulatedBadge } from "@/components/SimulatedBadge";
import { useTranslation } from "@/lib/i18n";

export interface PriceSourceNoteProps {
  /** `simulated` or `ccxt:<exchange id>`. */
  source: string;
  /** Exchanges the installed price library supports (null while the server is still counting). */
  exchangeCount: number | null;
  simulated: boolean;
}

/**
 * Where prices come from, in true figures: this replaces the spec's "integration with 200+ exchange APIs"
 * line with the number of exchanges this build's price library actually supports.
 */
export function PriceSourceNote({ source, exchangeCount, simulated }: PriceSourceNoteProps) {
  const { t } = useTranslation("home");
  const exchange = source.startsWith("ccxt:") ? source.slice("ccxt:".length) : source;
  const origin = simulated ? t("source.simulated") : t("source.exchange", { exchange });
  return (
    <div className="home-source" data-testid="price-source">
      {simulated && <SimulatedBadge />}
      <p className="home-source__text">
        {origin}
        {exchangeCount !== null && <> {t("source.exchangeCount", { count: exchangeCount })}</>}
      </p>
    </div>
  );
}
