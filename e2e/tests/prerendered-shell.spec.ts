import type { Page, Route } from "@playwright/test";
import { gate } from "../fixtures/gate";
import { expect, test } from "../fixtures/test";

/**
 * Each tab's first screen is in index.html, prerendered at build time from the app's components (apps/web/shell):
 * it is drawn before any script runs, and the app hydrates it rather than drawing its own.
 */
const SHELLS = [
  { hash: "#/pages/index/index", name: "home", title: "Cryptos", tab: "Home" },
  { hash: "#/pages/markets/markets", name: "markets", title: "Markets", tab: "Markets" },
  { hash: "#/pages/transaction/transaction", name: "trade", title: "Trade", tab: "Trade" },
  { hash: "#/pages/assets/assets", name: "assets", title: "Assets", tab: "Assets", signedIn: true },
  { hash: "#/pages/login", name: "login", title: "Log in" },
] as const;

const header = (page: Page) => page.locator("header.page-header");

/**
 * The icons the page shows, and those of them that draw nothing: each is a `<use>` of a symbol index.html carries
 * (apps/web/icons.ts), so one naming no symbol there, or an empty one, is a blank square.
 */
function shownIcons(page: Page) {
  return page.locator("svg.antd-mobile-icon > use").evaluateAll((uses) => {
    const shown = uses.filter((use) => use.getClientRects().length > 0) as SVGUseElement[];
    const blank = shown.filter((use) => {
      const target = document.getElementById((use.getAttribute("href") ?? "").replace(/^#/, ""));
      return !(target instanceof SVGSymbolElement) || use.getBBox().width < 1 || use.getBBox().height < 1;
    });
    return { shown: shown.length, blank: blank.map((use) => use.getAttribute("href")) };
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const shell of SHELLS) {
    test(`${shell.name}: the shell is drawn from the HTML alone`, async ({ page }) => {
      await page.goto(`/${shell.hash}`);
      // Every shell is in the page; only the one the address names shows (CSS :target): roles count shown nodes only.
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveCount(1);
      await expect(heading).toHaveText(shell.title);
      const tabBar = page.getByRole("navigation", { name: "Main navigation" });
      if ("tab" in shell) await expect(tabBar.locator("[aria-current='page']")).toHaveText(shell.tab);
      else await expect(tabBar).toHaveCount(0);
      await expect(page.locator(".boot-loader")).toBeHidden();
      const icons = await shownIcons(page);
      expect(icons.shown).toBeGreaterThan(0);
      expect(icons.blank).toEqual([]);
      await page.screenshot({ path: `../docs/screenshots/shell-${shell.name}.png` });
    });
  }
});

test.describe("on a 412 px phone", () => {
  test.use({ viewport: { width: 412, height: 823 } });
  test("the shell has its final size before any script runs, and keeps it", async ({ browser, baseURL }) => {
    // The root font follows the screen's width; set by a script it came late and grew the header under the shell.
    const size = (page: Page) =>
      page.evaluate(() => [
        getComputedStyle(document.documentElement).fontSize,
        // The shown one: without JavaScript the other shells are in the page, hidden.
        Math.max(
          ...Array.from(document.querySelectorAll("header.page-header")).map((h) => h.getBoundingClientRect().height),
        ),
      ]);
    const without = await browser.newContext({
      baseURL,
      viewport: { width: 412, height: 823 },
      javaScriptEnabled: false,
    });
    const shell = await without.newPage();
    await shell.goto("/#/pages/markets/markets");
    const before = await size(shell);
    expect(Number.parseFloat(String(before[0]))).toBeCloseTo(412 / 23.4375, 3);
    await without.close();
    const withScript = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 } });
    const page = await withScript.newPage();
    await page.goto("/#/pages/markets/markets");
    await expect(page.getByText("BTC/USDT").first()).toBeVisible();
    expect(await size(page)).toEqual(before);
    await withScript.close();
  });
});

