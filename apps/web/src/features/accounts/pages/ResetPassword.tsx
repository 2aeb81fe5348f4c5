import { Button, Form } from "antd-mobile";
import { useEffect } from "react";
import { Page } from "@/components/Page";
import { useTranslation } from "@/lib/i18n";
import { useNavigate } from "@/lib/router";
import { LOGIN_PATH, useSession } from "@/lib/session";
import { toast } from "@/lib/toast";
import { useResetPassword } from "../api/reset-password";
import { EmailCodeFields } from "../components/EmailCodeFields";
import { FormError } from "../components/FormError";
import { NewPasswordFields } from "../components/NewPasswordFields";
import { errorText } from "../lib/errors";
import { clearErrorsOnEdit } from "../lib/rules";
import "../accounts.css";
import "../security.css";
import { APP_VALIDATION_ONLY } from "@/lib/form-props";

interface Values {
  email: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * /pages/user/reset-password: a forgotten password, reset with a code emailed for event `reset`. Every session of
 * the account is signed out (this one too), so the user logs in again with the new password.
 */
export default function ResetPassword() {
  const { t } = useTranslation(["security", "accounts"]);
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  // Signed in (from the security center): the account's own address is the one to reset.
  const email = useSession().user?.userinfo.email;
  useEffect(() => {
    if (email && !form.getFieldValue("email")) form.setFieldValue("email", email);
  }, [email, form]);

  const onFinish = (values: Values) => {
    reset.mutate(
      { email: values.email.trim(), code: values.code.trim(), password: values.password },
      {
        onSuccess: () => {
          toast.success(t("reset.done"));
          void navigate(LOGIN_PATH, { replace: true });
        },
      },
    );
  };

  return (
    <Page title={t("pages.resetPassword")}>
      <div className="accounts-login">
        <section className="accounts-brand">
          <h2 className="accounts-brand__title">{t("reset.title")}</h2>
          <p className="accounts-brand__subtitle">{t("reset.intro")}</p>
        </section>
        <Form
          {...APP_VALIDATION_ONLY}
          form={form}
          name="reset-password"
          layout="vertical"
          mode="card"
          onFinish={onFinish}
          onValuesChange={(changed: object) => {
            reset.reset();
            clearErrorsOnEdit(form, changed);
          }}
          footer={
            <>
              <FormError message={errorText(reset.error, t)} />
              <Button block type="submit" color="primary" size="large" loading={reset.isPending}>
                {t("reset.submit")}
              </Button>
            </>
          }
        >
          <EmailCodeFields form={form} event="reset" />
          <NewPasswordFields form={form} label={t("password.new")} />
        </Form>
      </div>
    </Page>
  );
}
