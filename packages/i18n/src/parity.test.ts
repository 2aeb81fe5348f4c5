import { describe, expect, it } from "vitest";
import { interpolate, pluralCandidates } from "./index";
import { catalogueProblems } from "./parity";

const en = {
  common: { wait_one: "Wait {{count}} second", wait_other: "Wait {{count}} seconds", hello: "Hi {{name}}" },
  help: { body: ["<p>One</p>", "<ul><li>Two</li></ul>"] },
};

describe("catalogueProblems", () => {
  it("accepts a catalogue with every key, placeholder and the plural forms of its language", () => {
    const ru = {
      common: {
        wait_one: "{{count}} секунду",
        wait_few: "{{count}} секунды",
        wait_many: "{{count}} секунд",
        wait_other: "{{count}} секунды",
        hello: "Привет, {{name}}",
      },
      help: { body: ["<p>Раз</p>", "<ul><li>Два</li></ul>"] },
    };
    expect(catalogueProblems(en, ru, "ru")).toEqual([]);
    expect(catalogueProblems(en, { ...ru, common: { wait_other: "{{count}} 秒", hello: "{{name}}" } }, "ja")).toEqual(
      [],
    );
  });

  it("names a missing or extra key, a wrong placeholder, missing plural forms and other markup", () => {
    const de = {
      common: { wait_one: "Warte {{count}} Sekunde", wait_other: "Warte {{count}} Sekunden", hallo: "Hallo {{nom}}" },
      help: { body: ["<p>Eins", "<ul><li>Zwei</li></ul>"] },
    };
    expect(catalogueProblems(en, de, "de")).toEqual([
      "de: common.hello is missing",
      "de: help.body.0 has other HTML markup than English",
      "de: common.hallo is not in English",
    ]);
    const ru = { ...en, common: { ...en.common, hello: "Привет, {{имя}}" } };
    expect(catalogueProblems(en, ru, "ru")).toEqual([
      "ru: common.wait has plural forms one, other, the language needs few, many, one, other",
      "ru: common.hello has placeholders имя, English name",
    ]);
  });
});

describe("the shared lookup rules", () => {
  it("tries the zero form, the language's category, then the bare key", () => {
    expect(pluralCandidates("ru", "wait", 0)).toEqual(["wait_zero", "wait_many", "wait"]);
    expect(pluralCandidates("ru", "wait", 22)).toEqual(["wait_few", "wait"]);
    expect(pluralCandidates("en", "wait", 1)).toEqual(["wait_one", "wait"]);
    expect(pluralCandidates("ja", "wait", 1)).toEqual(["wait_other", "wait"]);
    expect(pluralCandidates("en", "wait", undefined)).toEqual(["wait"]);
  });

  it("fills placeholders through the formatter it is given", () => {
    expect(
      interpolate("{{amount}} {{currency}}", { amount: "1000", currency: "USDT" }, (name, value) =>
        name === "amount" ? `#${value}` : String(value),
      ),
    ).toBe("#1000 USDT");
  });
});
