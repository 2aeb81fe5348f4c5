import { LOCALES } from "@cryptos/contract";
import { catalogueProblems } from "@cryptos/i18n/parity";
import { describe, expect, it } from "vitest";

/** Every language's catalogue: `locales/<locale>/<namespace>.json`, by language, then namespace. */
const files = import.meta.glob<unknown>("./*/*.json", { eager: true, import: "default" });
const catalogues = new Map<string, Record<string, unknown>>();
for (const [path, resources] of Object.entries(files)) {
  const [, language, namespace] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!language || !namespace) continue;
  const catalogue = catalogues.get(language) ?? {};
  catalogue[namespace] = resources;
  catalogues.set(language, catalogue);
}

describe("the web's catalogues", () => {
  it("are one folder per language, exactly the contract's LOCALES (adding a language adds one folder)", () => {
    expect([...catalogues.keys()].sort()).toEqual([...LOCALES].sort());
  });

  it.each([...LOCALES])("%s has every key of English, its placeholders and the plural forms it needs", (locale) => {
    expect(catalogueProblems(catalogues.get("en"), catalogues.get(locale), locale)).toEqual([]);
  });
});
