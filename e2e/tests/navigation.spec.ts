import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { MAIL_FILE } from "../e2e-env.mjs";
import { waitForCode } from "../fixtures/mail";
import { expect, test } from "../fixtures/test";
import { api, fund, type TestUser } from "../fixtures/users";
import { OTHER_TRC20_ADDRESS, saveAddressWithTwoStep, TRC20_ADDRESS } from "../fixtures/withdrawals";

/**
 * Issue 21, items 1 and 5: a person button to Account in the header of every tab screen; the login page returns to
 * where the user was; with two-step verification on, an address saved with its code is usable at once and one saved
 * before stays in its hold (decision 120), in the book and in a withdrawal; the withdraw sheet sends no code for a
 * withdrawal that cannot go ahead.
 */

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
/** The one rule for new addresses (decision 120), in the words every screen uses. */
const ADDRESS_RULE =
  "Withdrawals go only to addresses saved in your address book. A new address can be used 24 hours after you save it, or at once if you save it with your two-step verification code.";
const ACCOUNT = /#\/pages\/user\/account$/;
const TABS = [
  { name: "home", path: "/#/pages/index/index" },
  { name: "markets", path: "/#/pages/markets/markets" },
  { name: "trade", path: "/#/pages/transaction/transaction" },
  { name: "assets", path: "/#/pages/assets/assets" },
] as const;

async function shot(page: Page, name: string, lang: string) {
  mkdirSync(shots, { recursive: true });
  await expect(page.locator(".adm-toast-mask")).toBeHidden();
  await page.screenshot({ path: path.join(shots, `${name}-${lang}.png`), fullPage: false });
}

/** Emailed verification codes `email` has received (not the security notifications, which carry no code). */
function codesMailed(email: string): number {
  if (!existsSync(MAIL_FILE)) return 0;
  return readFileSync(MAIL_FILE, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; subject: string })
    .filter((mail) => mail.to.includes(email.toLowerCase()) && /verification code/.test(mail.subject)).length;
}

