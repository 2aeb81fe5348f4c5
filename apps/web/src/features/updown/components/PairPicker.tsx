import { List } from "antd-mobile";
import { ListRow } from "@/components/ListRow";
import { Popup } from "@/components/Popup";
import { formatDecimal, formatPercent } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import type { TradablePair } from "../lib/types";

export interface PairPickerProps {
  visible: boolean;
  pairs: TradablePair[];
  selected: number | undefined;
  onSelect: (productId: number) => void;
  onClose: () => void;
}

/** A bottom sheet listing every pair open for up/down orders, with its latest price and 24 h change. */
export function PairPicker({ visible, pairs, selected, onSelect, onClose }: PairPickerProps) {
  const { t } = useTranslation("updown");
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="updown-sheet" destroyOnClose>
      <h2 className="updown-sheet__title">{t("pair.choose")}</h2>
      <List className="updown-pairs">
        {pairs.map(({ setting, pair }) => {
          const change = pair?.change_24h;
          return (
            <ListRow
              key={setting.productid}
              arrow={false}
              current={setting.productid === selected}
              onClick={() => onSelect(setting.productid)}
              className={setting.productid === selected ? "updown-pairs__item--active" : undefined}
              extra={
                <span className="updown-pairs__price">
                  <span>{pair?.price ? formatDecimal(pair.price, { minFraction: pair.price_decimals }) : "—"}</span>
                  {change && (
                    <span className={change.startsWith("-") ? "updown-down" : "updown-up"}>
                      {formatPercent(change)}
                    </span>
                  )}
                </span>
              }
            >
              {setting.symbol}
            </ListRow>
          );
        })}
      </List>
    </Popup>
  );
}
