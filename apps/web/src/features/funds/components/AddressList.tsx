import { Button } from "antd-mobile";
import { DeleteOutline } from "@/components/outline-icons/DeleteOutline";
import { ApiError } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { confirm, toast } from "@/lib/toast";
import { useDeleteWithdrawAddress, type WithdrawAddress } from "../api/address-book";
import { usableNow } from "../lib/address-rule";

export interface AddressListProps {
  items: readonly WithdrawAddress[];
  /** Picking mode (the withdraw sheet): a usable address is a button that hands it over. */
  onPick?: (address: WithdrawAddress) => void;
  /** Managing mode (the address book page): each row has a delete button. */
  deletable?: boolean;
}

/** Saved addresses: label, currency and network, the address, and "usable from …" while it is held. */
export function AddressList({ items, onPick, deletable }: AddressListProps) {
  const { t } = useTranslation("funds");
  const remove = useDeleteWithdrawAddress();

  const onDelete = async (item: WithdrawAddress) => {
    const ok = await confirm({
      title: t("addressBook.deleteTitle"),
      content: t("addressBook.deleteText", { label: item.label }),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(item.id);
      toast.success(t("addressBook.deleted"));
    } catch (caught) {
      toast.error(caught instanceof ApiError ? caught.msg : t("errors.network"));
    }
  };

  return (
    <ul className="address-list" aria-label={t("addressBook.title")}>
      {items.map((item) => {
        const usable = usableNow(item, Date.now());
        const body = (
          <>
            <span className="address-list__head">
              <strong className="address-list__label">{item.label}</strong>
              <span className="address-list__network">
                {item.currency} · {item.network}
              </span>
            </span>
            <span className="address-list__address funds-break">{item.address}</span>
            {usable ? (
              <span className="address-list__status address-list__status--ok">{t("addressBook.ready")}</span>
            ) : (
              <span className="address-list__status">
                {t("addressBook.usableFrom", { time: formatDateTime(item.usable_from) })}
              </span>
            )}
          </>
        );
        return (
          <li key={item.id} className="address-list__item">
            {onPick ? (
              <button type="button" className="address-list__pick" disabled={!usable} onClick={() => onPick(item)}>
                {body}
              </button>
            ) : (
              <div className="address-list__pick">{body}</div>
            )}
            {deletable && (
              <Button
                size="small"
                fill="none"
                className="address-list__delete"
                aria-label={t("addressBook.delete", { label: item.label })}
                onClick={() => void onDelete(item)}
              >
                <DeleteOutline aria-hidden="true" />
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
