import { Button, Input, Popup } from "antd-mobile";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { useTotpDisable } from "../api/totp";
import { errorText } from "../lib/errors";
import { SECOND_FACTOR_MAX } from "../lib/rules";
import { FormError } from "./FormError";

/** Two-step verification off, with an app code or a recovery code. */
export function TotpDisableSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation("security");
  const disable = useTotpDisable();
  const [answer, setAnswer] = useState("");
  const answerId = useId();

  const forget = () => {
    disable.reset();
    setAnswer("");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(answer.trim(), {
      onSuccess: () => {
        toast.success(t("totp.nowOff"));
        onClose();
      },
    });
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={forget}
      position="bottom"
      showCloseButton
      bodyClassName="security-sheet"
      aria-label={t("totp.offTitle")}
      destroyOnClose
    >
      <h2 className="security-sheet__title">{t("totp.offTitle")}</h2>
      <form className="security-enrol" onSubmit={submit}>
        <p className="security-sheet__text">{t("totp.offIntro")}</p>
        <div className="security-field">
          <label htmlFor={answerId}>{t("totp.code")}</label>
          <Input
            id={answerId}
            value={answer}
            onChange={(value) => {
              disable.reset();
              setAnswer(value);
            }}
            autoComplete="one-time-code"
            maxLength={SECOND_FACTOR_MAX}
            placeholder={t("totp.answerPlaceholder")}
          />
        </div>
        <FormError message={errorText(disable.error, t)} />
        <Button
          block
          type="submit"
          color="danger"
          size="large"
          disabled={answer.trim().length < 6}
          loading={disable.isPending}
        >
          {t("totp.turnOff")}
        </Button>
      </form>
    </Popup>
  );
}
