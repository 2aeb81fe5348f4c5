import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { mailCount, waitForCode } from "../fixtures/mail";
import { expect, test } from "../fixtures/test";
import { api, fund, mailCodeNow, operator, proofPngFile } from "../fixtures/users";
import { saveAddressWithTwoStep, TRC20_ADDRESS } from "../fixtures/withdrawals";

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");

async function shot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  // Let lazy images and fonts settle; the screenshot is for people, not an assertion.
  await page.waitForLoadState("networkidle");
  // A toast from the step before would cover what the picture is about.
  await expect(page.locator(".adm-toast-mask")).toBeHidden();
  await page.screenshot({ path: path.join(shots, `${name}-en.png`), fullPage: false });
}

const selector = (page: Page, label: string) =>
  page.locator(".adm-selector-item", { hasText: new RegExp(`^${label}$`) });

test("deposit with a proof image, completed by the operator, shows in assets and bills", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  const user = await signUp();
  await signIn(user);

  await page.goto("/#/pages/user/recharge");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deposit", { timeout: 15_000 });
  await selector(page, "USDT").first().click();
  // The seeded channels are demo (burn addresses, decision 008): labelled on the network, above the address, on the
  // QR code and in the copy toast.
  await selector(page, "TRC20 · Demo").click();
  await expect(page.getByTestId("deposit-address")).toHaveText("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb");
  await expect(page.getByTestId("deposit-demo-notice")).toContainText(
    "Demo address: nobody can receive funds sent here",
  );
  await expect(page.getByText("Demo deposit address: do not send real funds")).toBeVisible();
  await expect(
    page.getByRole("img", { name: "QR code of the demo deposit address (do not send real funds)" }),
  ).toBeVisible();
  await expect(page.locator(".funds-address__qr-stamp")).toHaveText("Demo");
  await page.getByRole("button", { name: "Copy demo address" }).click();
  await expect(page.getByText("Demo address copied. Do not send real funds to it.")).toBeVisible();
  const submit = page.getByRole("button", { name: "Submit deposit" });
  await expect(submit).toBeDisabled();

  await page.getByLabel("Amount sent (USDT)").fill("250.5");
  await page.getByLabel("Transaction hash (optional)").fill("0xabc123");
  await page.locator(".adm-image-uploader input[type=file]").setInputFiles(proofPngFile());
  await expect(page.locator(".adm-image-uploader-cell-image img")).toHaveCount(1);
  await expect(page.locator(".adm-image-uploader-cell-loading")).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await shot(page, "recharge");

  await submit.click();
  await expect(page).toHaveURL(/#\/pages\/user\/recharge-log\?tab=deposits$/);
  const row = page.locator("[data-testid^=deposit-]").first();
  await expect(row).toContainText("Pending...");
  await expect(row).toContainText("250.50 USDT");

  const deposits = await api(request, "listDeposits", { as: user, query: { page: 1, list: 10 } });
  expect(deposits.items).toHaveLength(1);
  await api(request, "adminRechargeReview", {
    as: await operator(request),
    body: { id: deposits.items[0]!.id, action: "complete" },
  });

  await page.reload();
  await expect(row).toContainText("Completed");
  await shot(page, "recharge-log");

  await page.goto("/#/pages/assets/assets");
  await expect(page.getByTestId("available-USDT")).toHaveText("250.50");
  await expect(page.getByTestId("frozen-USDT")).toHaveText("0.00");
  await expect(page.getByTestId("total-usdt")).toContainText("250.50");
  await shot(page, "assets");

  await page.getByRole("link", { name: "Bills" }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/account-bill$/);
  const bill = page.locator("[data-type=deposit]");
  await expect(bill).toHaveCount(1);
  await expect(bill).toContainText("Deposit");
  await expect(bill.getByTestId("bill-amount")).toHaveText("+250.50 USDT");
  await expect(bill).toContainText("Balance after");
});

