import { describe, expect, it } from "vitest";
import { interpolate, type Resources, translate } from "./translate";

const resources: Record<string, Resources> = {
  "en/common": { actions: { ok: "OK", retry: "Retry" }, items_one: "{{count}} item", items_other: "{{count}} items" },
  "en/market": { title: "Markets", only: "English only", points: ["a", "b"], greeting: "Hi {{name}}, {{name}}!" },
  "ru/common": {
    actions: { ok: "ОК" },
    items_one: "{{count}} штука",
    items_few: "{{count}} штуки",
    items_many: "{{count}} штук",
    items_other: "{{count}} штуки",
  },
  "ru/market": { title: "Рынки" },
  "ja/common": { items_other: "{{count}} 件" },
};
const lookup = (lng: string, ns: string) => resources[`${lng}/${ns}`];

describe("translate (i18next's lookup rules)", () => {
  it("finds a key in the caller's namespace, then in common, in the language and then in English", () => {
    expect(translate(lookup, "ru", "market", "title")).toBe("Рынки");
    expect(translate(lookup, "ru", "market", "actions.ok")).toBe("ОК");
    expect(translate(lookup, "ru", "market", "actions.retry")).toBe("Retry");
    expect(translate(lookup, "ru", "market", "only")).toBe("English only");
    expect(translate(lookup, "ru", "common", "market:title")).toBe("Рынки");
  });

  it("picks the plural form by the language's rule, with the count interpolated", () => {
    expect(translate(lookup, "en", "common", "items", { count: 1 })).toBe("1 item");
    expect(translate(lookup, "en", "common", "items", { count: 0 })).toBe("0 items");
    expect(translate(lookup, "ru", "common", "items", { count: 1 })).toBe("1 штука");
    expect(translate(lookup, "ru", "common", "items", { count: 3 })).toBe("3 штуки");
    expect(translate(lookup, "ru", "common", "items", { count: 5 })).toBe("5 штук");
    expect(translate(lookup, "ja", "common", "items", { count: 1 })).toBe("1 件");
  });

  it("gives defaultValue, else the key without its namespace, for a key found nowhere", () => {
    expect(translate(lookup, "en", "market", "bill.types.x", { defaultValue: "x" })).toBe("x");
    expect(translate(lookup, "en", "market", "types.y", { defaultValue: "" })).toBe("");
    expect(translate(lookup, "en", "market", "market:nothing.here")).toBe("nothing.here");
  });

  it("returns arrays only when asked to", () => {
    expect(translate(lookup, "en", "market", "points", { returnObjects: true })).toEqual(["a", "b"]);
    expect(translate(lookup, "en", "market", "points")).toContain("returned an object");
  });

  it("interpolates every occurrence, unescaped, and leaves a variable not passed as written", () => {
    expect(translate(lookup, "en", "market", "greeting", { name: "<b>Ann</b>" })).toBe("Hi <b>Ann</b>, <b>Ann</b>!");
    expect(interpolate("{{a}} and {{b}}", { a: 1 })).toBe("1 and {{b}}");
    expect(interpolate("{{- a}}/{{a}}", { a: "x" })).toBe("x/x");
  });
});
