import { CODE_LENGTH, type ReauthKind, type SecurityProof } from "@cryptos/contract";
import { Input } from "antd-mobile";
import { useId, useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { ProofError } from "../lib/errors";
import { getInjectedProvider, isUserRejection } from "../lib/provider";
import { CodeSendButton } from "./SendCodeButton";

export interface SecurityProofState {
  kind: ReauthKind;
  email: string | null;
  password: string;
  setPassword: (value: string) => void;
  emailCode: string;
  setEmailCode: (value: string) => void;
  /** The fields hold enough to try (a wallet signs at submit time). */
  ready: boolean;
  /** The proof to send with the change; a wallet account is asked to sign here. Throws a ProofError. */
  build: () => Promise<SecurityProof>;
  reset: () => void;
}

/**
 * What a security change (two-step verification on or off, signing other sessions out) sends besides the session,
 * by the account's `reauth` kind from userinfo: the password, a code emailed for event `security`, or a fresh
 * wallet signature (issue 20: a stolen session alone cannot change these).
 */
export function useSecurityProof(): SecurityProofState {
  const { t } = useTranslation("security");
  const { user } = useSession();
  const kind: ReauthKind = user?.userinfo.reauth ?? "password";
  const email = user?.userinfo.email ?? null;
  const address = user?.userinfo.address ?? null;
  const [password, setPassword] = useState("");
  const [emailCode, setEmailCode] = useState("");
  const ready =
    kind === "password" ? password.length > 0 : kind === "email_code" ? emailCode.length === CODE_LENGTH : true;

  const build = async (): Promise<SecurityProof> => {
    if (kind === "password") return { password };
    if (kind === "email_code") return { email_code: emailCode };
    const provider = getInjectedProvider();
    if (!provider || !address) throw new ProofError(t("proof.noWallet"));
    try {
      // Loaded only when a wallet account confirms a change, as at sign-in.
      const { signFreshMessage } = await import("../lib/wallet-sign-in");
      return await signFreshMessage(provider, address, t("proof.walletStatement"));
    } catch (error) {
      if (isUserRejection(error)) throw new ProofError(t("proof.walletRejected"));
      throw error;
    }
  };

  return {
    kind,
    email,
    password,
    setPassword,
    emailCode,
    setEmailCode,
    ready,
    build,
    reset: () => {
      setPassword("");
      setEmailCode("");
    },
  };
}

/** The field (or the note) that asks for the account's proof, above the change it confirms. */
export function ProofFields({ proof, onEdit }: { proof: SecurityProofState; onEdit?: () => void }) {
  const { t } = useTranslation("security");
  const fieldId = useId();
  if (proof.kind === "wallet") return <p className="security-sheet__text security-proof">{t("proof.walletIntro")}</p>;
  if (proof.kind === "email_code") {
    return (
      <div className="security-proof">
        <p className="security-sheet__text">{t("proof.codeIntro")}</p>
        <div className="security-field">
          <label htmlFor={fieldId}>{t("proof.code")}</label>
          <div className="security-proof__code">
            <Input
              id={fieldId}
              value={proof.emailCode}
              onChange={(value) => {
                onEdit?.();
                proof.setEmailCode(value.replace(/\D/g, "").slice(0, CODE_LENGTH));
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH}
              placeholder={t("totp.codePlaceholder")}
            />
            {proof.email && <CodeSendButton event="security" email={async () => proof.email} />}
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="security-proof">
      <p className="security-sheet__text">{t("proof.passwordIntro")}</p>
      <div className="security-field">
        <label htmlFor={fieldId}>{t("proof.password")}</label>
        <Input
          id={fieldId}
          type="password"
          value={proof.password}
          onChange={(value) => {
            onEdit?.();
            proof.setPassword(value);
          }}
          autoComplete="current-password"
          placeholder={t("proof.passwordPlaceholder")}
        />
      </div>
    </div>
  );
}
