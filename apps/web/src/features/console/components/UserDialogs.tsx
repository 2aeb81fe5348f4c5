import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { type AdminUserDetail, useResetUserTotp, useSendMessage, useSetCreditScore } from "../api/users";
import { saveFeedback } from "../lib/save-feedback";
import { TextAreaField, TextField } from "./Form";
import { Modal } from "./Modal";
import { SaveButton } from "./SaveButton";

/** Why the operator changes a user's account: audited, and for some changes sent to the user. */
function ReasonField({ value, onChange, hint }: { value: string; onChange: (reason: string) => void; hint: string }) {
  const { t } = useTranslation("console");
  return (
    <TextAreaField label={t("review.reason")} hint={hint} rows={3} maxLength={500} value={value} onChange={onChange} />
  );
}

const hasReason = (reason: string) => reason.trim().length >= 2;

export function CreditDialog({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const { t } = useTranslation("console");
  const save = useSetCreditScore();
  const [score, setScore] = useState(String(user.credit_score));
  const [reason, setReason] = useState("");
  const valid = /^\d{1,4}$/.test(score) && Number(score) <= 1000 && hasReason(reason);
  const submit = () =>
    save.mutate({ uid: user.id, score: Number(score), reason: reason.trim() }, saveFeedback(onClose));
  return (
    <Modal
      title={t("users.changeCredit")}
      onClose={onClose}
      actions={<SaveButton mutation={save} disabled={!valid} onClick={submit} />}
    >
      <TextField
        label={t("users.newScore")}
        type="number"
        min={0}
        max={1000}
        step={1}
        value={score}
        onChange={setScore}
      />
      <ReasonField value={reason} onChange={setReason} hint={t("users.creditReasonHint")} />
    </Modal>
  );
}

/** Two-step verification off for a user who lost the authenticator; the reason is audited and sent to the user. */
export function TotpResetDialog({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const { t } = useTranslation("console");
  const reset = useResetUserTotp();
  const [reason, setReason] = useState("");
  const submit = () =>
    reset.mutate({ uid: user.id, reason: reason.trim() }, saveFeedback(onClose, t("users.totpResetDone")));
  return (
    <Modal
      title={t("users.totpReset")}
      onClose={onClose}
      actions={
        <SaveButton
          mutation={reset}
          danger
          label={t("users.totpResetConfirm")}
          disabled={!hasReason(reason)}
          onClick={submit}
        />
      }
    >
      <p>{t("users.totpResetIntro", { who: user.email ?? user.address ?? `#${user.id}` })}</p>
      <ReasonField value={reason} onChange={setReason} hint={t("users.totpResetHint")} />
    </Modal>
  );
}

export function MessageDialog({ uid, onClose }: { uid: number; onClose: () => void }) {
  const { t } = useTranslation("console");
  const send = useSendMessage();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const submit = () =>
    send.mutate({ uid, title: title.trim(), body: body.trim() }, saveFeedback(onClose, t("users.messageSent")));
  return (
    <Modal
      title={t("users.sendMessage")}
      onClose={onClose}
      wide
      actions={
        <SaveButton
          mutation={send}
          label={t("users.send")}
          disabled={title.trim() === "" || body.trim() === ""}
          onClick={submit}
        />
      }
    >
      <TextField label={t("users.messageTitle")} maxLength={120} value={title} onChange={setTitle} />
      <TextAreaField label={t("users.messageBody")} rows={6} maxLength={5000} value={body} onChange={setBody} />
    </Modal>
  );
}
