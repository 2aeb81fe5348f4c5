import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * One word for one thing, across the web's catalogues and the server's (Home's menu comes from the server, Assets'
 * buttons from the web): a user who taps "Withdraw" on Home and on Assets must read the same word. Keys are
 * `namespace:path` for the web and `server:path` for the server.
 */
const apps = new URL("../../../apps/", import.meta.url);
const webLocales = new URL("web/src/locales/", apps);
const serverLocales = new URL("server/src/i18n/locales/", apps);

function flatten(tree: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof tree === "string") into.set(prefix, tree);
  else if (tree && typeof tree === "object")
    for (const [key, value] of Object.entries(tree))
      flatten(value, prefix.endsWith(":") ? `${prefix}${key}` : `${prefix}.${key}`, into);
}

const read = (url: URL) => JSON.parse(readFileSync(url, "utf8")) as unknown;
const locales = readdirSync(webLocales, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function texts(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(new URL(`${locale}/`, webLocales)))
    flatten(read(new URL(`${locale}/${file}`, webLocales)), `${file.replace(/\.json$/, "")}:`, all);
  flatten(read(new URL(`${locale}.json`, serverLocales)), "server:", all);
  return all;
}
const catalogues = new Map(locales.map((locale) => [locale, texts(locale)]));
const english = catalogues.get("en") as Map<string, string>;

/** Keys that name the same thing in the same role: the same word in every language. */
const SAME_WORD = [
  // Home's menu tiles (server) and Assets' buttons (web).
  ["funds:assets.actions.deposit", "server:seed.home_menus.recharge"],
  ["funds:assets.actions.withdraw", "server:seed.home_menus.withdraw"],
  ["funds:assets.actions.exchange", "server:seed.home_menus.exchange"],
  ["funds:assets.actions.bills", "common:pages.accountBill", "server:seed.home_menus.bills"],
  ["common:pages.arbitrage", "server:seed.home_menus.arbitrage"],
  // A bill's type, as the user and as the console see it.
  ["funds:bill.types.deposit", "console:billTypes.deposit"],
  ["funds:bill.types.exchange", "console:billTypes.exchange"],
  // An order's state.
  ["updown:status.settled", "console:orderStatus.settled"],
];

describe("one word for one thing", () => {
  it.each(locales)("%s names each thing by one word wherever it is named in the same role", (locale) => {
    const catalogue = catalogues.get(locale) as Map<string, string>;
    const differing = SAME_WORD.map((keys) => keys.map((key) => `${key}=${catalogue.get(key)}`)).filter(
      (pairs) => new Set(pairs.map((pair) => pair.split("=")[1])).size > 1,
    );
    expect(differing).toEqual([]);
  });

  it("knows every key it compares, in English too", () => {
    for (const key of SAME_WORD.flat()) expect(english.get(key), key).toBeTypeOf("string");
  });

  /** Texts whose English says `english`: each must use `term` and none of `not`, in this language. */
  const TERMS: { locale: string; english: RegExp; term: RegExp; not: RegExp }[] = [
    // vi: settlement is "tất toán" (not "thanh toán", payment); exchange is "quy đổi"; withdraw is "rút tiền".
    { locale: "vi", english: /\bsettle(ment|d|s)?\b/i, term: /tất toán/i, not: /thanh toán/i },
    { locale: "vi", english: /^Exchanges?$/, term: /^Quy đổi$/, not: /^Đổi( tiền)?$/ },
    { locale: "vi", english: /^Withdraw(als)?$/, term: /^Rút tiền$/, not: /^Rút$/ },
    // ko: settlement is 정산, not 결제 (payment).
    { locale: "ko", english: /\bsettle(ment|d|s)?\b/i, term: /정산/, not: /결제/ },
    // zh-Hant: withdrawal is 提領 everywhere, not the mainland 提現.
    { locale: "zh-Hant", english: /withdraw/i, term: /提領/, not: /提現/ },
  ];

  it.each(TERMS)("$locale: texts saying $english use $term", ({ locale, english: said, term, not }) => {
    const catalogue = catalogues.get(locale) as Map<string, string>;
    const keys = [...english].filter(([, text]) => said.test(text)).map(([key]) => key);
    expect(keys.length).toBeGreaterThan(0);
    const wrong = keys
      .map((key) => `${key}=${catalogue.get(key)}`)
      .filter((pair) => not.test(pair.slice(pair.indexOf("=") + 1)));
    expect(wrong).toEqual([]);
    const labels = keys.filter((key) => term.test(catalogue.get(key) ?? ""));
    expect(labels.length).toBeGreaterThan(0);
  });

  it("vi never says 'thanh toán' (payment) but for a payment", () => {
    const vi = catalogues.get("vi") as Map<string, string>;
    const payments = [...vi]
      .filter(([, text]) => /thanh toán/i.test(text))
      .map(([key]) => `${key}: ${english.get(key)}`);
    expect(payments.every((line) => /payment/i.test(line))).toBe(true);
  });
});

describe("chart intervals", () => {
  // 1時 reads "one o'clock" in Japanese: an interval of hours says 時間 (and 시간, 小时, 小時).
  const HOURS: Record<string, RegExp> = {
    ja: /^\d+時間$/,
    ko: /^\d+시간$/,
    "zh-Hans": /^\d+小时$/,
    "zh-Hant": /^\d+小時$/,
  };

  it.each(Object.keys(HOURS))("%s names the hour intervals as durations", (locale) => {
    const catalogue = catalogues.get(locale) as Map<string, string>;
    for (const key of ["common:chart.intervals.1h", "common:chart.intervals.4h"])
      expect(catalogue.get(key), key).toMatch(HOURS[locale] as RegExp);
  });
});

describe("German addresses the user one way: du (decision 125)", () => {
  const german = catalogues.get("de") as Map<string, string>;

  it("has no formal Sie or Ihr in the web's or the server's texts", () => {
    const formal = [...german].filter(([, text]) => /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/.test(text));
    expect(formal.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("says du in both the web's and the server's texts", () => {
    const informal = (prefix: string) =>
      [...german].filter(([key, text]) => key.startsWith(prefix) && /\b(du|dein\w*|dich|dir)\b/i.test(text)).length;
    expect(informal("server:")).toBeGreaterThan(20);
    expect(informal("funds:") + informal("accounts:") + informal("security:")).toBeGreaterThan(40);
  });
});
