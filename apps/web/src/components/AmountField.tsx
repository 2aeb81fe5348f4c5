import { compare, sanitizeAmountInput } from "@cryptos/contract/decimal";
import { Input, type InputRef } from "antd-mobile";
import { type ReactNode, useEffect, useId, useRef } from "react";
import "./amount-field.css";

export interface AmountFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /**
   * Cuts what is typed to digits, one point and this many places. Without it, what is typed stays as typed and the
   * form's rule (the contract's `amountIssue`) says what is wrong with it, "too many decimals" among others.
   */
  decimals?: number;
  /** What the max button fills in; without it there is no button. The button is off while it is not above zero. */
  max?: string;
  /** The max button's text, in the screen's words ("Max", "All"). */
  maxLabel?: ReactNode;
  /** Right of the label: the available balance, say. */
  balance?: ReactNode;
  /** What is wrong with the amount (announced as it appears); nothing while there is nothing to say. */
  error?: ReactNode;
  errorTestId?: string;
  /** Under the field, read with it by screen readers: limits, an estimate. */
  hint?: ReactNode;
  /** Right of the input, inside the box: the currency. */
  unit?: ReactNode;
  placeholder?: string;
  clearable?: boolean;
  /** A fixed id for the input (older links and tests point at it); a generated one otherwise. */
  id?: string;
  /** Between the input and the error: quick amounts, limits. */
  children?: ReactNode;
}

/**
 * The one amount input: label (with the balance beside it), the input with its unit and max button, and the error
 * and hint under it, wired to the input for screen readers. Each screen keeps its own rule and words; this keeps
 * how an amount is typed, filled in and explained the same everywhere.
 */
export function AmountField({
  label,
  value,
  onChange,
  decimals,
  max,
  maxLabel,
  balance,
  error,
  errorTestId,
  hint,
  unit,
  placeholder,
  clearable,
  id,
  children,
}: AmountFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const maxUsable = max !== undefined && compare(max, "0") > 0;
  // antd-mobile puts aria-* props on its wrapper: a screen reader reads them on the <input> itself.
  const input = useRef<InputRef>(null);
  const invalid = Boolean(error);
  useEffect(() => {
    const element = input.current?.nativeElement;
    if (!element) return;
    if (describedBy) element.setAttribute("aria-describedby", describedBy);
    else element.removeAttribute("aria-describedby");
    if (invalid) element.setAttribute("aria-invalid", "true");
    else element.removeAttribute("aria-invalid");
  }, [describedBy, invalid]);
  return (
    <div className="amount-field">
      <div className="amount-field__label">
        <label htmlFor={inputId}>{label}</label>
        {balance && <span className="amount-field__balance">{balance}</span>}
      </div>
      <div className="amount-field__box">
        <Input
          ref={input}
          id={inputId}
          className="amount-field__input"
          value={value}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          clearable={clearable}
          onChange={(typed) => onChange(decimals === undefined ? typed : sanitizeAmountInput(typed, decimals))}
        />
        {unit && <span className="amount-field__unit">{unit}</span>}
        {max !== undefined && (
          <button
            type="button"
            className="amount-field__max"
            disabled={!maxUsable}
            onClick={() => maxUsable && onChange(max)}
          >
            {maxLabel}
          </button>
        )}
      </div>
      {children}
      {error && (
        <span id={errorId} className="amount-field__error" role="alert" data-testid={errorTestId}>
          {error}
        </span>
      )}
      {hint && (
        <span id={hintId} className="amount-field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}
