import { txHashIssue } from "@cryptos/contract";
import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { confirm } from "@/lib/toast";
import { type ReviewKind, useReview } from "../api/reviews";
import { saveFeedback } from "../lib/save-feedback";
import { TextAreaField, TextField } from "./Form";
import { Modal } from "./Modal";
import { SaveButton } from "./SaveButton";

export interface ReviewActionsProps {
  kind: ReviewKind;
  id: number;
  /** What is reviewed, for the dialogs and the buttons' labels ("deposit #12, 100 USDT"). */
  subject: string;
  /**
   * A withdrawal's network: completing asks for the payout's transaction hash (checked as the server checks it for
   * that network), which the user then sees with an explorer link (decision 121).
   */
  payoutNetwork?: string | undefined;
}

/** Complete (after a confirmation) or reject with a reason the user will read. */
export function ReviewActions({ kind, id, subject, payoutNetwork }: ReviewActionsProps) {
  const { t } = useTranslation("console");
  const review = useReview(kind);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [paying, setPaying] = useState(false);
  const [hash, setHash] = useState("");
  const typedHash = hash.trim();
  const hashError =
    payoutNetwork && typedHash && txHashIssue(payoutNetwork, typedHash)
      ? t("review.txHashInvalid", { network: payoutNetwork })
      : null;

  const completeWithHash = () =>
    review.mutate(
      { id, action: "complete", ...(typedHash ? { tx_hash: typedHash } : {}) },
      saveFeedback(() => {
        setPaying(false);
        setHash("");
      }, t("review.completed")),
    );

  const complete = async () => {
    if (payoutNetwork) {
      setPaying(true);
      return;
    }
    const ok = await confirm({
      title: t(`review.${kind}.completeTitle`),
      content: subject,
      confirmText: t("review.complete"),
      cancelText: t("common.cancel"),
    });
    if (ok) review.mutate({ id, action: "complete" }, saveFeedback(undefined, t("review.completed")));
  };

  const reject = () =>
    review.mutate(
      { id, action: "reject", reason: reason.trim() },
      saveFeedback(() => {
        setRejecting(false);
        setReason("");
      }, t("review.rejected")),
    );

  return (
    <div className="console-row-actions">
      <button
        type="button"
        className="console-button console-button--primary"
        disabled={review.isPending}
        aria-label={`${t("review.complete")}: ${subject}`}
        onClick={() => void complete()}
      >
        {t("review.complete")}
      </button>
      <button
        type="button"
        className="console-button console-button--danger"
        disabled={review.isPending}
        aria-label={`${t("review.reject")}: ${subject}`}
        onClick={() => setRejecting(true)}
      >
        {t("review.reject")}
      </button>
      {paying && payoutNetwork && (
        <Modal
          title={t(`review.${kind}.completeTitle`)}
          onClose={() => setPaying(false)}
          actions={
            <SaveButton
              mutation={review}
              label={t("review.complete")}
              disabled={hashError !== null}
              onClick={completeWithHash}
            />
          }
        >
          <p className="console-muted">{subject}</p>
          <TextField
            label={t("review.txHash")}
            className="console-mono"
            value={hash}
            maxLength={128}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={hashError !== null}
            aria-describedby={`tx-hash-${id}-hint`}
            onChange={setHash}
          />
          <p
            id={`tx-hash-${id}-hint`}
            className={hashError ? "console-error" : "console-muted"}
            role={hashError ? "alert" : undefined}
          >
            {hashError ?? t("review.txHashHint", { network: payoutNetwork })}
          </p>
        </Modal>
      )}
      {rejecting && (
        <Modal
          title={t(`review.${kind}.rejectTitle`)}
          onClose={() => setRejecting(false)}
          actions={
            <SaveButton
              mutation={review}
              danger
              label={t("review.reject")}
              disabled={reason.trim().length < 2}
              onClick={reject}
            />
          }
        >
          <p className="console-muted">{subject}</p>
          <TextAreaField
            label={t("review.reason")}
            value={reason}
            maxLength={500}
            rows={4}
            placeholder={t("review.reasonHint")}
            onChange={setReason}
          />
        </Modal>
      )}
    </div>
  );
}
