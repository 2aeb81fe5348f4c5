import { useTranslation } from "@/lib/i18n";

const TONE: Record<string, string> = {
  pending: "warning",
  sending: "warning",
  under_review: "warning",
  completed: "success",
  verified: "success",
  rejected: "danger",
  failed: "danger",
  none: "muted",
  open: "warning",
  settled: "success",
  confirming: "warning",
  credited: "success",
  dropped: "danger",
  below_minimum: "muted",
};

/** A review or order status as a colored label, in the operator's language. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("console");
  return (
    <span className={`console-badge console-badge--${TONE[status] ?? "muted"}`}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}

/** On or off, for enabled switches shown in tables. */
export function OnOff({ on }: { on: boolean }) {
  const { t } = useTranslation("console");
  return (
    <span className={`console-badge console-badge--${on ? "success" : "muted"}`}>
      {on ? t("common.enabled") : t("common.disabled")}
    </span>
  );
}
