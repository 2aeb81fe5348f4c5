import { Button, Input } from "antd-mobile";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useTotpDisable } from "../api/totp";
import { errorText } from "../lib/errors";
import { SECOND_FACTOR_MAX } from "../lib/rules";
import { FormError } from "./FormError";
import { ProofFields, useSecurityProof } from "./ProofFields";
import { SecuritySheet } from "./SecuritySheet";

/** Two-step verification off, with the account's proof and an app code or a recovery code. */
export function TotpDisableSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation("security");
  const disable = useTotpDisable();
  const proof = useSecurityProof();
  const [answer, setAnswer] = useState("");
  const answerId = useId();

  const forget = () => {
    disable.reset();
    proof.reset();
    setAnswer("");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(
      { code: answer.trim(), proof: proof.build },
      {
        onSuccess: () => {
          toast.success(t("totp.nowOff"));
          onClose();
        },
      },
    );
  };

  return (
    <SecuritySheet visible={visible} title={t("totp.offTitle")} onClose={onClose} afterClose={forget}>
      <form className="security-enrol" onSubmit={submit}>
        <ProofFields proof={proof} onEdit={() => disable.reset()} />
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
          disabled={answer.trim().length < 6 || !proof.ready}
          loading={disable.isPending}
        >
          {t("totp.turnOff")}
        </Button>
      </form>
    </SecuritySheet>
  );
}
