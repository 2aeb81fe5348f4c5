import type { Page } from "@playwright/test";
import { documentTitle, ROUTES } from "../fixtures/routes";
import { expect, test } from "../fixtures/test";
import type { TestUser } from "../fixtures/users";

const header = (page: Page) => page.locator("header.page-header");
const tabBar = (page: Page) => page.locator("nav.tab-bar");

let user: TestUser;
test.beforeAll(async ({ signUp }) => {
  user = await signUp();
});

test.describe("every route of the spec", () => {
  for (const route of ROUTES) {
    test(`${route.path} opens with its header, title and tab bar rule`, async ({ page, signIn }) => {
      // Signed in, so that pages which need a user show themselves; the login page is seen signed out.
      if (route.path !== "/pages/login") await signIn(user);
      await page.goto(`/#${route.path}`);
      await expect(header(page).getByRole("heading", { level: 1 })).toHaveText(route.title);
      await expect(page).toHaveTitle(documentTitle(route.title));
      if (route.tab) {
        await expect(tabBar(page)).toBeVisible();
        await expect(tabBar(page).locator('[aria-current="page"]')).toHaveText(route.tab);
        await expect(tabBar(page).getByRole("link")).toHaveCount(4);
      } else {
        await expect(page.getByRole("navigation")).toHaveCount(0);
      }
    });
  }

  test("/ is the home page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/#\/pages\/index\/index$/);
    await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Cryptos");
  });

  test("an unknown route says so and links home", async ({ page }) => {
    await page.goto("/#/pages/nowhere");
    await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await page.getByRole("button", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/#\/pages\/index\/index$/);
  });
});

test("a page that needs a user sends an anonymous visitor to the login page, on sign-up for a first-timer", async ({
  page,
}) => {
  await page.goto("/#/pages/assets/assets");
  await expect(page).toHaveURL(/#\/pages\/login\?.*mode=register/);
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Create account");
});

test("tabs switch pages and the active tab follows the route", async ({ page, signIn }) => {
  await signIn(user);
  await page.goto("/#/pages/index/index");
  for (const [label, title] of [
    ["Markets", "Markets"],
    ["Trade", "Trade"],
    ["Assets", "Assets"],
    ["Home", "Cryptos"],
  ] as const) {
    await tabBar(page).getByRole("link", { name: label }).click();
    await expect(header(page).getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(tabBar(page).locator('[aria-current="page"]')).toHaveText(label);
  }
});

test("back goes home when there is no history, and one page back when there is", async ({ page }) => {
  await page.goto("/#/pages/user/message");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/#\/pages\/index\/index$/);

  await page.goto("/#/pages/markets/markets");
  await page.evaluate(() => {
    window.location.hash = "#/pages/common/help";
  });
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Help");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/#\/pages\/markets\/markets$/);

  // A typed address the app then replaces (Assets sends a first-time visitor to sign up) is still an entry after
  // Markets.
  await page.evaluate(() => {
    window.location.hash = "#/pages/assets/assets";
  });
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Create account");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/#\/pages\/markets\/markets$/);
});

test("moving between tabs pushes an entry each, and never rewrites the one it is on", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as Window & { replaced?: number };
    w.replaced = 0;
    const replace = history.replaceState.bind(history);
    history.replaceState = (...args: Parameters<History["replaceState"]>) => {
      w.replaced = (w.replaced ?? 0) + 1;
      replace(...args);
    };
  });
  const replaced = () => page.evaluate(() => (window as Window & { replaced?: number }).replaced ?? 0);
  await page.goto("/#/pages/markets/markets");
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Markets");
  // Counted from once the app has drawn: the heading above is the prerendered shell's, and the router marks its first
  // entry (a replace) when it mounts, which may come after it.
  await expect(page.getByTestId("pair-row").first()).toBeVisible();
  const atStart = await replaced();
  const entries = await page.evaluate(() => history.length);
  // These tabs' titles are their labels.
  for (const tab of ["Trade", "Markets", "Trade"]) {
    await tabBar(page).getByRole("link", { name: tab }).click();
    await expect(header(page).getByRole("heading", { level: 1 })).toHaveText(tab);
  }
  await expect.poll(() => page.evaluate(() => history.length)).toBe(entries + 3);
  // The router writes an entry only when it is asked to move (lib/router/hash-history.ts, decision 098).
  expect(await replaced()).toBe(atStart);
});

