import type { Ref } from "react";
import { TextField } from "./Form";

/** A labelled 6-digit authenticator code: numeric keypad, one-time-code autofill, digits only. */
export function TotpCodeField({
  label,
  value,
  onChange,
  inputRef,
  inline = false,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  inline?: boolean;
}) {
  return (
    <TextField
      label={label}
      inline={inline}
      ref={inputRef}
      className={inline ? "console-input--short" : undefined}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\d{6}"
      maxLength={6}
      required
      value={value}
      onChange={(code) => onChange(code.replace(/\D/g, ""))}
    />
  );
}
