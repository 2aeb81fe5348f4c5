import { Button, Popup, Skeleton } from "antd-mobile";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { EmptyState } from "@/components/EmptyState";
import { RetryView } from "@/components/RetryView";
import { WITHDRAW_ADDRESSES_PATH } from "@/lib/paths";
import { useWithdrawAddresses, type WithdrawAddress } from "../api/address-book";
import { AddressList } from "./AddressList";

export interface AddressPickerSheetProps {
  visible: boolean;
  onClose: () => void;
  currency: string;
  network: string;
  onPick: (address: WithdrawAddress) => void;
  onAdd: () => void;
}

/** The saved addresses of one currency and network, to pick one for a withdrawal; held ones are shown, not pickable. */
export function AddressPickerSheet({ visible, onClose, currency, network, onPick, onAdd }: AddressPickerSheetProps) {
  const { t } = useTranslation("funds");
  const titleId = useId();
  const navigate = useNavigate();
  const book = useWithdrawAddresses({ currency, network }, visible && Boolean(currency && network));
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      showCloseButton
      bodyClassName="funds-sheet"
      aria-label={t("addressBook.pickTitle")}
    >
      <section role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="funds-sheet__title">
          {t("addressBook.pickTitle")}
        </h2>
        <p className="funds-muted">{t("addressBook.pickFor", { currency, network })}</p>
        {book.isPending ? (
          <Skeleton.Paragraph lineCount={4} animated />
        ) : book.isError ? (
          <RetryView onRetry={() => void book.refetch()} />
        ) : book.data.items.length === 0 ? (
          <EmptyState title={t("addressBook.noneFor", { currency, network })} />
        ) : (
          <AddressList items={book.data.items} onPick={onPick} />
        )}
        <div className="address-book__actions">
          <Button block color="primary" fill="outline" onClick={onAdd}>
            {t("addressBook.add")}
          </Button>
          <Button block fill="none" color="primary" onClick={() => void navigate(WITHDRAW_ADDRESSES_PATH)}>
            {t("addressBook.manage")}
          </Button>
        </div>
      </section>
    </Popup>
  );
}
