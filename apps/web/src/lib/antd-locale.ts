import type { Locale } from "@cryptos/contract";
import type { Locale as AntdLocale } from "antd-mobile/es/locales/base";

export type { AntdLocale };

/** antd-mobile's own texts (pickers, empty states); Finnish has none, so it falls back to English. */
const loaders: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  en: () => import("antd-mobile/es/locales/en-US"),
  "zh-Hans": () => import("antd-mobile/es/locales/zh-CN"),
  "zh-Hant": () => import("antd-mobile/es/locales/zh-TW"),
  ja: () => import("antd-mobile/es/locales/ja-JP"),
  ko: () => import("antd-mobile/es/locales/ko-KR"),
  th: () => import("antd-mobile/es/locales/th-TH"),
  vi: () => import("antd-mobile/es/locales/vi-VN"),
  fr: () => import("antd-mobile/es/locales/fr-FR"),
  es: () => import("antd-mobile/es/locales/es-ES"),
  it: () => import("antd-mobile/es/locales/it-IT"),
  de: () => import("antd-mobile/es/locales/de-DE"),
  pt: () => import("antd-mobile/es/locales/pt-BR"),
  fi: () => import("antd-mobile/es/locales/en-US"),
  ru: () => import("antd-mobile/es/locales/ru-RU"),
};

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  return (await loaders[locale]()).default;
}

/**
 * The locale with the accessible names of antd-mobile's controls in the app's words: its close buttons and the
 * mask that closes a popup ("Close"), an input's clear button, the image uploader's add button. Most of its
 * locales leave these in English (a ja sheet's close button read "Close").
 */
export function withAccessibleNames(
  locale: AntdLocale,
  names: { close: string; clear: string; upload: string },
): AntdLocale {
  return {
    ...locale,
    common: { ...locale.common, close: names.close },
    Mask: { ...locale.Mask, name: names.close },
    Input: { ...locale.Input, clear: names.clear },
    ImageUploader: { ...locale.ImageUploader, upload: names.upload },
  };
}
