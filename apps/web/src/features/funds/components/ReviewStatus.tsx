import type { WithdrawalStatus as Status } from "@cryptos/contract";
import { Tag } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";

const COLORS: Record<Status, "warning" | "success" | "danger" | "primary"> = {
  pending: "warning",
  sending: "primary",
  completed: "success",
  rejected: "danger",
  failed: "danger",
};

/** The spec's review labels: Pending... / Completed / Reject; a withdrawal on chain also Sending / Failed. */
export function ReviewStatusTag({ status }: { status: Status }) {
  const { t } = useTranslation("funds");
  return (
    <Tag color={COLORS[status]} fill="outline" className="funds-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
