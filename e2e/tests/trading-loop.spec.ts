import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { stoppedMoving } from "../fixtures/motion";
import { expect, test } from "../fixtures/test";
import { api, fund } from "../fixtures/users";

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const TRADE = "/#/pages/transaction/transaction";
const PAIR = "/#/pages/index/markets-business?id=1";
const INTERVALS = ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"];

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

/** The whole box inside the 375x812 window: above the fold, no scrolling needed. */
async function expectAboveFold(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

/** "67,123.45" -> "67123.45": the chart lists the entry line's raw decimal. */
const raw = (text: string) => text.replace(/,/g, "").trim();

test("an order shows its position above the fold, its entry line on the chart, and a result sheet at settlement", async ({
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
  await expect(page.getByTestId("updown-available")).toHaveText("1,000.00 USDT");
  await expect(page.getByTestId("position-card")).toHaveCount(0);

  // One sheet and the risk disclosure (first order only) stand before the order: no confirm dialog.
  await page.locator(".updown-actions").getByRole("button", { name: /Up/ }).click();
  const sheet = page.locator(".updown-sheet");
  await sheet.getByRole("button", { name: /30 s/ }).click();
  await sheet.getByLabel(/Purchase amount/).fill("10");
  await expect(sheet.getByTestId("updown-outcomes")).toContainText("17.50 USDT");
  await sheet.getByRole("button", { name: /Place Order · Up/ }).click();
  await page
    .getByRole("dialog", { name: "Risk disclosure" })
    .getByRole("button", { name: "I understand and accept" })
    .click();
  await expect(page.getByRole("dialog", { name: "Confirm your order" })).toHaveCount(0);

  const card = page.getByTestId("position-card");
  await expect(card).toBeVisible();
  await expect(card).toContainText("Up");
  await expect(card).toContainText("10.00 USDT");
  await expect(card.getByRole("timer")).toHaveText(/^00:[0-3]\d$/);
  await expectAboveFold(page, card);
  // The entry spot arrives within a second or two; then the chart draws it and the card says how it stands now.
  await expect(card.getByTestId("position-entry")).toHaveText(/^\d[\d,]*\.\d+$/);
  const entry = raw((await card.getByTestId("position-entry").textContent()) ?? "");
  const chart = page.getByTestId("kline-chart");
  await expect(chart).toHaveAttribute("data-price-lines", String(Number(entry)));
  await expect(page.getByRole("img", { name: /K-line chart of BTC\/USDT\. Entry / })).toBeVisible();
  await expect(card.getByTestId("position-standing")).toHaveText(/Winning now|Losing now|Level now/);
  await expect(page.getByText("Order placed")).toHaveCount(0); // the toast fades before the screenshot
  await page.screenshot({ path: path.join(shots, "trade-position-en.png") });

  // Settlement: the result sheet with entry, exit, payout, and the way to the order detail.
  const result = page.getByTestId("settlement-sheet");
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("dialog", { name: "Order settled" })).toBeVisible();
  await expect(result.getByTestId("settlement-entry")).toHaveText(/\d/);
  expect(raw((await result.getByTestId("settlement-entry").textContent()) ?? "")).toBe(entry);
  await expect(result.getByTestId("settlement-exit")).toHaveText(/\d/);
  const outcome = await result.getAttribute("data-result");
  const payout = { win: "17.50 USDT", lose: "0.00 USDT", tie: "10.00 USDT" }[outcome as "win" | "lose" | "tie"];
  await expect(result.getByTestId("settlement-payout")).toHaveText(payout);
  await expect(card).toHaveCount(0);
  await expect(chart).not.toHaveAttribute("data-price-lines", /./);
  await stoppedMoving(result); // the sheet's slide-in
  await page.screenshot({ path: path.join(shots, "trade-result-en.png") });

  const exit = (await result.getByTestId("settlement-exit").textContent()) ?? "";
  await result.getByRole("button", { name: "View order details" }).click();
  await expect(page).toHaveURL(/markets-business-order\?id=\d+/);
  await expect(page.getByTestId("updown-exit-price")).toHaveText(exit);
  await expect(page.getByTestId("updown-payout")).toHaveText(payout);
});

test("in German Trade and the pair screen show the open position, its entry line and its result", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  test.setTimeout(150_000);
  const user = await signUp();
  await fund(request, user, "1000");
  await signIn(user);
  await page.addInitScript(() => localStorage.setItem("lang", "de"));
  await api(request, "placeUpDownOrder", {
    as: user,
    body: { productid: 1, direction: "down", amount: "20", seconds: 30 },
  });
  // Trade shows it too (an order placed elsewhere is found in the open orders).
  await page.goto(TRADE);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByTestId("position-card").getByTestId("position-standing")).toBeVisible();
  await expectAboveFold(page, page.getByTestId("position-card"));
  await page.screenshot({ path: path.join(shots, "trade-position-de.png") });

  await page.goto(PAIR);
  const card = page.getByTestId("position-card");
  await expect(card).toBeVisible();
  await expect(card.getByRole("timer")).toHaveText(/^00:[0-3]\d$/);
  await expectAboveFold(page, card);
  // German digits: "97.209,06".
  await expect(card.getByTestId("position-entry")).toHaveText(/^\d[\d.]*,\d+$/);
  const entry = ((await card.getByTestId("position-entry").textContent()) ?? "").replace(/\./g, "").replace(",", ".");
  await expect(page.getByTestId("kline-chart")).toHaveAttribute("data-price-lines", String(Number(entry)));
  await expect(card.getByTestId("position-standing")).toHaveText(/Jetzt im Gewinn|Jetzt im Verlust|Jetzt gleichauf/);
  await page.screenshot({ path: path.join(shots, "pair-position-de.png") });

  const result = page.getByTestId("settlement-sheet");
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByTestId("settlement-payout")).toHaveText(/USDT/);
  await stoppedMoving(result);
  await page.screenshot({ path: path.join(shots, "pair-result-de.png") });
  await result.getByRole("button", { name: "Auftragsdetails ansehen" }).click();
  await expect(page).toHaveURL(/markets-business-order\?id=\d+/);
});

