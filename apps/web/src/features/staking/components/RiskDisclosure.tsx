import { Button, Checkbox } from "antd-mobile";
import { useState } from "react";
import { Popup } from "@/components/Popup";
import { useTranslation } from "@/lib/i18n";

export interface RiskDisclosureProps {
  visible: boolean;
  onAccept: () => void;
  onClose: () => void;
}

/** The staking risks, accepted with an explicit tick before the first subscription. */
export function RiskDisclosure({ visible, onAccept, onClose }: RiskDisclosureProps) {
  const { t } = useTranslation("staking");
  const [ticked, setTicked] = useState(false);
  const points = t("risk.points", { returnObjects: true }) as unknown;
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="stk-sheet" destroyOnClose>
      <section role="dialog" aria-modal="true" aria-labelledby="stk-risk-title">
        <h2 id="stk-risk-title" className="stk-sheet__title">
          {t("risk.title")}
        </h2>
        <ul className="stk-risk">
          {Array.isArray(points) && points.map((point) => <li key={String(point)}>{String(point)}</li>)}
        </ul>
        <Checkbox checked={ticked} onChange={setTicked} className="stk-risk__tick">
          {t("risk.accept")}
        </Checkbox>
        <div className="stk-sheet__actions">
          <Button block onClick={onClose}>
            {t("actions.cancel")}
          </Button>
          <Button block color="primary" disabled={!ticked} onClick={onAccept}>
            {t("actions.continue")}
          </Button>
        </div>
      </section>
    </Popup>
  );
}
