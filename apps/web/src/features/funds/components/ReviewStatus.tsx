import type { DepositStatus as Status } from "@cryptos/contract";
import { Tag } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";

const COLORS: Record<Status, "warning" | "success" | "danger"> = {
  pending: "warning",
  completed: "success",
  rejected: "danger",
  confirming: "warning",
  dropped: "danger",
  below_minimum: "danger",
};

/** The spec's review labels (Pending... / Completed / Reject) and an on-chain deposit's (issue 39). */
export function ReviewStatusTag({ status }: { status: Status }) {
  const { t } = useTranslation("funds");
  return (
    <Tag color={COLORS[status]} fill="outline" className="funds-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
