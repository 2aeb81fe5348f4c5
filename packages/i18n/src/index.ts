/**
 * The part of i18next's rules that both sides use, without i18next (decision 032: it is on the first screen's
 * budget). Catalogues are i18next JSON: `{{name}}` placeholders, and plural forms as `key_one`, `key_few`,
 * `key_many`, `key_other` (and an optional `key_zero`), chosen by `count` with the language's CLDR rule.
 */

export const PLURAL_SUFFIXES = ["zero", "one", "two", "few", "many", "other"] as const;
export type PluralSuffix = (typeof PLURAL_SUFFIXES)[number];

/** A catalogue key without its plural suffix: `code_wait_one` and `code_wait_other` are both `code_wait`. */
export type PluralBase<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

const pluralRules = new Map<string, Intl.PluralRules>();

function rulesOf(language: string): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules;
}

/** The CLDR plural category of `count` in `language`: "one", "few", "many", "other", … */
export function pluralForm(language: string, count: number): Intl.LDMLPluralRule {
  return rulesOf(language).select(count);
}

/** The plural categories `language` distinguishes (en: one, other; ru: one, few, many, other; ja: other). */
export function pluralCategories(language: string): Intl.LDMLPluralRule[] {
  return rulesOf(language).resolvedOptions().pluralCategories;
}

/**
 * The keys to try for `key` with `count`, in i18next's order: `key_zero` (for 0), `key_<category>`, then `key`
 * itself. Without a count, only `key`.
 */
export function pluralCandidates(language: string, key: string, count: number | undefined): string[] {
  if (count === undefined) return [key];
  const candidates = count === 0 ? [`${key}_zero`] : [];
  candidates.push(`${key}_${pluralForm(language, count)}`, key);
  return candidates;
}

/** The value at a dotted path (`actions.ok`) of nested objects, or undefined. */
export function valueAt(tree: unknown, path: string): unknown {
  let node: unknown = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Writes one value into the text; the default is `String(value)`. */
export type FormatValue = (name: string, value: unknown) => string;

const PLACEHOLDER = /\{\{-?\s*([^{}]+?)\s*\}\}/g;

/**
 * Replaces each `{{name}}` (or `{{- name}}`, i18next's unescaped form; nothing is escaped here) by the value of
 * that name. A name not passed at all stays as written, as in i18next; one passed as null or undefined is empty.
 */
export function interpolate(text: string, values: object | undefined, format?: FormatValue): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (written, name: string) => {
    const value = valueAt(values, name);
    if (value === undefined || value === null) return name in values ? "" : written;
    return format ? format(name, value) : String(value);
  });
}

/** The placeholder names in a text, each once, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string))].sort();
}
