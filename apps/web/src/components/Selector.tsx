import { type ReactNode, useId } from "react";
import "antd-mobile/es/components/selector/selector.css";

export interface SelectorOption<V extends string | number> {
  label: ReactNode;
  value: V;
  disabled?: boolean;
}

export interface SelectorProps<V extends string | number> {
  options: ReadonlyArray<SelectorOption<V>>;
  /** The picked value, as antd-mobile's Selector takes it: an array of at most one. */
  value?: V[];
  onChange?: (value: V[]) => void;
  /** How many options a row holds. */
  columns?: number;
  className?: string;
  /** Names the group when no fieldset legend names it (a form item's label). */
  "aria-label"?: string;
  "aria-labelledby"?: string;
  id?: string;
}

/**
 * One choice out of a few (a currency, a network, a document type, a bill filter), drawn as antd-mobile's Selector
 * (its classes and look) but made of native radio buttons (decision 117): one Tab stop, arrow keys move and pick,
 * the browser and screen readers know them. antd-mobile's Selector is a list of divs that no key reaches.
 */
export function Selector<V extends string | number>({
  options,
  value = [],
  onChange,
  columns,
  className,
  id,
  ...aria
}: SelectorProps<V>) {
  const name = useId();
  return (
    <div
      id={id}
      role="radiogroup"
      className={className ? `adm-selector app-selector ${className}` : "adm-selector app-selector"}
      style={columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined}
      {...aria}
    >
      {options.map((option) => {
        const active = value.includes(option.value);
        return (
          <label
            key={option.value}
            className={`adm-selector-item${active ? " adm-selector-item-active" : ""}${option.disabled ? " adm-selector-item-disabled" : ""}`}
          >
            <input
              type="radio"
              className="app-selector__input"
              name={name}
              value={String(option.value)}
              checked={active}
              disabled={option.disabled}
              onChange={() => onChange?.([option.value])}
            />
            {option.label}
          </label>
        );
      })}
    </div>
  );
}
