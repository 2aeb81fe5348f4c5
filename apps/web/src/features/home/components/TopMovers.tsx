import type { Pair } from "@cryptos/contract";
import { Skeleton } from "antd-mobile";
import { useState } from "react";
import { RightOutline } from "@/components/outline-icons/RightOutline";
import { formatDecimal, formatPercent } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link, useNavigate } from "@/lib/router";

const SHOWN = 5;
type Side = "gainers" | "losers";

// Ordering by percent change only ranks rows for display; no amount is computed from these numbers.
const changeOf = (pair: Pair) => (pair.change_24h === null ? 0 : Number(pair.change_24h));

/** Top gainers: rises only, biggest first; top losers: falls only, biggest first. */
export function rankMovers(pairs: readonly Pair[], side: Side): Pair[] {
  const moved = pairs.filter(
    (pair) => pair.price !== null && (side === "gainers" ? changeOf(pair) > 0 : changeOf(pair) < 0),
  );
  const sorted = moved.sort((a, b) => changeOf(b) - changeOf(a));
  return (side === "gainers" ? sorted : sorted.reverse()).slice(0, SHOWN);
}

function tone(change: string | null): string {
  const value = change === null ? 0 : Number(change);
  return value > 0 ? "home-up" : value < 0 ? "home-down" : "home-flat";
}

export interface TopMoversProps {
  pairs: readonly Pair[] | undefined;
  loading: boolean;
}

/** The day's top gainers and losers, each row opening the pair. Green up, red down. */
export function TopMovers({ pairs, loading }: TopMoversProps) {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const [side, setSide] = useState<Side>("gainers");
  const rows = pairs ? rankMovers(pairs, side) : [];
  return (
    <section className="home-card home-movers" aria-labelledby="home-movers-title">
      <div className="home-movers__head">
        <h2 id="home-movers-title" className="home-section-title">
          {t("movers.title")}
        </h2>
        <Link to="/pages/markets/markets" className="home-movers__all">
          {t("movers.all")}
          <RightOutline aria-hidden="true" />
        </Link>
      </div>
      <fieldset className="home-movers__tabs" aria-label={t("movers.title")}>
        {(["gainers", "losers"] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={side === value}
            className={side === value ? "home-movers__tab home-movers__tab--active" : "home-movers__tab"}
            onClick={() => setSide(value)}
          >
            {t(`movers.${value}`)}
          </button>
        ))}
      </fieldset>
      {loading ? (
        <Skeleton.Paragraph lineCount={5} animated />
      ) : rows.length === 0 ? (
        <p className="home-movers__empty">{t("movers.empty")}</p>
      ) : (
        <ol className="home-movers__list" data-testid="home-movers">
          {rows.map((pair) => (
            <li key={pair.id}>
              <button
                type="button"
                className="home-mover"
                onClick={() => void navigate(`/pages/index/markets-business?id=${pair.id}`)}
              >
                <span className="home-mover__name">
                  <strong>{pair.base}</strong>
                  <span>/{pair.quote}</span>
                </span>
                <span className="home-mover__price">
                  {pair.price
                    ? formatDecimal(pair.price, { minFraction: pair.price_decimals, maxFraction: pair.price_decimals })
                    : "--"}
                </span>
                <span className={`home-mover__change ${tone(pair.change_24h)}`}>
                  {pair.change_24h ? formatPercent(pair.change_24h) : "--"}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
