import { useTranslation } from "react-i18next";
import { HelpView } from "../components/HelpView";

export default function Help() {
  const { t } = useTranslation();
  return <HelpView helpKey="help" title={t("pages.help")} />;
}