test("withdraw with the emailed code freezes amount + fee; a rejection restores it", async ({
  page,
  request,
  signUp,
  signIn,
  passCodeWindow,
}) => {
  test.setTimeout(90_000);
  const user = await signUp();
  await fund(request, user, "100");
  // Withdrawals go only to saved addresses (decision 120): saved with a two-step code, it is usable at once (without
  // one, 24 hours later: address-book-alerts.spec.ts). Typing it in the sheet then finds it in the book.
  const authenticator = await saveAddressWithTwoStep(request, user);
  await signIn(user);

  await page.goto("/#/pages/assets/assets");
  await expect(page.getByTestId("available-USDT")).toHaveText("100.00", { timeout: 15_000 });
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page).toHaveURL(/sheet=withdraw/);
  const sheet = page.locator(".funds-sheet");
  await expect(sheet.getByRole("heading", { name: "Withdraw" })).toBeVisible();
  await selector(page, "USDT").click();
  await selector(page, "TRC20").click();
  await expect(sheet.getByTestId("withdraw-fee")).toHaveText("1.00 USDT");

  await sheet.getByLabel("Address").fill(TRC20_ADDRESS);
  await sheet.getByLabel("Amount").fill("20");
  // What arrives and what is frozen, before anything is confirmed.
  await expect(sheet.getByTestId("withdraw-receive")).toHaveText("20.00 USDT");
  await expect(sheet.getByTestId("withdraw-total")).toHaveText("21.00 USDT");

  // The server sends one code per email per CODE_RESEND_S: right after another one its refusal is shown, and
  // asking again once the window has passed (on the server's code clock) works.
  await mailCodeNow(request, user.email, "withdraw");
  const seen = mailCount(user.email);
  const sendCode = sheet.getByRole("button", { name: "Send code" });
  await sendCode.click();
  await expect(sheet.getByRole("alert")).toContainText("Please wait");
  await passCodeWindow();
  await sendCode.click();
  await expect(sheet.getByRole("button", { name: /Resend in \d+ s/ })).toBeDisabled();
  await expect(sheet.getByRole("alert")).toHaveCount(0);
  const code = await waitForCode(user.email, seen);

  // A wrong code is refused by the server, and the refusal is shown. The authenticator's code passed (and is used
  // up) before the emailed one was checked, so the retry gives one of the recovery codes instead.
  await sheet.getByLabel("Email code").fill(code === "000000" ? "111111" : "000000");
  await sheet.getByLabel("Authenticator code").fill(await authenticator.nextCode());
  await sheet.getByRole("button", { name: "Confirm withdrawal" }).click();
  await page.getByRole("button", { name: "OK" }).click();
  await expect(sheet.getByRole("alert")).toHaveText("The code is incorrect or has expired");
  await expect(page.getByTestId("frozen-USDT")).toHaveText("0.00");

  await sheet.getByLabel("Email code").fill(code);
  await sheet.getByLabel("Authenticator code").fill(authenticator.recovery[1]!);
  await shot(page, "withdraw-sheet");
  await sheet.getByRole("button", { name: "Confirm withdrawal" }).click();
  const dialog = page.locator(".adm-modal");
  await expect(dialog).toContainText("You receive");
  await expect(dialog).toContainText("21.00 USDT");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page).not.toHaveURL(/sheet=/);
  await expect(page.getByTestId("available-USDT")).toHaveText("79.00");
  await expect(page.getByTestId("frozen-USDT")).toHaveText("21.00");

  const withdrawals = await api(request, "listWithdrawals", { as: user, query: { page: 1, list: 10 } });
  await api(request, "adminWithdrawReview", {
    as: await operator(request),
    body: { id: withdrawals.items[0]!.id, action: "reject", reason: "Address on a blocked list" },
  });

  await page.goto("/#/pages/user/recharge-log?tab=withdrawals");
  const row = page.locator("[data-testid^=withdrawal-]").first();
  await expect(row).toContainText("Reject");
  await expect(row).toContainText("Address on a blocked list");
  await page.goto("/#/pages/assets/assets");
  await expect(page.getByTestId("available-USDT")).toHaveText("100.00");
  await expect(page.getByTestId("frozen-USDT")).toHaveText("0.00");

  // The freeze moved available -> frozen and the rejection moved it back: each is one neutral transfer line (the two
  // postings of its journal entry), not income.
  await page.goto("/#/pages/user/account-bill");
  const freeze = page.locator("[data-type=withdraw_request]");
  await expect(freeze).toHaveCount(1);
  await expect(freeze).toHaveAttribute("data-kind", "transfer");
  await expect(freeze.getByTestId("bill-transfer")).toHaveText("Available → Frozen");
  await expect(freeze.getByTestId("bill-amount")).toHaveText("21.00 USDT");
  await expect(freeze.getByTestId("bill-amount")).toHaveClass(/funds-amount--transfer/);
  await expect(freeze).toContainText("Frozen balance after");
  await expect(page.locator("[data-type=withdraw_reject]")).toHaveCount(1);
  await expect(page.locator("[data-type=withdraw_reject] [data-testid=bill-transfer]")).toHaveText(
    "Frozen → Available",
  );
  await expect(page.locator("[data-type=deposit]")).toHaveCount(1);
  await shot(page, "bills");
  await page.locator(".funds-filters").getByRole("button", { name: "Type" }).click();
  await selector(page, "Withdrawal rejected").click();
  await expect(page).toHaveURL(/type=withdraw_reject/);
  await expect(page.locator("[data-type]")).toHaveCount(1);
  await expect(page.locator("[data-type=withdraw_reject] [data-testid=bill-amount]")).toHaveText("21.00 USDT");
});

