import { Button } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";
import { useNavigate } from "@/lib/router";
import { RECHARGE_PATH } from "../lib/paths";

/** The switch beside the Balances title: hide the currencies at zero (on by default, remembered). */
export function HideZeroSwitch({ checked, onChange }: { checked: boolean; onChange: (next: boolean) => void }) {
  const { t } = useTranslation("funds");
  return (
    <label className="funds-zero-switch">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{t("assets.hideZero")}</span>
    </label>
  );
}

/** An account with nothing in it: what to do first, instead of a dozen rows of zeros. */
export function FirstDeposit() {
  const { t } = useTranslation("funds");
  const navigate = useNavigate();
  return (
    <div className="funds-first-deposit" data-testid="first-deposit">
      <p className="funds-first-deposit__title">{t("assets.firstDeposit.title")}</p>
      <p className="funds-first-deposit__text">{t("assets.firstDeposit.body")}</p>
      <Button color="primary" onClick={() => void navigate(RECHARGE_PATH)}>
        {t("assets.firstDeposit.action")}
      </Button>
    </div>
  );
}
