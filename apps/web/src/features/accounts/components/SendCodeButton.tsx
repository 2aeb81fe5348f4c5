import type { EmsEvent } from "@cryptos/contract";
import { Button, type Form } from "antd-mobile";
import { useCountdown } from "@/hooks/useCountdown";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useSendCode } from "../api/send-code";
import { errorText } from "../lib/errors";

type CodeForm = Pick<ReturnType<typeof Form.useForm>[0], "validateFields" | "getFieldValue" | "setFields">;

export interface SendCodeButtonProps {
  form: CodeForm;
  event: EmsEvent;
  /** The form field that holds the email (default "email"). */
  emailField?: string;
  /** The form field the code goes in (default "code"). */
  codeField?: string;
}

/** "Send code": checks the email field, mails a code for `event`, then counts down the server's wait (the spec's 60 s). */
export function SendCodeButton({ form, event, emailField = "email", codeField = "code" }: SendCodeButtonProps) {
  const emailOfForm = async () => {
    try {
      await form.validateFields([emailField]);
    } catch {
      return null;
    }
    return String(form.getFieldValue(emailField) ?? "").trim();
  };
  // Once the code is on its way, an earlier "enter the code" is no longer the thing to fix.
  const onSent = () => form.setFields([{ name: codeField, errors: [] }]);
  return <CodeSendButton event={event} email={emailOfForm} onSent={onSent} />;
}

/**
 * Mails a code for `event` to the address `email` answers (null: nothing to send to yet), then counts down the
 * server's resend wait.
 */
export function CodeSendButton({
  event,
  email,
  onSent,
}: {
  event: EmsEvent;
  email: () => Promise<string | null>;
  onSent?: () => void;
}) {
  const { t } = useTranslation("accounts");
  const countdown = useCountdown();
  const send = useSendCode();

  const onClick = async () => {
    const to = await email();
    if (!to) return;
    send.mutate(
      { email: to, event },
      {
        onSuccess: (sent) => {
          countdown.start(sent.resend_after);
          onSent?.();
          toast.success(t("code.sent"));
        },
        onError: (error) => toast.info(errorText(error, t)),
      },
    );
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      className="accounts-code-button"
      disabled={countdown.running}
      loading={send.isPending}
      onClick={() => void onClick()}
    >
      {countdown.running ? t("code.resend", { seconds: countdown.remaining }) : t("code.send")}
    </Button>
  );
}
