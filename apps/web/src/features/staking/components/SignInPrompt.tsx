import { Button } from "antd-mobile";
import { EmptyState } from "@/components/EmptyState";
import { useTranslation } from "@/lib/i18n";
import { useGoToLogin } from "@/lib/session";

/** Shown instead of a user's data when nobody is signed in. */
export function SignInPrompt({ message }: { message: string }) {
  const { t } = useTranslation("staking");
  const goToLogin = useGoToLogin();
  return (
    <EmptyState title={message}>
      <Button color="primary" size="small" onClick={() => goToLogin()}>
        {t("logIn")}
      </Button>
    </EmptyState>
  );
}
