import { LOCALE_NAMES, LOCALES, type Locale } from "@cryptos/contract";
import { useEffect, useState } from "react";
import { currentLocale, setLocale, useTranslation } from "@/lib/i18n";
import { BottomSheet } from "./BottomSheet";

export interface LanguageSheetProps {
  visible: boolean;
  onClose: () => void;
}

/**
 * Every language in its own name, each a button; the choice is saved and applies at once. A sheet that holds focus
 * and closes on Escape (BottomSheet). Loaded by LanguagePicker when opened.
 */
export default function LanguageSheet({ visible, onClose }: LanguageSheetProps) {
  const { t } = useTranslation();
  const active = currentLocale();
  // Mounted closed, then opened: the sheet slides up the first time too.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <BottomSheet
      visible={visible && mounted}
      onClose={onClose}
      title={t("labels.chooseLanguage")}
      className="language-sheet"
    >
      <ul className="language-list">
        {LOCALES.map((locale: Locale) => (
          <li key={locale}>
            <button
              type="button"
              lang={locale}
              aria-current={locale === active ? "true" : undefined}
              className={locale === active ? "language-option language-option--active" : "language-option"}
              onClick={() => {
                onClose();
                void setLocale(locale);
              }}
            >
              {LOCALE_NAMES[locale]}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="language-option language-option--cancel" onClick={onClose}>
        {t("actions.cancel")}
      </button>
    </BottomSheet>
  );
}
