import { type ReactNode, useId } from "react";

export interface FieldProps {
  label: ReactNode;
  /** Right of the label: the available balance, say. */
  aside?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Gets the id the label points at; put it on the input. */
  children: (id: string) => ReactNode;
}

/** A labelled form field with its hint and its error under it. */
export function Field({ label, aside, hint, error, children }: FieldProps) {
  const id = useId();
  return (
    <div className="funds-field">
      <div className="funds-field__label">
        <label htmlFor={id}>{label}</label>
        {aside && <span className="funds-field__aside">{aside}</span>}
      </div>
      {children(id)}
      {error && (
        <span className="funds-field__error" role="alert">
          {error}
        </span>
      )}
      {hint && <span className="funds-field__hint">{hint}</span>}
    </div>
  );
}
