import { CODE_LENGTH } from "@cryptos/contract";
import { Button, Input } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";
import { Field } from "./Field";

/** The longest second-factor answer: a recovery code, `xxxxx-xxxxx`. */
const TOTP_MAX = 11;

export interface WithdrawCodeFieldsProps {
  email: string | null | undefined;
  code: string;
  onCode: (value: string) => void;
  totpOn: boolean;
  totp: string;
  onTotp: (value: string) => void;
  onSendCode: () => void;
  sending: boolean;
  /** Seconds until another code may be asked for; null when one may be now. */
  resendIn: number | null;
}

/** The emailed code (with its send button) and, with two-step verification on, the authenticator's code. */
export function WithdrawCodeFields({
  email,
  code,
  onCode,
  totpOn,
  totp,
  onTotp,
  onSendCode,
  sending,
  resendIn,
}: WithdrawCodeFieldsProps) {
  const { t } = useTranslation("funds");
  return (
    <>
      <Field label={t("withdraw.code")} hint={email ? t("withdraw.codeTo", { email }) : t("withdraw.noEmail")}>
        {(id) => (
          <span className="funds-input-row">
            <Input
              id={id}
              className="funds-input"
              value={code}
              onChange={(value) => onCode(value.replace(/\D/g, "").slice(0, CODE_LENGTH))}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH}
              placeholder={t("withdraw.codePlaceholder")}
            />
            <Button
              size="small"
              color="primary"
              fill="outline"
              disabled={!email || resendIn !== null}
              loading={sending}
              onClick={onSendCode}
            >
              {resendIn !== null ? t("withdraw.resendIn", { seconds: resendIn }) : t("withdraw.sendCode")}
            </Button>
          </span>
        )}
      </Field>
      {totpOn && (
        <Field label={t("withdraw.totp")} hint={t("withdraw.totpHint")}>
          {(id) => (
            <Input
              id={id}
              className="funds-input"
              value={totp}
              onChange={onTotp}
              autoComplete="one-time-code"
              maxLength={TOTP_MAX}
              placeholder={t("withdraw.totpPlaceholder")}
            />
          )}
        </Field>
      )}
    </>
  );
}
