import { CODE_LENGTH, PASSWORD_MAX } from "@cryptos/contract";
import { Button, Form, Input } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { HOME_PATH } from "@/lib/paths";
import { useRegister } from "../api/register";
import { errorText } from "../lib/errors";
import { relaunch } from "../lib/navigation";
import { clearErrorsOnEdit, codeRules, emailRules, newPasswordRules } from "../lib/rules";
import { FormError } from "./FormError";
import { PasswordRules } from "./PasswordRules";
import { SendCodeButton } from "./SendCodeButton";

interface Values {
  email: string;
  code: string;
  password: string;
  confirm: string;
}

/** Email registration: email, the emailed 6-digit code, a password with its rules, and the confirmation. */
export function RegisterForm() {
  const { t } = useTranslation("accounts");
  const [form] = Form.useForm<Values>();
  const password: unknown = Form.useWatch("password", form);
  const register = useRegister();

  const onFinish = (values: Values) => {
    register.mutate(
      { email: values.email.trim(), code: values.code.trim(), password: values.password },
      { onSuccess: () => relaunch(HOME_PATH) },
    );
  };

  return (
    <Form
      form={form}
      name="register"
      layout="vertical"
      mode="card"
      onFinish={onFinish}
      onValuesChange={(changed: object) => {
        register.reset();
        clearErrorsOnEdit(form, changed);
      }}
      footer={
        <>
          <FormError message={errorText(register.error, t)} />
          <Button block type="submit" color="primary" size="large" loading={register.isPending}>
            {t("actions.register")}
          </Button>
        </>
      }
    >
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
        extra={<SendCodeButton form={form} event="register" />}
      >
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          placeholder={t("fields.codePlaceholder")}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t("fields.password")}
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
    </Form>
  );
}
