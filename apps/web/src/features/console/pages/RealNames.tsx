import { REAL_NAME_SUBMISSION_STATUSES } from "@cryptos/contract";
import { useTranslation } from "@/lib/i18n";
import { type AdminRealName, useRealNameQueue } from "../api/reviews";
import { Images } from "../components/Images";
import { ReviewQueue } from "../components/ReviewQueue";

/** Real-name submissions: the full document number and its images, verified or failed with a reason. */
export function RealNames() {
  const { t } = useTranslation("console");
  return (
    <ReviewQueue<(typeof REAL_NAME_SUBMISSION_STATUSES)[number], AdminRealName>
      title={t("nav.realNames")}
      kind="realName"
      rowTestId="real-name"
      statuses={REAL_NAME_SUBMISSION_STATUSES}
      useQueue={useRealNameQueue}
      subject={(row) => t("review.realName.subject", { id: row.id, name: row.name, uid: row.user_id })}
      columns={[
        { header: t("fields.name"), cell: (row) => row.name },
        {
          header: t("fields.document"),
          cell: (row) => (
            <>
              <div>{t(`docTypes.${row.doc_type}`)}</div>
              <div className="console-mono">{row.doc_number}</div>
            </>
          ),
        },
        { header: t("fields.images"), cell: (row) => <Images images={row.images} label={t("fields.document")} /> },
      ]}
    />
  );
}
