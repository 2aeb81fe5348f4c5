import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { confirm, toast } from "@/lib/toast";
import { type ReviewKind, useReview } from "../api/reviews";
import { errorMessage } from "../lib/operator-api";
import { Modal } from "./Modal";

export interface ReviewActionsProps {
  kind: ReviewKind;
  id: number;
  /** What is reviewed, for the dialogs and the buttons' labels ("deposit #12, 100 USDT"). */
  subject: string;
}

/** Complete (after a confirmation) or reject with a reason the user will read. */
export function ReviewActions({ kind, id, subject }: ReviewActionsProps) {
  const { t } = useTranslation("console");
  const review = useReview(kind);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");

  const complete = async () => {
    const ok = await confirm({
      title: t(`review.${kind}.completeTitle`),
      content: subject,
      confirmText: t("review.complete"),
      cancelText: t("common.cancel"),
    });
    if (!ok) return;
    review.mutate(
      { id, action: "complete" },
      {
        onSuccess: () => toast.success(t("review.completed")),
        onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
      },
    );
  };

  const reject = () => {
    review.mutate(
      { id, action: "reject", reason: reason.trim() },
      {
        onSuccess: () => {
          setRejecting(false);
          setReason("");
          toast.success(t("review.rejected"));
        },
        onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
      },
    );
  };

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
      {rejecting && (
        <Modal
          title={t(`review.${kind}.rejectTitle`)}
          onClose={() => setRejecting(false)}
          actions={
            <button
              type="button"
              className="console-button console-button--danger"
              disabled={reason.trim().length < 2 || review.isPending}
              onClick={reject}
            >
              {t("review.reject")}
            </button>
          }
        >
          <p className="console-muted">{subject}</p>
          <label className="console-field">
            <span>{t("review.reason")}</span>
            <textarea
              value={reason}
              maxLength={500}
              rows={4}
              onChange={(event) => setReason(event.target.value)}
              placeholder={t("review.reasonHint")}
            />
          </label>
        </Modal>
      )}
    </div>
  );
}
