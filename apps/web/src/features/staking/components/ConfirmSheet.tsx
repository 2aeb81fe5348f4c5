import { Button } from "antd-mobile";
import { Popup } from "@/components/Popup";
import { useTranslation } from "@/lib/i18n";
import type { StakingProduct } from "../api/get-product";
import { Terms } from "./Terms";

export interface ConfirmSheetProps {
  visible: boolean;
  product: StakingProduct;
  amount: string;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Repeats every term of the subscription; nothing is sent until Confirm. */
export function ConfirmSheet({ visible, product, amount, submitting, onConfirm, onClose }: ConfirmSheetProps) {
  const { t } = useTranslation("staking");
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="stk-sheet">
      <section role="dialog" aria-modal="true" aria-labelledby="stk-confirm-title">
        <h2 id="stk-confirm-title" className="stk-sheet__title">
          {t("confirm.title")}
        </h2>
        <p className="stk-sheet__product">{product.name}</p>
        <Terms product={product} amount={amount} />
        <p className="stk-note">{t("product.payoutRule")}</p>
        <div className="stk-sheet__actions">
          <Button block onClick={onClose} disabled={submitting}>
            {t("actions.cancel")}
          </Button>
          <Button block color="primary" loading={submitting} onClick={onConfirm}>
            {t("confirm.submit")}
          </Button>
        </div>
      </section>
    </Popup>
  );
}
