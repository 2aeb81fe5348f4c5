import { type AmountIssue, NETWORK_NAMES } from "@cryptos/contract";
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { AmountField } from "@/components/AmountField";
import { useTranslation } from "@/lib/i18n";
import { type ConsoleAmountRule, consoleAmountIssue } from "../lib/amounts";
import { errorMessage } from "../lib/operator-api";

interface FieldFrame {
  label: ReactNode;
  /** A line under the control; inside the label, so it is part of the control's name. */
  hint?: ReactNode;
  /** The label beside the control, for filters and one-line forms. */
  inline?: boolean;
}

/** The console's one form row: a label over (or beside) its control and an optional hint. */
export function Field({ label, hint, inline, children }: FieldFrame & { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children` (an input, select or textarea)
    <label className={inline ? "console-field console-field--inline" : "console-field"}>
      <span>{label}</span>
      {children}
      {hint && <small className="console-muted">{hint}</small>}
    </label>
  );
}

type Controlled<E> = { value: string; onChange: (value: string) => void } & Omit<E, "value" | "onChange">;

/** A text input in a Field; `onChange` gets the text. */
export function TextField({
  label,
  hint,
  inline,
  onChange,
  ...input
}: FieldFrame & Controlled<InputHTMLAttributes<HTMLInputElement>> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Field label={label} hint={hint} inline={inline}>
      <input {...input} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

/** The operator's own password (sign-in, and every two-step change asks for it again). */
export function PasswordField({ label, value, onChange, inline }: FieldFrame & Controlled<object>) {
  return (
    <TextField
      label={label}
      inline={inline}
      type="password"
      autoComplete="current-password"
      required
      value={value}
      onChange={onChange}
    />
  );
}

/** A multi-line text in a Field. */
export function TextAreaField({
  label,
  hint,
  onChange,
  ...textarea
}: Omit<FieldFrame, "inline"> & Controlled<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field label={label} hint={hint}>
      <textarea {...textarea} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

export interface SelectFieldProps<V extends string> extends FieldFrame {
  value: V;
  /** The choices; a bare value is its own label. */
  options: readonly (V | { value: V; label: string })[];
  onChange: (value: V) => void;
  disabled?: boolean;
}

/** A choice among fixed values in a Field. */
export function SelectField<V extends string>({ options, value, onChange, disabled, ...frame }: SelectFieldProps<V>) {
  return (
    <Field {...frame}>
      <select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => {
          const { value: key, label } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={key} value={key}>
              {label}
            </option>
          );
        })}
      </select>
    </Field>
  );
}

/** A currency code field: typed in capitals (the server's codes are). */
export function CurrencyField({ value, onChange, disabled }: Controlled<{ disabled?: boolean }>) {
  const { t } = useTranslation("console");
  return (
    <TextField
      label={t("fields.currency")}
      value={value}
      disabled={disabled}
      onChange={(text) => onChange(text.toUpperCase())}
    />
  );
}

/** A currency's network, among `choices` (default every network the app knows). */
export function NetworkField<N extends string>({
  value,
  onChange,
  disabled,
  choices = NETWORK_NAMES as readonly string[] as readonly N[],
}: {
  value: N;
  onChange: (network: N) => void;
  disabled?: boolean;
  choices?: readonly N[];
}) {
  const { t } = useTranslation("console");
  return (
    <SelectField label={t("fields.network")} value={value} options={choices} disabled={disabled} onChange={onChange} />
  );
}

const AMOUNT_ISSUE_KEYS = {
  invalid_amount: "amount.invalid",
  too_many_decimals: "amount.tooManyDecimals",
  must_be_positive: "amount.mustBePositive",
} as const satisfies Partial<Record<AmountIssue, string>>;

/**
 * An amount of `currency` (a limit, a fee, a quota): the app's one amount field (decision 132), which cuts what is
 * typed to the currency's places (`decimals`, when known) and drops signs and letters, with the reason the server
 * would refuse it under it (decision 164). The form refuses to send while `consoleAmountIssue` answers one.
 */
export function AmountInput({
  label,
  currency,
  value,
  onChange,
  hint,
  ...rule
}: Omit<FieldFrame, "inline"> & Controlled<object> & ConsoleAmountRule & { currency: string }) {
  const { t } = useTranslation("console");
  // An empty field says nothing until something is typed (the form's Save stays off meanwhile).
  const issue = value.trim() === "" ? null : consoleAmountIssue(value, rule);
  const key = issue && issue in AMOUNT_ISSUE_KEYS ? AMOUNT_ISSUE_KEYS[issue as keyof typeof AMOUNT_ISSUE_KEYS] : null;
  const places = rule.decimals ?? rule.requestDecimals ?? 8;
  return (
    <div className="console-field console-amount">
      <AmountField
        label={label}
        unit={currency || undefined}
        value={value}
        onChange={onChange}
        decimals={rule.decimals}
        hint={hint}
        error={key ? t(key, { currency: currency || "—", decimals: places }) : undefined}
      />
    </div>
  );
}

/** A sort position, 0 up to `max`. */
export function SortField({ value, onChange, max }: Controlled<{ max?: number }>) {
  const { t } = useTranslation("console");
  return <TextField label={t("fields.sort")} type="number" min={0} max={max} value={value} onChange={onChange} />;
}

/** An on/off setting: a checkbox with its label beside it. */
export function Switch({
  label,
  checked,
  onChange,
  disabled,
  "aria-label": ariaLabel,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  "aria-label"?: string;
}) {
  return (
    <label className="console-switch">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-label={ariaLabel}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/**
 * Why a form was refused: the server's message (in the operator's language) or `fallback`; or a message of the
 * form's own (`children`). Announced when it appears.
 */
export function FormError({
  error,
  fallback,
  children,
  className,
  ref,
}: {
  error?: unknown;
  fallback?: string;
  children?: ReactNode;
  className?: string;
  ref?: Ref<HTMLParagraphElement>;
}) {
  const { t } = useTranslation("console");
  return (
    <p ref={ref} className={className ? `console-error ${className}` : "console-error"} role="alert">
      {children ?? errorMessage(error, fallback ?? t("common.saveFailed"))}
    </p>
  );
}
