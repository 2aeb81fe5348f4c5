import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compare } from "@cryptos/contract/decimal";
import type { Page } from "@playwright/test";
import { announcementsSeen } from "../fixtures/announcements";
import { stoppedMoving } from "../fixtures/motion";
import { expect, test } from "../fixtures/test";
import { api, fund, send } from "../fixtures/users";

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const TRADE = "/#/pages/transaction/transaction";

/** "67,123.45" as shown -> compared exactly as decimals, so no float decides the expected result. */
const comparePrices = (a: string, b: string) => compare(a.replace(/,/g, ""), b.replace(/,/g, ""));

const available = (page: Page) => page.getByTestId("updown-available");
const sheet = (page: Page) => page.locator(".updown-sheet");

async function openSheetAndFill(page: Page, amount: string) {
  await page.locator(".updown-actions").getByRole("button", { name: /Up/ }).click();
  await expect(sheet(page).getByRole("heading", { name: /Place Order/ })).toBeVisible();
  await sheet(page).getByRole("button", { name: /30 s/ }).click();
  await expect(sheet(page).getByRole("button", { name: /30 s/ })).toHaveAttribute("aria-pressed", "true");
  await sheet(page)
    .getByLabel(/Purchase amount/)
    .fill(amount);
}

/** The risk disclosure stands before a first order; the sheet itself shows every term (no confirm dialog). */
async function acceptRisk(page: Page) {
  const risk = page.getByRole("dialog", { name: "Risk disclosure" });
  await expect(risk).toBeVisible();
  await risk.getByRole("button", { name: "I understand and accept" }).click();
}

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

test("signed out, the trade screen shows prices and terms and offers to log in", async ({ page }) => {
  await page.goto(TRADE);
  // The first test of a run meets a server still generating its simulated history: allow it time.
  await expect(page.getByTestId("updown-current-price")).toHaveText(/\d/, { timeout: 30_000 });
  await expect(page.getByText("Simulated prices").first()).toBeVisible();
  await expect(page.getByText("Settlement times and payout rates")).toBeVisible();
  await expect(page.locator(".updown-terms").getByText("+75%")).toBeVisible();
  await page.getByRole("button", { name: "Log in to trade" }).click();
  await expect(page).toHaveURL(/#\/pages\/login/);
});

test("an up order of 10 USDT at 30 s settles from its recorded ticks and pays accordingly", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  test.setTimeout(150_000);
  const user = await signUp();
  await fund(request, user, "1000");
  await signIn(user);
  await page.goto(TRADE);
  await expect(available(page)).toHaveText("1,000.00 USDT");
  await expect(page.getByTestId("updown-current-price")).toHaveText(/\d/);
  await expect(page.getByRole("img", { name: "K-line chart of BTC/USDT" })).toBeVisible();
  await expect(page.locator(".updown-section--chart canvas").first()).toBeVisible();
  await page.screenshot({ path: path.join(shots, "trade-en.png") });

  await openSheetAndFill(page, "10");
  await expect(sheet(page).getByTestId("updown-expected-earnings")).toHaveText("+7.50 USDT");
  await expect(sheet(page).getByTestId("updown-sheet-available")).toHaveText("1,000.00 USDT");
  await expect(sheet(page).getByText("Min 10.00 USDT")).toBeVisible();
  await stoppedMoving(sheet(page)); // the sheet's slide-in
  await page.screenshot({ path: path.join(shots, "order-sheet-en.png") });

  // Every term is on the sheet before the one tap that places the order (the confirm dialog is folded into it).
  for (const term of ["BTC/USDT", "Up", "10.00 USDT", "30 s", "75%", "7.50 USDT", "17.50 USDT"]) {
    await expect(sheet(page)).toContainText(term);
  }
  await sheet(page)
    .getByRole("button", { name: /Place Order · Up/ })
    .click();
  await acceptRisk(page);
  await expect(page.getByText("Order placed")).toBeVisible();
  await expect(available(page)).toHaveText("990.00 USDT");

  const card = page.getByTestId("updown-order-card").first();
  await expect(card).toBeVisible();
  await expect(card.getByRole("timer")).toHaveText(/^00:[0-3]\d$/);
  await card.click();
  await expect(page).toHaveURL(/markets-business-order\?id=\d+/);
  await expect(page.getByRole("timer", { name: "Time left until settlement" })).toBeVisible();
  // While the order is open its pair's price is shown live beside the countdown.
  await expect(page.getByTestId("updown-live-price")).toHaveText(/\d/);
  await expect(page.getByTestId("updown-amount")).toHaveText("10.00 USDT");

  await expect
    .poll(async () => (await page.getByTestId("updown-status").textContent())?.trim(), { timeout: 60_000 })
    .toBe("Settled");

  const entry = (await page.getByTestId("updown-entry-price").textContent()) ?? "";
  const exit = (await page.getByTestId("updown-exit-price").textContent()) ?? "";
  const cmp = comparePrices(exit, entry);
  const expected = cmp > 0 ? "win" : cmp < 0 ? "lose" : "tie";
  await expect(page.getByTestId("updown-result")).toHaveAttribute("data-result", expected);
  const money = {
    win: ["17.50 USDT", "+7.50 USDT"],
    lose: ["0.00 USDT", "-10.00 USDT"],
    tie: ["10.00 USDT", "0.00 USDT"],
  };
  await expect(page.getByTestId("updown-payout")).toHaveText(money[expected][0]!);
  await expect(page.getByTestId("updown-profit")).toHaveText(money[expected][1]!);

  // The verify table lists the recorded ticks, starting at the entry and ending at the exit.
  const rows = page.getByTestId("updown-ticks").locator("tbody tr");
  await expect(rows.first()).toContainText("Entry");
  await expect(rows.last()).toContainText("Exit");
  await expect(rows.last()).toContainText(exit.trim());
  await page.screenshot({ path: path.join(shots, "order-en.png") });

  await page.goto(TRADE);
  const after = { win: "1,007.50 USDT", lose: "990.00 USDT", tie: "1,000.00 USDT" }[expected];
  await expect(available(page)).toHaveText(after);
  await page.getByRole("tab", { name: "Settled" }).click();
  await expect(page.getByTestId("updown-order-card")).toHaveCount(1);
});

