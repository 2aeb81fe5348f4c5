import { interpolate, pluralCandidates, valueAt } from "@cryptos/i18n";

/**
 * How a key becomes text: the part of i18next's lookup this app uses (decision 032), with i18next's rules (the shared part is
 * @cryptos/i18n, which the server uses too), so the locale files keep their format. A key is `ns:path.to.key` or `path.to.key` in the caller's namespace; it is looked
 * up in that namespace, then in "common", each in the user's language, then in English. `count` picks a plural form
 * by the language's CLDR rule (`key_one`, `key_few`, `key_other`, and `key_zero` when the count is 0), falling back
 * to the bare key; `{{name}}` is replaced by the option of that name, unescaped (React escapes what it renders).
 * A key found nowhere gives `defaultValue` if there is one, else the key itself.
 */

export { interpolate };

export type Resources = { readonly [key: string]: unknown };

export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  /** Gives an array or object found at the key as it is (the risk disclosure's points). */
  returnObjects?: boolean;
  [variable: string]: unknown;
}

/** The loaded resources of one language's namespace, or undefined while they are not loaded. */
export type ResourceLookup = (language: string, namespace: string) => Resources | undefined;

export const FALLBACK_NAMESPACE = "common";
export const FALLBACK_LANGUAGE = "en";

/**
 * The text of `key` in `language` (see above). `namespace` is the caller's: what `key` means without a prefix.
 */
export function translate(
  lookup: ResourceLookup,
  language: string,
  namespace: string,
  key: string,
  options?: TranslateOptions,
): string {
  let path = key;
  let own = namespace;
  const separator = key.indexOf(":");
  if (separator > 0) {
    own = key.slice(0, separator);
    path = key.slice(separator + 1);
  }
  const namespaces = own === FALLBACK_NAMESPACE ? [own] : [own, FALLBACK_NAMESPACE];
  const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  const count = typeof options?.count === "number" ? options.count : undefined;
  for (const ns of namespaces) {
    for (const lng of languages) {
      const resources = lookup(lng, ns);
      if (!resources) continue;
      for (const candidate of pluralCandidates(lng, path, count)) {
        const found = valueAt(resources, candidate);
        if (found === undefined || found === null) continue;
        if (typeof found === "string") return interpolate(found, options);
        if (options?.returnObjects) return found as string;
        // An object where text was asked for: i18next says so rather than showing "[object Object]".
        return `key '${path} (${lng})' returned an object instead of string.`;
      }
    }
  }
  return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
}
