import { Tag } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";

/** Shown on every trading screen while prices come from the simulated market (docs/design/honesty.md). */
export function SimulatedBadge() {
  const { t } = useTranslation();
  return (
    <Tag color="warning" fill="outline" className="simulated-badge">
      {t("status.simulatedPrices")}
    </Tag>
  );
}
