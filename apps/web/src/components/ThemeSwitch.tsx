import { useId } from "react";
import { useTranslation } from "@/lib/i18n";
import { setThemeChoice, THEME_CHOICES, useThemeChoice } from "../lib/theme";

/** Appearance: follow the system, or always light, or always dark; the choice applies at once and is remembered. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const choice = useThemeChoice();
  const labelId = useId();
  return (
    <div className="theme-setting">
      <span id={labelId}>{t("labels.theme")}</span>
      <div role="radiogroup" aria-labelledby={labelId} className="theme-switch">
        {THEME_CHOICES.map((value) => (
          <label
            key={value}
            className={value === choice ? "theme-switch__option theme-switch__option--active" : "theme-switch__option"}
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={value === choice}
              onChange={() => setThemeChoice(value)}
            />
            <span>{t(`theme.${value}`)}</span>
          </label>
        ))}
      </div>
    </div>
  );
}

/** A half-filled circle, the usual mark of a light/dark setting (antd-mobile's icons have none). */
export function ThemeIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 3.5a8.5 8.5 0 0 1 0 17z" fill="currentColor" />
    </svg>
  );
}
