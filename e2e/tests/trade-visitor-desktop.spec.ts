import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { api, fund, type TestUser, uploadImage } from "../fixtures/users";

// Issue 41 items 5-7: the trading loop on one screen, a visitor's ways in, the first visit's language, and the
// desktop layout. One user for the file (a deposit of 1,000.03 USDT, one of 250 under review, one running order of 20).
const HOME = "/#/pages/index/index";
const TRADE = "/#/pages/transaction/transaction";

test.describe.configure({ mode: "serial" });

let user: TestUser;
test.beforeAll(async ({ request, signUp }) => {
  user = await signUp();
  await fund(request, user, "1000.03");
  // Five minutes: it runs through every test of the file.
  await api(request, "placeUpDownOrder", {
    as: user,
    body: { productid: 1, direction: "up", amount: "20", seconds: 300 },
  });
  // A deposit under way, for Assets' desktop columns.
  const channel = (await api(request, "listDepositChannels", { as: user })).items.find((c) => c.currency === "USDT")!;
  await api(request, "submitDeposit", {
    as: user,
    body: { channel_id: channel.id, amount: "250", images: [await uploadImage(request, user)] },
  });
});

async function box(selector: ReturnType<Page["locator"]>) {
  const found = await selector.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

test("while an order runs at 375x812 the order bar stays above the tab bar; a term chip opens the sheet with it; quick amounts are exact", async ({
  page,
  signIn,
}) => {
  await signIn(user);
  await page.goto(TRADE);
  await expect(page.getByTestId("position-card")).toBeVisible();
  await expect(page.getByTestId("updown-available")).toHaveText("980.03 USDT");

  // Up and Down in the window, above the tab bar, without scrolling.
  const up = page.locator(".updown-actions").getByRole("button", { name: /Up/ });
  const down = page.locator(".updown-actions").getByRole("button", { name: /Down/ });
  const tabBar = await box(page.locator(".tab-bar"));
  for (const button of [up, down]) {
    const b = await box(button);
    expect(b.y).toBeGreaterThan(0);
    expect(b.y + b.height).toBeLessThanOrEqual(tabBar.y);
  }

  // "Settlement times and payout rates": each chip is a button that opens the sheet with its term chosen.
  await page.locator(".updown-terms-section").getByRole("button", { name: /120 s/ }).click();
  const sheet = page.locator(".updown-sheet");
  await expect(sheet.getByRole("button", { name: /120 s/ })).toHaveAttribute("aria-pressed", "true");
  await expect(sheet.getByRole("button", { name: /30 s/ })).toHaveAttribute("aria-pressed", "false");

  // Quick amounts: shares of 980.03 cut (never rounded up) to USDT's two places.
  const amount = sheet.getByLabel(/Purchase amount/);
  const quick = sheet.getByRole("group", { name: "Quick amounts" });
  await quick.getByRole("button", { name: "25%" }).click();
  await expect(amount).toHaveValue("245"); // 245.0075
  await quick.getByRole("button", { name: "50%" }).click();
  await expect(amount).toHaveValue("490.01"); // 490.015
  await quick.getByRole("button", { name: "100%" }).click();
  await expect(amount).toHaveValue("980.03");
  await expect(quick.getByRole("button", { name: /^Last/ })).toHaveCount(0);

  await quick.getByRole("button", { name: "25%" }).click();
  await sheet.getByRole("button", { name: /Place Order · Up/ }).click();
  await page
    .getByRole("dialog", { name: "Risk disclosure" })
    .getByRole("button", { name: "I understand and accept" })
    .click();
  await expect(page.getByTestId("updown-available")).toHaveText("735.03 USDT");
  // The order bar is still in reach after the order, and the sheet offers the amount just placed.
  const after = await box(up);
  expect(after.y + after.height).toBeLessThanOrEqual((await box(page.locator(".tab-bar"))).y);
  await up.click();
  await sheet.getByRole("group", { name: "Quick amounts" }).getByRole("button", { name: "Last: 245" }).click();
  await expect(amount).toHaveValue("245");
  await expect(sheet.getByRole("button", { name: /120 s/ })).toHaveAttribute("aria-pressed", "true");
});

test("a visitor sees Sign up and Log in on Home; a first-timer sent from Assets lands on sign-up", async ({ page }) => {
  await page.goto(HOME);
  const signUpLink = page.getByRole("link", { name: "Sign up" });
  await expect(signUpLink).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
  await signUpLink.click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await page.getByRole("link", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();

  // Nobody has signed in on this device: Assets sends the visitor to sign up, and back to Assets after.
  await page.goto(HOME);
  await page.getByRole("link", { name: "Assets" }).click();
  await expect(page).toHaveURL(/#\/pages\/login\?redirect=%2Fpages%2Fassets%2Fassets&mode=register$/);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toHaveCount(0);

  // Someone signed in here before (and logged out): Assets asks to log in again.
  await page.evaluate(() => localStorage.setItem("had_session", "1"));
  await page.goto(HOME);
  await page.reload();
  await page.getByRole("link", { name: "Assets" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
});

test.describe("a first visit", () => {
  test.use({ locale: "ja-JP" });

  test("takes the browser's language when it is one of the 14; a stored choice wins", async ({ page, browser }) => {
    await page.goto(HOME);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.getByRole("link", { name: "新規登録" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("ja");

    const chosen = await browser.newContext({ locale: "ja-JP" });
    const other = await chosen.newPage();
    await other.addInitScript(() => localStorage.setItem("lang", "vi"));
    await other.goto(HOME);
    await expect(other.locator("html")).toHaveAttribute("lang", "vi");
    await expect(other.getByRole("link", { name: "Đăng ký" })).toBeVisible();
    await chosen.close();
  });
});

test.describe("at 1280x800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("type is on one scale and Trade is two columns: markets and the order bar beside the chart", async ({
    page,
    signIn,
  }) => {
    await signIn(user);
    await page.goto(TRADE);
    await expect(page.getByTestId("position-card")).toBeVisible();
    const px = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(await px("html")).toBeLessThanOrEqual(18);
    // The price beside its change, a status beside a label: near each other, not 67 px beside 13 px.
    const price = await px("[data-testid=updown-current-price]");
    const change = await px(".updown-market__price .updown-up, .updown-market__price .updown-down");
    expect(price).toBeLessThanOrEqual(32);
    expect(price / change).toBeLessThanOrEqual(2.5);
    expect((await px(".tab__label")) / (await px(".updown-row__label"))).toBeLessThanOrEqual(1.5);

    // Two columns: the chart on the left; the order bar and the markets list on the right, in the window.
    const main = await box(page.locator(".updown-layout__main"));
    const side = await box(page.locator(".updown-layout__side"));
    expect(side.x).toBeGreaterThanOrEqual(main.x + main.width);
    expect(side.y).toBeLessThan(main.y + main.height);
    const markets = page.getByRole("region", { name: "Markets" });
    await expect(markets.getByRole("button", { name: /ETH\/USDT/ })).toBeVisible();
    const up = await box(page.locator(".updown-actions").getByRole("button", { name: /Up/ }));
    expect(up.x).toBeGreaterThanOrEqual(side.x);
    expect(up.y + up.height).toBeLessThanOrEqual(800);
    // The navigation is a rail at the left of the column, not a bar along the bottom.
    const rail = await box(page.getByRole("navigation", { name: "Main navigation" }));
    expect(rail.height).toBeGreaterThan(rail.width);
    expect(rail.x + rail.width).toBeLessThanOrEqual(main.x);

    // Picking a pair in the list shows it, and opens no sheet over the page.
    await markets.getByRole("button", { name: /ETH\/USDT/ }).click();
    await expect(page.locator(".updown-market__pair")).toContainText("ETH/USDT");
    await expect(markets.getByRole("button", { name: /ETH\/USDT/ })).toHaveAttribute("aria-current", "true");

    // Home: the movers beside the menu.
    await page.getByRole("link", { name: "Home" }).click();
    const menu = await box(page.getByRole("navigation", { name: "Menu" }));
    const movers = await box(page.getByRole("region", { name: "Top movers" }));
    expect(movers.x).toBeGreaterThanOrEqual(menu.x + menu.width);

    // Assets: the total, the actions and the money under way on the left, the balances beside them, none over another.
    await page.getByRole("link", { name: "Assets" }).click();
    const pending = await box(page.getByTestId("pending-money"));
    const balances = await box(page.getByRole("region", { name: "Balances" }));
    expect(balances.x).toBeGreaterThanOrEqual(pending.x + pending.width);
  });
});
