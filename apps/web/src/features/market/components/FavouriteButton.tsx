import { type MouseEvent, memo } from "react";
import { StarFill } from "@/components/outline-icons/StarFill";
import { StarOutline } from "@/components/outline-icons/StarOutline";
import { useTranslation } from "@/lib/i18n";

export interface FavouriteButtonProps {
  symbol: string;
  active: boolean;
  onToggle: () => void;
}

/** A star that adds or removes a pair from the favourites; its label names the pair. Memoised for the list rows. */
export const FavouriteButton = memo(function FavouriteButton({ symbol, active, onToggle }: FavouriteButtonProps) {
  const { t } = useTranslation("market");
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    onToggle();
  };
  return (
    <button
      type="button"
      className={active ? "fav-button fav-button--active" : "fav-button"}
      aria-pressed={active}
      aria-label={t(active ? "favourites.remove" : "favourites.add", { symbol })}
      onClick={toggle}
    >
      {active ? <StarFill /> : <StarOutline />}
    </button>
  );
});
