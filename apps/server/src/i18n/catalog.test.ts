import { readdirSync } from "node:fs";
import { LOCALES } from "@cryptos/contract";
import { catalogueProblems } from "@cryptos/i18n/parity";
import { describe, expect, it } from "vitest";
import { catalogues } from "./catalog";
import { translate } from "./translate";

// Checked by tsc (the test command's typecheck), never run: the keys are English's, named without a plural form.
export function misspeltKeysFailTypecheck() {
  // @ts-expect-error: no such key
  translate("en", "code_wiat");
  // @ts-expect-error: a plural message is named without its form; count picks the form
  translate("en", "code_wait_one", { seconds: 1 });
}

describe("the server's catalogues", () => {
  it("are one file per language, exactly the contract's LOCALES (adding a language adds one file)", () => {
    const files = readdirSync(new URL("./locales", import.meta.url)).sort();
    expect(files).toEqual(LOCALES.map((locale) => `${locale}.json`).sort());
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
  });

  it.each([...LOCALES])("%s has every key of English, its placeholders and the plural forms it needs", (locale) => {
    expect(catalogueProblems(catalogues.en, catalogues[locale], locale)).toEqual([]);
  });

  it("names each message once across the modules' groups (services give a key without its group)", () => {
    const keys = Object.entries(catalogues.en as Record<string, object>)
      .filter(([group]) => group !== "seed")
      .flatMap(([, texts]) => Object.keys(texts));
    expect(keys.length).toBe(new Set(keys).size);
  });
});

describe("plural messages", () => {
  const wait = (locale: (typeof LOCALES)[number], count: number) =>
    translate(locale, "code_wait", { seconds: count, count });

  it("say 1 second, 2 seconds in English and Finnish", () => {
    expect(wait("en", 1)).toBe("Please wait 1 second before requesting another code");
    expect(wait("en", 2)).toBe("Please wait 2 seconds before requesting another code");
    expect(wait("fi", 1)).toBe("Odota 1 sekunti ennen kuin pyydät uuden koodin");
    expect(wait("fi", 5)).toBe("Odota 5 sekuntia ennen kuin pyydät uuden koodin");
  });

  it("use Russian's three forms and Japanese's one", () => {
    expect(wait("ru", 1)).toBe("Подождите 1 секунду, прежде чем запросить новый код");
    expect(wait("ru", 2)).toBe("Подождите 2 секунды, прежде чем запросить новый код");
    expect(wait("ru", 5)).toBe("Подождите 5 секунд, прежде чем запросить новый код");
    expect(wait("ru", 21)).toBe("Подождите 21 секунду, прежде чем запросить новый код");
    expect(wait("ja", 1)).toBe("次のコードをリクエストするまで 1 秒お待ちください");
    expect(wait("ja", 5)).toBe("次のコードをリクエストするまで 5 秒お待ちください");
  });

  it("pick the form in German and in the validation messages, and the other form without a count", () => {
    expect(translate("de", "login_locked", { minutes: 1, count: 1 })).toBe(
      "Zu viele fehlgeschlagene Versuche; bitte versuche es in 1 Minute erneut",
    );
    expect(translate("en", "field_too_short_string", { field: "password", min: 1, count: 1 })).toBe(
      "password must be at least 1 character",
    );
    expect(translate("en", "login_locked", { minutes: 15 })).toBe(
      "Too many failed attempts; please try again in 15 minutes",
    );
  });
});
