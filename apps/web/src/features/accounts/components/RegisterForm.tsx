import { Button, Form } from "antd-mobile";
import { APP_VALIDATION_ONLY } from "@/lib/form-props";
import { useTranslation } from "@/lib/i18n";
import { afterLoginPath } from "@/lib/paths";
import { useRegister } from "../api/register";
import { errorText } from "../lib/errors";
import { relaunch } from "../lib/navigation";
import { clearErrorsOnEdit } from "../lib/rules";
import { EmailCodeFields } from "./EmailCodeFields";
import { FormError } from "./FormError";
import { NewPasswordFields } from "./NewPasswordFields";

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
  const register = useRegister();

  const onFinish = (values: Values) => {
    register.mutate(
      { email: values.email.trim(), code: values.code.trim(), password: values.password },
      { onSuccess: () => relaunch(afterLoginPath()) },
    );
  };

  return (
    <Form
      {...APP_VALIDATION_ONLY}
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
      <EmailCodeFields form={form} event="register" />
      <NewPasswordFields form={form} />
    </Form>
  );
}
