import { LOCALE_NAMES, LOCALES, type Locale } from "@cryptos/contract";
import { ActionSheet } from "antd-mobile";
import { GlobalOutline } from "antd-mobile-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLocale, setLocale } from "../lib/i18n";

export interface LanguagePickerProps {
  visible: boolean;
  onClose: () => void;
}

/** Every language in its own name; the choice is saved and applies at once. */
export function LanguagePicker({ visible, onClose }: LanguagePickerProps) {
  const { t } = useTranslation();
  const active = currentLocale();
  return (
    <ActionSheet
      visible={visible}
      onClose={onClose}
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

/** A globe button that opens the picker; fits a header slot. */
export function LanguageButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={t("actions.changeLanguage")}
        onClick={() => setOpen(true)}
      >
        <GlobalOutline fontSize={22} />
      </button>
      <LanguagePicker visible={open} onClose={() => setOpen(false)} />
    </>
  );
}
