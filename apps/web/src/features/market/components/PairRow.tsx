import type { Pair } from "@cryptos/contract";
import { memo, useCallback } from "react";
import { useNavigate } from "@/lib/router";
import { formatPrice } from "../lib/format";
import { ChangeText } from "./ChangeText";
import { FavouriteButton } from "./FavouriteButton";
import { Sparkline } from "./Sparkline";

export const pairPath = (id: number) => `/pages/index/markets-business?id=${id}`;

export interface PairRowProps {
  pair: Pair;
  favourite: boolean;
  /** Stable across renders (the rows are memoised). */
  onToggleFavourite: (pairId: number) => void;
}

/**
 * One market row: star, pair, 24 h sparkline, latest price and 24 h change; the row opens the pair. Memoised: a
 * tick replaces only its own pair's object in the list, so only that row renders again.
 */
export const PairRow = memo(function PairRow({ pair, favourite, onToggleFavourite }: PairRowProps) {
  const navigate = useNavigate();
  const open = () => void navigate(pairPath(pair.id));
  const toggle = useCallback(() => onToggleFavourite(pair.id), [onToggleFavourite, pair.id]);
  return (
    <li className="pair-row" data-testid="pair-row" data-pair={pair.symbol}>
      <FavouriteButton symbol={pair.symbol} active={favourite} onToggle={toggle} />
      <button type="button" className="pair-row__main" onClick={open}>
        <span className="pair-row__name">
          <span className="pair-row__base">{pair.base}</span>
          <span className="pair-row__quote">/{pair.quote}</span>
        </span>
        <Sparkline pairId={pair.id} price={pair.price} />
        <span className="pair-row__price" data-testid="pair-price">
          {formatPrice(pair.price, pair.price_decimals)}
        </span>
        <span className="pair-row__change">
          <ChangeText change={pair.change_24h} pill />
        </span>
      </button>
    </li>
  );
});
