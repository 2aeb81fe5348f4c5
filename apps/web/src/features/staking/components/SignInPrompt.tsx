import { Button } from "antd-mobile";
import { useNavigate } from "react-router";
import { EmptyState } from "@/components/EmptyState";
import { useTranslation } from "@/lib/i18n";
import { LOGIN_PATH } from "@/lib/session";

/** Shown instead of a user's data when nobody is signed in. */
export function SignInPrompt({ message }: { message: string }) {
  const { t } = useTranslation("staking");
  const navigate = useNavigate();
  return (
    <EmptyState title={message}>
      <Button color="primary" size="small" onClick={() => void navigate(LOGIN_PATH)}>
        {t("logIn")}
      </Button>
    </EmptyState>
  );
}