for (const shell of SHELLS) {
  test(`${shell.name}: the app hydrates the shell's nodes instead of replacing them`, async ({
    page,
    signUp,
    signIn,
  }) => {
    test.slow(); // a fresh visit, its hydration, its data and a tab change
    if ("signedIn" in shell) await signIn(await signUp());
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // The app's entry is held until the shell's nodes are marked: what the app draws itself carries no mark.
    const held = gate();
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
      await held.opened;
      await route.continue();
    });
    await page.goto(`/${shell.hash}`, { waitUntil: "commit" });
    await expect(page.locator("#root[data-shell]")).toHaveCount(1);
    const marked = ["#root > *", "header.page-header", "h1", ...("tab" in shell ? ["nav.tab-bar"] : [])];
    await page.evaluate((selectors) => {
      for (const selector of selectors) {
        const node = document.querySelector(selector) as (Element & { shellMark?: string }) | null;
        if (node) node.shellMark = selector;
      }
    }, marked);
    held.open();

    // Hydrated: React has taken the container, and the page's data has come into it.
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.getElementById("root") ?? {}).length))
      .toBeGreaterThan(0);
    await page.waitForLoadState("networkidle");
    await expect(header(page).getByRole("heading", { level: 1 })).toHaveText(shell.title);
    const kept = await page.evaluate(
      (selectors) =>
        selectors.filter(
          (selector) => (document.querySelector(selector) as { shellMark?: string } | null)?.shellMark === selector,
        ),
      marked,
    );
    expect(kept).toEqual(marked);
    const icons = await shownIcons(page);
    expect(icons.shown).toBeGreaterThan(0);
    expect(icons.blank).toEqual([]);
    // A tab's link works: the hydrated tab bar is live.
    if ("tab" in shell) {
      const other = shell.name === "markets" ? "Home" : "Markets";
      await page.locator("nav.tab-bar").getByRole("link", { name: other }).click();
      await expect(page.locator("nav.tab-bar [aria-current='page']")).toHaveText(other);
    }
    expect(errors).toEqual([]);
  });
}

test("a German visitor's shell is in German before the app runs, from the copy the app kept", async ({ page }) => {
  test.slow(); // the copy is kept once the first visit has settled
  await page.addInitScript(() => localStorage.setItem("lang", "de"));
  // A first visit in German: index.html has English only; the app draws German and keeps a copy of the shells' texts.
  await page.goto("/#/pages/markets/markets");
  await expect(page.locator("nav.tab-bar [aria-current='page']")).toHaveText("Märkte");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("shell_texts")), { timeout: 20_000 }).not.toBeNull();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("shell_texts") ?? "{}"))).toMatchObject({
    language: "de",
    texts: { Markets: "Märkte" },
  });

  // The next visit: the app's entry never comes, and what shows is the inline shell/boot.js's work alone.
  await page.route(/\/assets\/index-[\w-]+\.js$/, () => undefined);
  await page.goto("/#/pages/transaction/transaction", { waitUntil: "commit" });
  await expect(page.locator("#root[data-shell]")).toHaveCount(1);
  await expect(page.locator("#root nav.tab-bar [aria-current='page']")).toHaveText("Handeln");
  await expect(page.locator("#root h1")).toHaveText("Handeln");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("without the app's copy, a German visitor's shell is English and the app hydrates it into German", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem("lang", "de"));
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const held = gate();
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
    await held.opened;
    await route.continue();
  });
  await page.goto("/#/pages/markets/markets", { waitUntil: "commit" });
  await expect(page.locator("#root nav.tab-bar [aria-current='page']")).toHaveText("Markets");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  held.open();
  await expect(page.locator("nav.tab-bar [aria-current='page']")).toHaveText("Märkte");
  await expect(page.getByText("BTC/USDT").first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("a tap on a shell's button before the app runs is not lost: the app replays it", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/#/pages/transaction/transaction", { waitUntil: "commit" });
  await page.locator("#root[data-shell]").getByRole("button", { name: "Log in to trade" }).click();
  await expect(page).toHaveURL(/#\/pages\/transaction\/transaction$/);
  release();
  await expect(page).toHaveURL(/#\/pages\/login\?redirect=%2Fpages%2Ftransaction%2Ftransaction/);
});

/**
 * Opens Home with the currencies' answer held: the router's part of the app (CurrencyDecimalsGate: the page, its
 * header) stays as the shell drew it while the rest hydrates. Answers the function that lets the answer through.
 */
async function openHomeHydratingWithoutRouter(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/index\/currencies/, async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest(/\/api\/index\/currencies/);
  await page.goto("/#/pages/index/index");
  await asked;
  return release;
}

test("a tap on a shell's button while the app hydrates, before React owns it, is replayed once it does", async ({
  page,
}) => {
  // React would drop a click on a button in the held part (it cannot hydrate that part at once).
  const release = await openHomeHydratingWithoutRouter(page);
  const button = page.getByRole("button", { name: "Change language" });
  const ownedByReact = () =>
    button.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")));
  expect(await ownedByReact()).toBe(false);
  await button.click();
  await expect(page.getByText("简体中文")).toHaveCount(0);
  release();
  await expect(page.getByText("简体中文")).toBeVisible();
  expect(await ownedByReact()).toBe(true);
});

test("a tab tapped while the app hydrates the shell is the tab marked current", async ({ page }) => {
  const release = await openHomeHydratingWithoutRouter(page);
  await page.locator("nav.tab-bar").getByRole("link", { name: "Markets" }).click();
  release();
  await expect(page.locator("header.page-header").getByRole("heading", { level: 1 })).toHaveText("Markets");
  await expect(page.locator("nav.tab-bar [aria-current='page']")).toHaveText("Markets");
  await expect(page.locator("nav.tab-bar .tab--active")).toHaveText("Markets");
});
