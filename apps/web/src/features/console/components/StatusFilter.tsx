import { useTranslation } from "@/lib/i18n";

export interface SegmentFilterProps<V extends string> {
  /** What is filtered, for screen readers. */
  legend: string;
  value: V;
  options: readonly V[];
  label: (option: V) => string;
  onChange: (value: V) => void;
}

/** A row of toggle buttons choosing one value of a filter. */
export function SegmentFilter<V extends string>({ legend, value, options, label, onChange }: SegmentFilterProps<V>) {
  return (
    <fieldset className="console-segments">
      <legend className="console-visually-hidden">{legend}</legend>
      {options.map((option) => (
        <button
          key={option || "all"}
          type="button"
          className={option === value ? "console-segment console-segment--active" : "console-segment"}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {label(option)}
        </button>
      ))}
    </fieldset>
  );
}

export interface StatusFilterProps<S extends string> {
  value: S | "";
  statuses: readonly S[];
  onChange: (value: S | "") => void;
}

/** The queue's status tabs; "" shows every status. */
export function StatusFilter<S extends string>({ value, statuses, onChange }: StatusFilterProps<S>) {
  const { t } = useTranslation("console");
  return (
    <SegmentFilter<S | "">
      legend={t("common.statusFilter")}
      value={value}
      options={[...statuses, ""]}
      label={(option) => (option === "" ? t("common.all") : t(`status.${option}`))}
      onChange={onChange}
    />
  );
}
