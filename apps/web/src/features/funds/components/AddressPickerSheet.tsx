import { Button, Skeleton } from "antd-mobile";
import { BottomSheet } from "@/components/BottomSheet";
import { EmptyState } from "@/components/EmptyState";
import { RetryView } from "@/components/RetryView";
import { useTranslation } from "@/lib/i18n";
import { WITHDRAW_ADDRESSES_PATH } from "@/lib/paths";
import { useNavigate } from "@/lib/router";
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
  const navigate = useNavigate();
  const book = useWithdrawAddresses({ currency, network }, visible && Boolean(currency && network));
  return (
    <BottomSheet className="funds-sheet" visible={visible} onClose={onClose} title={t("addressBook.pickTitle")}>
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
    </BottomSheet>
  );
}
