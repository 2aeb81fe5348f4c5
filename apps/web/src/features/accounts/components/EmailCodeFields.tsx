import { CODE_LENGTH, type EmsEvent } from "@cryptos/contract";
import { Form, Input } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";
import { codeRules, emailRules } from "../lib/rules";
import { SendCodeButton } from "./SendCodeButton";

type CodeForm = ReturnType<typeof Form.useForm>[0];

/** The email field and the emailed 6-digit code for `event` beside its "Send code" button (fields `email`, `code`). */
export function EmailCodeFields({ form, event }: { form: CodeForm; event: EmsEvent }) {
  const { t } = useTranslation("accounts");
  return (
    <>
      <Form.Item name="email" label={t("fields.email")} rules={emailRules(t)} validateTrigger="onBlur">
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t("fields.emailPlaceholder")}
          clearable
        />
      </Form.Item>
      <Form.Item
        name="code"
        label={t("fields.code")}
        rules={codeRules(t)}
        validateTrigger="onBlur"
        extra={<SendCodeButton form={form} event={event} />}
      >
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          placeholder={t("fields.codePlaceholder")}
        />
      </Form.Item>
    </>
  );
}