async function logIn(page: Page, user: TestUser) {
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

test("every tab screen has a 44 px person button to Account in its header", async ({
  page,
  signUp,
  signIn,
  pageIn,
}) => {
  test.setTimeout(90_000);
  const user = await signUp();
  await signIn(user);
  for (const tab of TABS) {
    await page.goto(tab.path);
    const button = page.locator(".page-header").getByRole("button", { name: "Account", exact: true });
    await expect(button).toBeVisible({ timeout: 15_000 });
    const box = await button.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await shot(page, `header-${tab.name}`, "en");
    await button.click();
    await expect(page).toHaveURL(ACCOUNT);
    await expect(page.getByTestId("account-name")).toHaveText(user.email);
  }

  // German (this machine's Chromium has no CJK or Thai fonts for the pictures).
  const de = await pageIn("de", user);
  for (const tab of TABS) {
    await de.goto(tab.path);
    const button = de.locator(".page-header").getByRole("button", { name: "Konto", exact: true });
    await expect(button).toBeVisible({ timeout: 15_000 });
    await shot(de, `header-${tab.name}`, "de");
  }
  await de.locator(".page-header").getByRole("button", { name: "Konto", exact: true }).click();
  await expect(de).toHaveURL(ACCOUNT);
  await de.context().close();
});

test("signed out, the person button logs in and comes back to Account", async ({ page, signUp }) => {
  const user = await signUp();
  await page.goto("/#/pages/markets/markets");
  await page.locator(".page-header").getByRole("button", { name: "Account", exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/login\?redirect=%2Fpages%2Fuser%2Faccount$/);
  await logIn(page, user);
  await expect(page).toHaveURL(ACCOUNT);
  await expect(page.getByTestId("account-name")).toHaveText(user.email);
});

test("logging in from Trade's “Log in to trade” and from the Assets tab returns there", async ({ page, signUp }) => {
  const user = await signUp();
  await page.goto("/#/pages/transaction/transaction");
  await page.getByRole("button", { name: "Log in to trade" }).click();
  await expect(page).toHaveURL(/#\/pages\/login\?redirect=%2Fpages%2Ftransaction%2Ftransaction/);
  await logIn(page, user);
  await expect(page).toHaveURL(/#\/pages\/transaction\/transaction/);
  await expect(page.getByRole("button", { name: "Log in to trade" })).toHaveCount(0);

  // Signed out again, the Assets tab sends the visitor to log in and back.
  await page.evaluate(() => localStorage.removeItem("web3_token"));
  await page.goto("/#/pages/index/index");
  await page.reload();
  await page.getByRole("link", { name: "Assets" }).click();
  await expect(page).toHaveURL(/#\/pages\/login\?redirect=%2Fpages%2Fassets%2Fassets$/);
  await logIn(page, user);
  await expect(page).toHaveURL(/#\/pages\/assets\/assets$/);
  await expect(page.getByLabel("Hide zero balances")).toBeVisible();

  // Only routes of this app are returned to: another origin in the parameter leads home.
  await page.evaluate(() => localStorage.removeItem("web3_token"));
  await page.goto("/#/pages/login?redirect=https%3A%2F%2Fexample.com%2F");
  await page.reload();
  await logIn(page, user);
  await expect(page).toHaveURL(/#\/pages\/index\/index$/);
});

test("with two-step verification on, an address saved with its code is usable at once; one saved before stays held", async ({
  page,
  request,
  signUp,
  signIn,
  pageIn,
  passCodeWindow,
}) => {
  test.setTimeout(120_000);
  const user = await signUp();
  await fund(request, user, "100");
  // Saved while two-step verification is off: held for 24 hours.
  const saved = await api(request, "withdrawAddressAdd", {
    as: user,
    body: { currency: "USDT", network: "TRC20", address: TRC20_ADDRESS, label: "Saved before TOTP" },
  });
  expect(saved.usable).toBe(false);
  // Saved with the two-step code (a recovery code here): usable at once (decision 120).
  const authenticator = await saveAddressWithTwoStep(request, user, OTHER_TRC20_ADDRESS, "Saved with two-step");
  await signIn(user);

  await page.goto("/#/pages/user/withdraw-addresses");
  const list = page.getByRole("list", { name: "Address book" });
  await expect(list.getByRole("listitem").filter({ hasText: "Saved before TOTP" })).toContainText(/Usable from /);
  await expect(list.getByRole("listitem").filter({ hasText: "Saved with two-step" })).toContainText("Ready to use");
  await expect(page.getByText(ADDRESS_RULE)).toBeVisible();
  await shot(page, "address-book-totp", "en");

  // The withdraw sheet: the address is pickable, and the withdrawal goes through.
  await page.goto("/#/pages/assets/assets?sheet=withdraw");
  const sheet = page
    .locator(".funds-sheet")
    .filter({ has: page.getByRole("heading", { name: "Withdraw", exact: true }) });
  await sheet.getByText("TRC20", { exact: true }).click();
  await sheet.getByRole("button", { name: "Saved" }).click();
  const picker = page.getByRole("dialog", { name: "Saved addresses" });
  const pick = picker.getByRole("button", { name: /Saved with two-step/ });
  await expect(pick).toBeEnabled();
  await expect(pick).toContainText("Ready to use");
  await pick.click();
  await expect(sheet.getByLabel("Address")).toHaveValue(OTHER_TRC20_ADDRESS);
  await sheet.getByLabel("Amount").fill("20");
  // One code per email per CODE_RESEND_S: the sign-up's code was the last one.
  await passCodeWindow();
  const seen = codesMailed(user.email);
  await sheet.getByRole("button", { name: "Send code" }).click();
  await expect(sheet.getByRole("button", { name: /Resend in \d+ s/ })).toBeDisabled();
  const code = await waitForCode(user.email, seen);
  await sheet.getByLabel("Email code").fill(code);
  await sheet.getByLabel("Authenticator code").fill(await authenticator.nextCode());
  await sheet.getByRole("button", { name: "Confirm withdrawal" }).click();
  await page.locator(".adm-modal").getByRole("button", { name: "OK" }).click();
  await expect(page).not.toHaveURL(/sheet=/);
  await expect(page.getByTestId("frozen-USDT")).toHaveText("21.00");
  const withdrawals = await api(request, "listWithdrawals", { as: user, query: { page: 1, list: 20 } });
  expect(withdrawals.items[0]?.address).toBe(OTHER_TRC20_ADDRESS);

  const de = await pageIn("de", user);
  await de.goto("/#/pages/user/withdraw-addresses");
  await expect(de.getByText("Saved before TOTP")).toBeVisible();
  await expect(de.getByText("Einsatzbereit")).toBeVisible();
  await expect(
    de.getByText(
      "Auszahlungen gehen nur an Adressen, die in deinem Adressbuch gespeichert sind. Eine neue Adresse ist 24 Stunden nach dem Speichern nutzbar, oder sofort, wenn du sie mit deinem Code der Zwei-Schritt-Verifizierung speicherst.",
    ),
  ).toBeVisible();
  await shot(de, "address-book-totp", "de");
  await de.context().close();
});

test("the withdraw sheet says what is missing instead of sending a code for a withdrawal that cannot happen", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  test.setTimeout(60_000);
  const user = await signUp();
  await fund(request, user, "100");
  // A saved address, in its hold (two-step verification is off).
  await api(request, "withdrawAddressAdd", {
    as: user,
    body: { currency: "USDT", network: "TRC20", address: TRC20_ADDRESS, label: "Held" },
  });
  await signIn(user);
  await page.goto("/#/pages/assets/assets?sheet=withdraw");
  const sheet = page
    .locator(".funds-sheet")
    .filter({ has: page.getByRole("heading", { name: "Withdraw", exact: true }) });
  await sheet.getByText("TRC20", { exact: true }).click();
  const before = codesMailed(user.email);
  const sendCode = sheet.getByRole("button", { name: "Send code" });
  // The sheet's own message (the amount field has its own alert).
  const alert = sheet.locator("p[role=alert]");

  // No address.
  await sendCode.click();
  await expect(alert).toHaveText(/^Enter or pick the address first/);
  // An address that is not in the book.
  await sheet.getByLabel("Address").fill(OTHER_TRC20_ADDRESS);
  await sheet.getByLabel("Amount").fill("20");
  await sendCode.click();
  await expect(alert).toHaveText(/^This address cannot be used yet/);
  // The saved one, in its hold.
  await sheet.getByLabel("Address").fill(TRC20_ADDRESS);
  await expect(sheet.getByTestId("withdraw-held")).toBeVisible();
  await sendCode.click();
  await expect(alert).toHaveText(/^This address cannot be used yet/);
  await shot(page, "withdraw-no-code", "en");
  expect(codesMailed(user.email)).toBe(before);
});

test("with two-step verification on, the amount is checked before a code is sent", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  const user = await signUp();
  await fund(request, user, "100");
  await saveAddressWithTwoStep(request, user, OTHER_TRC20_ADDRESS);
  await signIn(user);
  await page.goto("/#/pages/assets/assets?sheet=withdraw");
  const sheet = page
    .locator(".funds-sheet")
    .filter({ has: page.getByRole("heading", { name: "Withdraw", exact: true }) });
  await sheet.getByText("TRC20", { exact: true }).click();
  const before = codesMailed(user.email);
  const sendCode = sheet.getByRole("button", { name: "Send code" });
  // The sheet's own message (the amount field has its own alert).
  const alert = sheet.locator("p[role=alert]");

  // A saved address (saved with the two-step code, so usable at once); the amount must be within the balance (fee
  // added) and the limits.
  await sheet.getByLabel("Address").fill(OTHER_TRC20_ADDRESS);
  await sendCode.click();
  await expect(alert).toHaveText(/^Enter an amount within the limits and your available balance first/);
  await sheet.getByLabel("Amount").fill("100");
  await expect(sheet.getByText("Not enough available balance")).toBeVisible();
  await sendCode.click();
  await expect(alert).toHaveText(/^Enter an amount within the limits/);
  await page.waitForTimeout(1_000);
  expect(codesMailed(user.email)).toBe(before);
});