test("exchange USDT to BTC shows the quote, then changes both balances", async ({ page, request, signUp, signIn }) => {
  const user = await signUp();
  await fund(request, user, "1000");
  await signIn(user);

  await page.goto("/#/pages/assets/assets?sheet=exchange");
  const sheet = page.locator(".funds-sheet");
  await expect(sheet.getByRole("heading", { name: "Exchange" })).toBeVisible({ timeout: 15_000 });
  // More than the balance: the fee comes out of what is received, and the message says so.
  await sheet.getByLabel("Amount (USDT)").fill("5000");
  await expect(sheet).toContainText("The fee is taken from what you receive, not added to this amount.");
  await sheet.getByLabel("Amount (USDT)").fill("500");
  await sheet.getByRole("button", { name: "Get a quote" }).click();

  // The rate reads as the price of BTC in USDT, though USDT is what is paid.
  const quote = sheet.getByTestId("exchange-quote");
  await expect(quote.getByTestId("quote-price")).toHaveText(/^1 BTC = \d{1,3}(,\d{3})*\.\d{2} USDT$/);
  await expect(quote.getByTestId("quote-fee")).toContainText("BTC");
  await expect(quote).toContainText(/This quote holds for \d+ s/);
  const receive = (await quote.getByTestId("quote-receive").textContent()) ?? "";
  expect(receive).toMatch(/^0\.\d+ BTC$/);
  await shot(page, "exchange-sheet");

  await sheet.getByRole("button", { name: "Confirm exchange" }).click();
  await expect(page).not.toHaveURL(/sheet=/);
  await expect(page.getByTestId("available-USDT")).toHaveText("500.00");
  await expect(page.getByTestId("available-BTC")).toHaveText(receive.replace(" BTC", ""));

  await page.goto("/#/pages/user/recharge-log?tab=exchanges");
  const row = page.locator("[data-testid^=exchange-]").first();
  await expect(row).toContainText("USDT → BTC");
  await expect(row).toContainText(receive);
});

test("an expired quote asks for a new one", async ({ page, request, signUp, signIn }) => {
  const user = await signUp();
  await fund(request, user, "100");
  await signIn(user);
  await page.clock.install();

  await page.goto("/#/pages/assets/assets?sheet=exchange");
  const sheet = page.locator(".funds-sheet");
  await expect(sheet.getByRole("heading", { name: "Exchange" })).toBeVisible({ timeout: 15_000 });
  await sheet.getByLabel("Amount (USDT)").fill("50");
  await sheet.getByRole("button", { name: "Get a quote" }).click();
  await expect(sheet.getByTestId("exchange-quote")).toBeVisible();
  await page.clock.runFor(20_000);
  await expect(sheet.getByText("This quote has expired. Get a new one to continue.")).toBeVisible();
  await expect(sheet.getByRole("button", { name: "Confirm exchange" })).toHaveCount(0);
  await sheet.getByRole("button", { name: "Refresh quote" }).click();
  await expect(sheet.getByRole("button", { name: "Confirm exchange" })).toBeVisible();
});
