import { Button } from "antd-mobile";
import { EmptyState } from "@/components/EmptyState";
import { Page } from "@/components/Page";
import { useTranslation } from "@/lib/i18n";
import { HOME_PATH } from "@/lib/paths";
import { useNavigate } from "@/lib/router";

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t("pages.notFound")}>
      <EmptyState title={t("pages.notFound")} description={t("status.notFoundBody")}>
        <Button color="primary" fill="outline" onClick={() => void navigate(HOME_PATH, { replace: true })}>
          {t("actions.goHome")}
        </Button>
      </EmptyState>
    </Page>
  );
}