for (const lang of ["en", "de"] as const) {
  test(`the pair chart reads O/H/L/C at the crosshair (${lang})`, async ({ page }) => {
    if (lang !== "en") await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
    await page.goto(PAIR);
    const chart = page.getByTestId("kline-chart");
    await expect(chart.locator("canvas").first()).toBeVisible();
    await expect(chart.getByRole("status")).toHaveCount(0);
    const readout = page.getByTestId("kline-readout");
    await expect(readout).toHaveAttribute("data-hovered", "false");
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await expect(readout).toHaveAttribute("data-hovered", "true");
    const keys = lang === "en" ? ["O", "H", "L", "C"] : ["E", "H", "T", "S"];
    const text = (await readout.textContent()) ?? "";
    for (const key of keys) expect(text).toMatch(new RegExp(`${key}\\s*\\d`));
    // Nothing hangs below the chart at 375x812: no band of empty page between the chart and the trade bar.
    await page.screenshot({ path: path.join(shots, `pair-readout-${lang}.png`) });
    await page.mouse.move(box.x + box.width * 0.5, box.y - 40);
    await expect(readout).toHaveAttribute("data-hovered", "false");
  });
}

test("Trade draws its recorded candles itself until a pointer on the chart brings in the library, crosshair and all", async ({
  page,
}) => {
  // No idle moment comes: only the pointer makes the chart (decision 168).
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const libraryFiles: string[] = [];
  page.on("request", (sent) => {
    if (/lightweight-charts/.test(sent.url())) libraryFiles.push(sent.url());
  });
  await page.goto(TRADE);
  const chart = page.getByTestId("kline-chart");
  await expect(chart.getByTestId("kline-sketch").locator("svg")).toBeVisible();
  await expect(page.getByRole("img", { name: "K-line chart of BTC/USDT" })).toBeVisible();
  const readout = page.getByTestId("kline-readout");
  await expect(readout).toHaveAttribute("data-hovered", "false");
  await expect(readout).toContainText(/C\s*\d/);
  expect(await chart.locator("canvas").count()).toBe(0);
  expect(libraryFiles).toEqual([]);

  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(chart.locator("canvas").first()).toBeVisible();
  await expect(chart).toHaveAttribute("data-chart", "library");
  await expect(chart.getByTestId("kline-sketch")).toHaveCount(0);
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
  await expect(readout).toHaveAttribute("data-hovered", "true");
  const text = (await readout.textContent()) ?? "";
  for (const key of ["O", "H", "L", "C"]) expect(text).toMatch(new RegExp(`${key}\\s*\\d`));
  expect(libraryFiles).toHaveLength(1);
});

test("Trade and the pair screen offer the same chart intervals with the same labels", async ({ page }) => {
  await page.goto(TRADE);
  await expect(page.getByTestId("chart-intervals").getByRole("button").first()).toBeVisible({ timeout: 30_000 });
  const trade = await page.getByTestId("chart-intervals").getByRole("button").allTextContents();
  await page.goto(PAIR);
  // The pair screen's own: Trade's intervals stay on the screen until the pair screen replaces them.
  await expect(page.getByTestId("pair-detail-price")).toBeVisible();
  await expect(page.getByTestId("chart-intervals").getByRole("button")).toHaveText(INTERVALS);
  expect(trade).toEqual(INTERVALS);
});
