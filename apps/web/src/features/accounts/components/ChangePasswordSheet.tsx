import { PASSWORD_MAX } from "@cryptos/contract";
import { Button, Form, Input } from "antd-mobile";
import { APP_VALIDATION_ONLY } from "@/lib/form-props";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useChangePassword } from "../api/change-password";
import { errorText } from "../lib/errors";
import { clearErrorsOnEdit, passwordRequiredRules } from "../lib/rules";
import { FormError } from "./FormError";
import { NewPasswordFields } from "./NewPasswordFields";
import { SecuritySheet } from "./SecuritySheet";

interface Values {
  old_password: string;
  password: string;
  confirm: string;
}

/** Change password: the current one, then the new one with its rules; other sessions are signed out. */
export function ChangePasswordSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation(["accounts", "security"]);
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();

  const forget = () => {
    form.resetFields();
    change.reset();
  };

  const onFinish = (values: Values) => {
    change.mutate(
      { old_password: values.old_password, password: values.password },
      {
        onSuccess: ({ revoked }) => {
          toast.success(
            revoked > 0 ? t("security:password.changedOthersOut", { count: revoked }) : t("security:password.changed"),
          );
          onClose();
        },
      },
    );
  };

  return (
    <SecuritySheet visible={visible} title={t("security:password.change")} onClose={onClose} afterClose={forget}>
      <Form
        {...APP_VALIDATION_ONLY}
        form={form}
        name="change-password"
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={(changed: object) => {
          change.reset();
          clearErrorsOnEdit(form, changed);
        }}
        footer={
          <>
            <FormError message={errorText(change.error, t)} />
            <Button block type="submit" color="primary" size="large" loading={change.isPending}>
              {t("security:password.change")}
            </Button>
          </>
        }
      >
        <Form.Item
          name="old_password"
          label={t("security:password.current")}
          rules={passwordRequiredRules(t)}
          validateTrigger="onBlur"
        >
          <Input
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            placeholder={t("security:password.currentPlaceholder")}
          />
        </Form.Item>
        <NewPasswordFields form={form} label={t("security:password.new")} />
      </Form>
    </SecuritySheet>
  );
}
