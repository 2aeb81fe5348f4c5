import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { api, fund } from "../fixtures/users";

/**
 * Issue 21, "honesty and numbers", in German: the demo deposit channel is labelled, a move into staking custody is a
 * transfer in the bills (not income), the exchange rate reads as BTC in USDT, and amounts use German separators at
 * their currency's precision. Screenshots of each screen for people to check.
 */

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");

async function shot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await expect(page.locator(".adm-toast-mask")).toBeHidden();
  await page.screenshot({ path: path.join(shots, `${name}-de.png`), fullPage: false });
}

test("German: demo deposit label, staking as a transfer in the bills, BTC priced in USDT, German amounts", async ({
  request,
  signUp,
  pageIn,
}) => {
  const user = await signUp();
  await fund(request, user, "1234.5");
  const staking = await api(request, "getStakingSummary", { as: user });
  const product = staking.products.find((p) => p.currency === "USDT");
  expect(product).toBeDefined();
  await api(request, "subscribeStaking", { as: user, body: { eid: product!.id, money: "100" } });

  const page = await pageIn("de", user);

  await page.goto("/#/pages/user/recharge");
  await expect(page.getByTestId("deposit-demo-notice")).toContainText("Demo-Adresse", { timeout: 15_000 });
  await expect(page.getByText("Demo-Einzahlungsadresse: kein echtes Geld senden")).toBeVisible();
  await shot(page, "recharge");

  await page.goto("/#/pages/assets/assets");
  await expect(page.getByTestId("available-USDT")).toHaveText("1.134,50", { timeout: 15_000 });
  await expect(page.getByTestId("custody-USDT")).toHaveText("100,00");
  await shot(page, "assets");

  await page.goto("/#/pages/user/account-bill");
  const subscribe = page.locator("[data-type=staking_subscribe]");
  await expect(subscribe).toHaveCount(1, { timeout: 15_000 });
  await expect(subscribe).toHaveAttribute("data-kind", "transfer");
  await expect(subscribe.getByTestId("bill-transfer")).toHaveText("Verfügbar → Im Staking");
  await expect(subscribe.getByTestId("bill-amount")).toHaveText("100,00 USDT");
  await expect(page.locator("[data-type=deposit] [data-testid=bill-amount]")).toHaveText("+1.234,50 USDT");
  await shot(page, "bills");

  await page.goto("/#/pages/assets/assets?sheet=exchange");
  const sheet = page.locator(".funds-sheet");
  await sheet.getByLabel("Betrag (USDT)").fill("500");
  await sheet.locator("button[type=submit]").click();
  await expect(sheet.getByTestId("quote-price")).toHaveText(/^1 BTC = \d{1,3}(\.\d{3})*,\d{2} USDT$/, {
    timeout: 15_000,
  });
  await shot(page, "exchange-sheet");
  await page.context().close();
});