test("a new page opens at its top, and back returns to where the list was left", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 600 });
  await page.goto("/#/pages/markets/markets");
  const rows = page.locator('[data-testid="pair-row"]');
  await expect(rows.nth(11)).toBeVisible();
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const left = await page.evaluate(() => window.scrollY);

  await rows.nth(9).locator(".pair-row__main").click();
  await expect(page).toHaveURL(/markets-business\?id=/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // The list draws its rows a moment after the page (a deferred render): the position waits for them.
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/markets\/markets$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
});

test("a page whose code does not load says so under the tab bar, and draws once retried", async ({ page }) => {
  await page.goto("/#/pages/index/index");
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Cryptos");
  let blocked = true;
  await page.route(/\/assets\/Markets-[\w-]+\.js$/, (route) => (blocked ? route.abort("failed") : route.continue()));

  await tabBar(page).getByRole("link", { name: "Markets" }).click();
  const failed = page.getByRole("button", { name: /This page could not be loaded/ });
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Markets");
  await expect(tabBar(page).locator('[aria-current="page"]')).toHaveText("Markets");

  blocked = false;
  await failed.click();
  await expect(page.locator('[data-testid="pair-row"]').first()).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test("language switch to zh-Hans changes tabs and titles, and survives a reload", async ({ page }) => {
  await page.goto("/#/pages/index/index");
  await page.getByRole("button", { name: "Change language" }).click();
  await page.getByText("简体中文").click();
  await expect(tabBar(page).getByRole("link")).toHaveText(["首页", "行情", "交易", "资产"]);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");

  await tabBar(page).getByRole("link", { name: "行情" }).click();
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("行情");
  await expect(page).toHaveTitle("行情 - Cryptos");

  await page.reload();
  await expect(tabBar(page).getByRole("link")).toHaveText(["首页", "行情", "交易", "资产"]);
  await page.goto("/#/pages/user/account");
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("账户");
  await expect(page.getByText("版本 1.0.1（100）")).toBeVisible();
});

test("the account page shows the version and the language picker", async ({ page }) => {
  await page.goto("/#/pages/user/account");
  await expect(page.getByText("Version 1.0.1 (100)")).toBeVisible();
  await page.getByText("Language").click();
  await page.getByText("Deutsch").click();
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Konto");
  await expect(page.getByText("Version 1.0.1 (100)")).toBeVisible();
});

test("the root font size follows a phone's width up to 430 px, and is 16 px in the desktop layout", async ({
  page,
}) => {
  await page.goto("/#/pages/index/index");
  const fontSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  await expect.poll(fontSize).toBe("16px");
  await page.setViewportSize({ width: 412, height: 900 });
  await expect.poll(async () => Number.parseFloat(await fontSize())).toBeCloseTo(412 / 23.4375, 3);
  // Decision 122: from 768 px a desktop layout in a centred 1120 px column, on the browser's 16 px.
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect.poll(fontSize).toBe("16px");
  const column = await page.locator(".app").boundingBox();
  expect(column?.width).toBe(1120);
  expect(column?.x).toBe((1400 - 1120) / 2);
});

test("antd-mobile's own texts follow the reader's language, English by default: the search's clear button", async ({
  browser,
}) => {
  for (const [language, clear] of [
    // The app's own word (decision 117): antd-mobile's English locale says "clear".
    [undefined, "Clear"],
    ["zh-Hans", "清除"],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (language) await page.addInitScript((lang) => localStorage.setItem("lang", lang), language);
    await page.goto("/#/pages/markets/markets");
    await expect(page.locator('[data-testid="pair-row"]').first()).toBeVisible();
    await page.locator(".adm-search-bar input").fill("BTC");
    await expect(page.locator(".adm-search-bar .adm-input-clear")).toHaveAttribute("aria-label", clear);
    await context.close();
  }
});
