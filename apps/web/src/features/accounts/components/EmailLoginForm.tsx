import { CODE_LENGTH, LOGIN_TYPES } from "@cryptos/contract";
import { Button, Form, Input } from "antd-mobile";
import { useState } from "react";
import { APP_VALIDATION_ONLY } from "@/lib/form-props";
import { useTranslation } from "@/lib/i18n";
import { afterLoginPath } from "@/lib/paths";
import { useEmailLogin } from "../api/login";
import { errorText, needsTotpCode } from "../lib/errors";
import { relaunch } from "../lib/navigation";
import {
  clearErrorsOnEdit,
  codeRules,
  emailRules,
  passwordRequiredRules,
  SECOND_FACTOR_MAX,
  secondFactorRules,
} from "../lib/rules";
import { FormError } from "./FormError";
import { SendCodeButton } from "./SendCodeButton";

interface Values {
  email: string;
  password?: string;
  code?: string;
  totp?: string;
}

/**
 * Email login: type 1 with the password, type 2 with an emailed code. When the account has two-step verification
 * on, the server answers that it needs a code and the authenticator-code field appears (accounts without it never
 * see the field). Success relaunches where the login page was asked to return (else home).
 */
export function EmailLoginForm({ type }: { type: typeof LOGIN_TYPES.password | typeof LOGIN_TYPES.emailCode }) {
  const { t } = useTranslation(["accounts", "security"]);
  const [form] = Form.useForm<Values>();
  const login = useEmailLogin();
  const [askTotp, setAskTotp] = useState(false);
  const byCode = type === LOGIN_TYPES.emailCode;

  const onFinish = (values: Values) => {
    const email = values.email.trim();
    const totp = askTotp ? (values.totp ?? "").trim() : undefined;
    const input = byCode
      ? { type: LOGIN_TYPES.emailCode, email, code: (values.code ?? "").trim(), totp }
      : { type: LOGIN_TYPES.password, email, password: values.password ?? "", totp };
    login.mutate(input, {
      onSuccess: () => relaunch(afterLoginPath()),
      onError: (error) => {
        if (needsTotpCode(error)) setAskTotp(true);
      },
    });
  };
  // Being asked for the code is the next step, not a failure; a wrong code is.
  const asked = needsTotpCode(login.error) && login.variables?.totp === undefined;

  return (
    <Form
      {...APP_VALIDATION_ONLY}
      form={form}
      name={byCode ? "login-code" : "login-password"}
      layout="vertical"
      mode="card"
      onFinish={onFinish}
      onValuesChange={(changed: object) => {
        login.reset();
        clearErrorsOnEdit(form, changed);
        if ("email" in changed) setAskTotp(false);
      }}
      footer={
        <>
          <FormError message={asked ? null : errorText(login.error, t)} />
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
      {askTotp && (
        <Form.Item
          name="totp"
          label={t("security:totp.code")}
          rules={secondFactorRules(t)}
          validateTrigger="onBlur"
          description={<span role="status">{t("security:totp.loginPrompt")}</span>}
        >
          <Input
            autoFocus
            autoComplete="one-time-code"
            maxLength={SECOND_FACTOR_MAX}
            placeholder={t("security:totp.answerPlaceholder")}
          />
        </Form.Item>
      )}
    </Form>
  );
}
