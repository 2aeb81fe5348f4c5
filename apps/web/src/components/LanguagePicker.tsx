import { lazy, Suspense, useState } from "react";
import { GlobalOutline } from "@/components/icons";
import { useTranslation } from "@/lib/i18n";
import type { LanguageSheetProps } from "./LanguageSheet";

export type LanguagePickerProps = LanguageSheetProps;

/**
 * The sheet (antd-mobile's ActionSheet, with its animation and gesture libraries) downloads when first opened, not
 * with the screens that offer it (decision 032).
 */
const LanguageSheet = lazy(() => import("./LanguageSheet"));

/** Every language in its own name; the choice is saved and applies at once. */
export function LanguagePicker({ visible, onClose }: LanguagePickerProps) {
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSheet visible={visible} onClose={onClose} />
    </Suspense>
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
