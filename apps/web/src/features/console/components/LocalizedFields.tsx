import { LOCALE_NAMES, LOCALES, type Locale } from "@cryptos/contract";
import { useId, useState } from "react";
import { useTranslation } from "@/lib/i18n";

export type LocalizedText = Record<string, string>;

export interface LocalizedFieldsProps {
  /** One entry per field: its label, its values by language, and whether it is a long text. */
  fields: { key: string; label: string; value: LocalizedText; multiline?: boolean }[];
  onChange: (key: string, language: Locale, text: string) => void;
}

/**
 * Operator-written text in any of the 14 languages: a language picker (marked where text exists) and the
 * fields of the chosen one. English is the fallback users see when their language is empty.
 */
export function LocalizedFields({ fields, onChange }: LocalizedFieldsProps) {
  const { t } = useTranslation("console");
  const [language, setLanguage] = useState<Locale>("en");
  const idPrefix = useId();
  return (
    <div className="console-localized">
      <div className="console-segments console-segments--wrap" role="tablist" aria-label={t("config.language")}>
        {LOCALES.map((locale) => {
          const filled = fields.some((field) => (field.value[locale] ?? "").trim() !== "");
          return (
            <button
              key={locale}
              type="button"
              role="tab"
              lang={locale}
              aria-selected={locale === language}
              className={locale === language ? "console-segment console-segment--active" : "console-segment"}
              onClick={() => setLanguage(locale)}
            >
              {LOCALE_NAMES[locale]}
              {filled ? " ✓" : ""}
            </button>
          );
        })}
      </div>
      <p className="console-muted">{t("config.englishFallback")}</p>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.key}`;
        const common = {
          id,
          lang: language,
          value: field.value[language] ?? "",
        };
        return (
          <div key={field.key} className="console-field">
            <label htmlFor={id}>
              {field.label} ({LOCALE_NAMES[language]})
            </label>
            {field.multiline ? (
              <textarea {...common} rows={8} onChange={(event) => onChange(field.key, language, event.target.value)} />
            ) : (
              <input {...common} onChange={(event) => onChange(field.key, language, event.target.value)} />
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Drops empty languages (the server refuses empty strings). */
export function compactText(text: LocalizedText): LocalizedText {
  return Object.fromEntries(
    Object.entries(text)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ""),
  );
}

/** The text in the console's language, else English, else any. */
export function pickText(text: LocalizedText, language: string): string {
  return text[language] ?? text.en ?? Object.values(text)[0] ?? "";
}
