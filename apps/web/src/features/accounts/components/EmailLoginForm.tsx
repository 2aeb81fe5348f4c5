import { CODE_LENGTH, LOGIN_TYPES } from "@cryptos/contract";
import { Button, Form, Input } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { HOME_PATH } from "@/lib/paths";
import { useEmailLogin } from "../api/login";
import { errorText } from "../lib/errors";
import { relaunch } from "../lib/navigation";
import { clearErrorsOnEdit, codeRules, emailRules, passwordRequiredRules } from "../lib/rules";
import { FormError } from "./FormError";
import { SendCodeButton } from "./SendCodeButton";

interface Values {
  email: string;
  password?: string;
  code?: string;
}

/** Email login: type 1 with the password, type 2 with an emailed code. Success relaunches at home. */
export function EmailLoginForm({ type }: { type: typeof LOGIN_TYPES.password | typeof LOGIN_TYPES.emailCode }) {
  const { t } = useTranslation("accounts");
  const [form] = Form.useForm<Values>();
  const login = useEmailLogin();
  const byCode = type === LOGIN_TYPES.emailCode;

  const onFinish = (values: Values) => {
    const email = values.email.trim();
    const input = byCode
      ? { type: LOGIN_TYPES.emailCode, email, code: (values.code ?? "").trim() }
      : { type: LOGIN_TYPES.password, email, password: values.password ?? "" };
    login.mutate(input, { onSuccess: () => relaunch(HOME_PATH) });
  };

  return (
    <Form
      form={form}
      name={byCode ? "login-code" : "login-password"}
      layout="vertical"
      mode="card"
      onFinish={onFinish}
      onValuesChange={(changed: object) => {
        login.reset();
        clearErrorsOnEdit(form, changed);
      }}
      footer={
        <>
          <FormError message={errorText(login.error, t)} />
          <Button block type="submit" color="primary" size="large" loading={login.isPending}>
            {t("actions.login")}
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
      {byCode ? (
        <Form.Item
          name="code"
          label={t("fields.code")}
          rules={codeRules(t)}
          validateTrigger="onBlur"
          extra={<SendCodeButton form={form} event="login" />}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            placeholder={t("fields.codePlaceholder")}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name="password"
          label={t("fields.password")}
          rules={passwordRequiredRules(t)}
          validateTrigger="onBlur"
        >
          <Input type="password" autoComplete="current-password" placeholder={t("fields.passwordPlaceholder")} />
        </Form.Item>
      )}
    </Form>
  );
}
