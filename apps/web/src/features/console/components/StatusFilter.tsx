import { useTranslation } from "@/lib/i18n";

export interface StatusFilterProps<S extends string> {
  value: S | "";
  statuses: readonly S[];
  onChange: (value: S | "") => void;
}

/** The queue's status tabs; "" shows every status. */
export function StatusFilter<S extends string>({ value, statuses, onChange }: StatusFilterProps<S>) {
  const { t } = useTranslation("console");
  const options: (S | "")[] = [...statuses, ""];
  return (
    <fieldset className="console-segments">
      <legend className="console-visually-hidden">{t("common.statusFilter")}</legend>
      {options.map((option) => (
        <button
          key={option || "all"}
          type="button"
          className={option === value ? "console-segment console-segment--active" : "console-segment"}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {option === "" ? t("common.all") : t(`status.${option}`)}
        </button>
      ))}
    </fieldset>
  );
}
