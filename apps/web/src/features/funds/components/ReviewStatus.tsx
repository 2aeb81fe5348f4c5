import type { DepositStatus, WithdrawalStatus } from "@cryptos/contract";
import { Tag } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";

type Status = DepositStatus | WithdrawalStatus;

const COLORS: Record<Status, "warning" | "success" | "danger" | "primary"> = {
  pending: "warning",
  sending: "primary",
  completed: "success",
  rejected: "danger",
  confirming: "warning",
  dropped: "danger",
  below_minimum: "danger",
  failed: "danger",
};

/** The spec's review labels (Pending... / Completed / Reject), an on-chain deposit's, a withdrawal's Sending / Failed. */
export function ReviewStatusTag({ status }: { status: Status }) {
  const { t } = useTranslation("funds");
  return (
    <Tag color={COLORS[status]} fill="outline" className="funds-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
