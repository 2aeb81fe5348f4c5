import { CODE_LENGTH } from "@cryptos/contract";
import { Button, Input } from "antd-mobile";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useId, useState } from "react";
import { Popup } from "@/components/Popup";
import { copyText } from "@/lib/clipboard";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useTotpEnable, useTotpSetup } from "../api/totp";
import { errorText } from "../lib/errors";
import { FormError } from "./FormError";
import { ProofFields, useSecurityProof } from "./ProofFields";

/** A base32 key in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** Step 3: the recovery codes, shown this once. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("security");
  return (
    <>
      <h2 className="bottom-sheet__title">{t("totp.recoveryTitle")}</h2>
      <p className="security-sheet__text">{t("totp.recoveryIntro")}</p>
      <ol className="security-codes" aria-label={t("totp.recoveryTitle")} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="security-sheet__actions">
        <Button block fill="outline" color="primary" onClick={() => void copyText(codes.join("\n"))}>
          {t("totp.copyCodes")}
        </Button>
        <Button block color="primary" onClick={onDone}>
          {t("totp.saved")}
        </Button>
      </div>
    </>
  );
}

/**
 * Two-step verification on: first the account's proof (the password, or an emailed code), then a pending secret as
 * a QR code and as text, confirmed by the app's first code, then the recovery codes. The secret lives only in this
 * sheet; the server never sends it again.
 */
export function TotpSetupSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation("security");
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [code, setCode] = useState("");
  const proof = useSecurityProof();
  const { reset: resetSetup, data: pending } = setup;
  const recovery = enable.data?.recovery_codes;
  const codeId = useId();

  // Forgotten once the sheet has slid away, so that it does not change while it closes.
  const forget = () => {
    resetSetup();
    enable.reset();
    proof.reset();
    setCode("");
  };

  const confirmOwner = (event: FormEvent) => {
    event.preventDefault();
    if (proof.ready) setup.mutate(proof.build);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length === CODE_LENGTH) enable.mutate(code, { onSuccess: () => toast.success(t("totp.nowOn")) });
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={recovery ? undefined : onClose}
      onClose={onClose}
      afterClose={forget}
      position="bottom"
      showCloseButton
      bodyClassName="bottom-sheet security-sheet"
      aria-label={t("totp.setupTitle")}
      destroyOnClose
    >
      {recovery ? (
        <RecoveryCodes codes={recovery} onDone={onClose} />
      ) : (
        <>
          <h2 className="bottom-sheet__title">{t("totp.setupTitle")}</h2>
          {!pending ? (
            <form className="security-enrol" onSubmit={confirmOwner}>
              <ProofFields proof={proof} onEdit={() => setup.reset()} />
              <FormError message={errorText(setup.error, t)} />
              <Button
                block
                type="submit"
                color="primary"
                size="large"
                disabled={!proof.ready}
                loading={setup.isPending}
              >
                {t("proof.continue")}
              </Button>
            </form>
          ) : (
            <form className="security-enrol" onSubmit={submit}>
              <p className="security-sheet__text">{t("totp.scan")}</p>
              <div className="security-enrol__qr">
                <QRCodeSVG value={pending.otpauth_uri} size={168} marginSize={2} title={t("totp.qrTitle")} />
              </div>
              <div className="security-enrol__key">
                <span className="security-enrol__label">{t("totp.key")}</span>
                <code data-testid="totp-secret">{grouped(pending.secret)}</code>
                <Button size="mini" fill="none" color="primary" onClick={() => void copyText(pending.secret)}>
                  {t("totp.copyKey")}
                </Button>
              </div>
              <p className="security-sheet__text">{t("totp.confirm")}</p>
              <div className="security-field">
                <label htmlFor={codeId}>{t("totp.code")}</label>
                <Input
                  id={codeId}
                  value={code}
                  onChange={(value) => {
                    enable.reset();
                    setCode(value.replace(/\D/g, "").slice(0, CODE_LENGTH));
                  }}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={CODE_LENGTH}
                  placeholder={t("totp.codePlaceholder")}
                />
              </div>
              <FormError message={errorText(enable.error, t)} />
              <Button
                block
                type="submit"
                color="primary"
                size="large"
                disabled={code.length !== CODE_LENGTH}
                loading={enable.isPending}
              >
                {t("totp.turnOn")}
              </Button>
            </form>
          )}
        </>
      )}
    </Popup>
  );
}
