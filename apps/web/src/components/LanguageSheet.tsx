import { LOCALE_NAMES, LOCALES, type Locale } from "@cryptos/contract";
import { ActionSheet } from "antd-mobile";
import { useEffect, useState } from "react";
import { currentLocale, setLocale, useTranslation } from "@/lib/i18n";
import type { LanguagePickerProps } from "./LanguagePicker";

/** Every language in its own name; the choice is saved and applies at once. Loaded by LanguagePicker when opened. */
export default function LanguageSheet({ visible, onClose }: LanguagePickerProps) {
  const { t } = useTranslation();
  const active = currentLocale();
  // Mounted closed, then opened: the sheet slides up the first time too.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <ActionSheet
      visible={visible && mounted}
      onClose={onClose}
      popupClassName="language-sheet"
      extra={t("labels.chooseLanguage")}
      cancelText={t("actions.cancel")}
      closeOnAction
      actions={LOCALES.map((locale: Locale) => ({
        key: locale,
        text: (
          <span lang={locale} className={locale === active ? "language-option language-option--active" : undefined}>
            {LOCALE_NAMES[locale]}
          </span>
        ),
        onClick: () => void setLocale(locale),
      }))}
    />
  );
}
