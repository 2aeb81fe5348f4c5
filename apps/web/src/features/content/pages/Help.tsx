import { useTranslation } from "@/lib/i18n";
import { HelpView } from "../components/HelpView";

export default function Help() {
  const { t } = useTranslation();
  return <HelpView helpKey="help" title={t("pages.help")} />;
}
