import { valueAt } from "@cryptos/i18n";
import { describe, expect, it } from "vitest";

/**
 * Keys stay untyped in the web (1,100 `t("…")` calls, a third of them resolved through `common` or another
 * namespace, and template keys such as `status.${status}`): this test is the check instead. Every literal key a
 * source file gives `t` must be in the English catalogue, in one of the namespaces the file asks for (or
 * `common`, or the namespace it names as `ns:key`).
 */
const english = import.meta.glob<Record<string, unknown>>("./en/*.json", { eager: true, import: "default" });
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.ts", "!../locales/**"], {
  eager: true,
  query: "?raw",
  import: "default",
});
const namespaces = new Map(Object.entries(english).map(([path, tree]) => [/\/en\/(.+)\.json$/.exec(path)?.[1], tree]));

function exists(namespace: string, key: string): boolean {
  const tree = namespaces.get(namespace);
  return valueAt(tree, key) !== undefined || valueAt(tree, `${key}_other`) !== undefined;
}

function missingKeys(source: string): string[] {
  const asked = [...source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|"[^"]*")/g)].flatMap((match) =>
    [...(match[1] as string).matchAll(/"([^"]+)"/g)].map((name) => name[1] as string),
  );
  const own = asked.length > 0 ? [...asked, "common"] : [...namespaces.keys()].filter((ns) => ns !== undefined);
  return [...source.matchAll(/\bt\(\s*"([^"]+)"/g)]
    .map((match) => match[1] as string)
    .filter((key) => {
      const separator = key.indexOf(":");
      if (separator > 0) return !exists(key.slice(0, separator), key.slice(separator + 1));
      return !own.some((ns) => exists(ns as string, key));
    });
}

describe("the keys the web's code gives t", () => {
  it("are all in the English catalogue", () => {
    const missing = Object.entries(sources).flatMap(([path, source]) =>
      missingKeys(source).map((key) => `${path}: ${key}`),
    );
    expect(missing).toEqual([]);
    const checked = Object.values(sources).reduce((sum, source) => sum + source.split(/\bt\(\s*"/).length - 1, 0);
    expect(checked).toBeGreaterThan(900);
  });

  it("are checked in the file's namespaces, common, or the one a key names", () => {
    const file = 'const { t } = useTranslation("market"); t("search"); t("actions.ok"); t("security:totp.code");';
    expect(missingKeys(file)).toEqual([]);
    expect(missingKeys(`${file} t("serach"); t("staking:search");`)).toEqual(["serach", "staking:search"]);
  });
});