test("the trade screen's price follows live ticks over the shared socket", async ({ page }) => {
  const socket = page.waitForEvent("websocket", (ws) => new URL(ws.url()).pathname === "/ws");
  await page.goto(TRADE);
  await socket;
  const price = page.getByTestId("updown-current-price");
  await expect(price).toHaveText(/\d/, { timeout: 30_000 });
  const first = await price.textContent();
  await expect.poll(() => price.textContent(), { timeout: 10_000 }).not.toBe(first);
});

test("the order sheet refuses an amount below the minimum, over the balance or too precise before anything is sent", async ({
  page,
  request,
  browser,
  baseURL,
  signUp,
  signIn,
}) => {
  test.setTimeout(60_000);
  const user = await signUp();
  await fund(request, user, "1000");
  await signIn(user);
  const placements: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/index/domiao")) placements.push(r.url());
  });
  await page.goto(TRADE);
  await expect(available(page)).toHaveText("1,000.00 USDT");

  const place = sheet(page).getByRole("button", { name: /Place Order · Up/ });
  const amountError = sheet(page).getByTestId("updown-amount-error");
  const earnings = sheet(page).getByTestId("updown-expected-earnings");
  await openSheetAndFill(page, "5");
  await expect(amountError).toHaveText("The minimum is 10.00 USDT");
  await expect(place).toBeDisabled();
  await expect(earnings).toHaveText("—");

  // 5,000 is within the pair's maximum (10,000) but not within the 1,000 available: no "+3,750" for it.
  await sheet(page)
    .getByLabel(/Purchase amount/)
    .fill("5000");
  await expect(amountError).toHaveText("Not enough available balance");
  await expect(place).toBeDisabled();
  await expect(earnings).toHaveText("—");
  await stoppedMoving(sheet(page)); // the sheet's slide-in
  await page.screenshot({ path: path.join(shots, "order-sheet-error-en.png") });

  await sheet(page)
    .getByLabel(/Purchase amount/)
    .fill("10001");
  await expect(amountError).toHaveText("The maximum is 10,000.00 USDT");
  await sheet(page)
    .getByLabel(/Purchase amount/)
    .fill("10.125");
  await expect(amountError).toHaveText("At most 2 decimal places");
  await expect(place).toBeDisabled();
  await sheet(page)
    .getByLabel(/Purchase amount/)
    .fill("abc");
  await expect(amountError).toHaveText("Enter an amount such as 10 or 10.5");

  // An amount that can be placed clears the message and shows what it pays.
  await sheet(page)
    .getByLabel(/Purchase amount/)
    .fill("10");
  await expect(amountError).toHaveCount(0);
  await expect(earnings).toHaveText("+7.50 USDT");
  await expect(place).toBeEnabled();
  expect(placements).toEqual([]);

  // The server applies the same rule to a request that does not come from the sheet.
  const refused = await send(request, "placeUpDownOrder", {
    as: user,
    body: { productid: 1, direction: "up", amount: "5", seconds: 30 },
  });
  expect(refused.body.msg).toBe("The amount must be between 10.00 and 10,000.00 USDT");
  await sheet(page).getByRole("button", { name: "Close the order sheet" }).click();
  await expect(available(page)).toHaveText("1,000.00 USDT");
  const orders = await api(request, "listUpDownOrders", { as: user, body: {} });
  expect(orders.total).toBe(0);

  // The same message in German.
  const origin = baseURL as string;
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    storageState: {
      cookies: [],
      origins: [
        {
          origin,
          localStorage: [...announcementsSeen(origin).origins[0]!.localStorage, { name: "lang", value: "de" }],
        },
      ],
    },
  });
  const de = await context.newPage();
  await signIn(user, de);
  await de.goto(`${TRADE}?productid=1&direction=up`);
  await expect(sheet(de).locator(".updown-terms__chip").first()).toBeVisible();
  await sheet(de).locator("#updown-amount").fill("5000");
  await expect(sheet(de).getByTestId("updown-amount-error")).toHaveText("Nicht genügend verfügbares Guthaben");
  await expect(sheet(de).locator(".updown-submit")).toBeDisabled();
  await stoppedMoving(sheet(de));
  await de.screenshot({ path: path.join(shots, "order-sheet-error-de.png") });
  await context.close();
});

test("opening with ?productid=&direction= preselects the pair and direction and opens the sheet", async ({
  page,
  signUp,
  signIn,
}) => {
  const user = await signUp();
  await signIn(user);
  await page.goto(`${TRADE}?productid=2&direction=down`);
  await expect(sheet(page).getByRole("heading", { name: "Place Order · ETH/USDT" })).toBeVisible();
  await expect(sheet(page).getByRole("button", { name: /Down/ }).first()).toHaveAttribute("aria-pressed", "true");
});
