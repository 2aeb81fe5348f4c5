import { type Locale, resolveLocale } from "@cryptos/contract";
import { catalogs, type MessageKey } from "./catalog";

export type { MessageKey } from "./catalog";
export type MessageParams = Record<string, string | number>;

/** The message for `key` in `locale` (English when missing), with `{name}` placeholders filled. */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const template = catalogs[locale][key] ?? catalogs.en[key];
  return template.replace(/\{(\w+)\}/g, (whole: string, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export { resolveLocale };
