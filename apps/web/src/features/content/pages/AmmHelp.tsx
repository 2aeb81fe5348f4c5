import { useTranslation } from "@/lib/i18n";
import { HelpView } from "../components/HelpView";

export default function AmmHelp() {
  const { t } = useTranslation();
  return <HelpView helpKey="ammhelp" title={t("pages.ammhelp")} />;
}
