import { PASSWORD_MAX } from "@cryptos/contract";
import { Form, Input } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";
import { newPasswordRules } from "../lib/rules";
import { PasswordRules } from "./PasswordRules";

type PasswordForm = ReturnType<typeof Form.useForm>[0];

/**
 * A new password with the server's rules ticked off while typing, and its confirmation (fields `password` and
 * `confirm`), for registration, reset and change.
 */
export function NewPasswordFields({ form, label }: { form: PasswordForm; label?: string }) {
  const { t } = useTranslation("accounts");
  const password: unknown = Form.useWatch("password", form);
  return (
    <>
      <Form.Item
        name="password"
        label={label ?? t("fields.password")}
        rules={newPasswordRules(t)}
        validateTrigger="onBlur"
        description={<PasswordRules password={typeof password === "string" ? password : ""} />}
      >
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          placeholder={t("fields.newPasswordPlaceholder")}
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t("fields.confirmPassword")}
        dependencies={["password"]}
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_, value: unknown) => {
              if (typeof value !== "string" || value.length === 0) throw new Error(t("errors.confirmRequired"));
              if (value !== form.getFieldValue("password")) throw new Error(t("errors.confirmMismatch"));
            },
          },
        ]}
      >
        <Input type="password" autoComplete="new-password" placeholder={t("fields.confirmPlaceholder")} />
      </Form.Item>
    </>
  );
}
