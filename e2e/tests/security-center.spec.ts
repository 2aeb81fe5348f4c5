import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { CODE_RESEND_S } from "../e2e-env.mjs";
import { announcementsSeen } from "../fixtures/announcements";
import { mailCount, waitForCode } from "../fixtures/mail";
import { signInPage, signUp } from "../fixtures/users";

const HOME = /#\/pages\/index\/index$/;
const LOGIN = /#\/pages\/login/;
// The server sends one code per email per CODE_RESEND_S whatever the event, and sign-up has just sent one.
const CODE_WINDOW_MS = (CODE_RESEND_S + 1) * 1000;
const STEP_MS = 30_000;

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const heading = (page: Page) => page.locator("header.page-header").getByRole("heading", { level: 1 });

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test("reset the password by an emailed code; a session in another browser is sent to login", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await signUp(request);
  const signedUpAt = Date.now();
  const newPassword = "Reset-by-mail-73";

  // An old session in a second browser, looking at its login history.
  const other = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    storageState: announcementsSeen(baseURL!),
  });
  const oldPage = await other.newPage();
  await signInPage(oldPage, user);
  await oldPage.goto("/#/pages/user/security");
  await expect(heading(oldPage)).toHaveText("Security");
  await expect(oldPage.getByTestId("login-session").first()).toContainText("This device");

  await page.goto("/#/pages/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(heading(page)).toHaveText("Reset password");
  await page.getByLabel("Email", { exact: true }).fill(user.email);

  await page.waitForTimeout(Math.max(0, signedUpAt + CODE_WINDOW_MS - Date.now()));
  const seen = mailCount(user.email);
  await page.getByRole("button", { name: "Send code" }).click();
  const code = await waitForCode(user.email, seen);
  await page.getByLabel("Email code").fill(code);
  await page.getByLabel("New password").fill(newPassword);
  await page.getByLabel("Confirm password").fill(newPassword);
  await expect(page.getByText("Code sent")).toBeHidden();
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, "reset-password-en.png") });
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Password reset. Log in with your new password.")).toBeVisible();
  await expect(page).toHaveURL(LOGIN);

  // The old password is refused, the new one lets in.
  await logIn(page, user.email, user.password);
  await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect");
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(HOME);

  // The other browser's session was signed out with the reset: its next call sends it to login.
  await oldPage.reload();
  await expect(oldPage).toHaveURL(LOGIN);
  await expect(oldPage.evaluate(() => localStorage.getItem("web3_token"))).resolves.toBeNull();
  await other.close();
});

test("turn on two-step verification with the app's code, then log in with a code", async ({ page, request }) => {
  test.setTimeout(60_000);
  const user = await signUp(request);
  await signInPage(page, user);
  await page.goto("/#/pages/user/account");
  await page.getByText("Security", { exact: true }).click();
  await expect(heading(page)).toHaveText("Security");
  const twoStep = page.locator(".adm-list-item", { hasText: "Authenticator app" });
  await expect(twoStep).toContainText("Off");

  const sheet = page.locator(".security-sheet");
  await page.getByText("Change password", { exact: true }).click();
  await expect(sheet.getByLabel("Current password")).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, "security-password-en.png") });
  await page.locator(".adm-popup-close-icon").click();
  await expect(sheet).toBeHidden();

  await twoStep.click();
  await expect(sheet.getByRole("heading", { name: "Set up two-step verification" })).toBeVisible();
  await expect(sheet.locator("svg title")).toHaveText("QR code for your authenticator app");
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: path.join(shots, "security-setup-en.png") });
  const enrolledAt = Date.now();
  const codeAt = (timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
  await sheet.getByLabel("Authentication code").fill(codeAt(enrolledAt));
  await sheet.getByRole("button", { name: "Turn on" }).click();

  // The recovery codes, shown once.
  await expect(sheet.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  const codes = await page.getByTestId("recovery-codes").locator("li").allTextContents();
  expect(codes).toHaveLength(10);
  for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expect(page.getByText("Two-step verification is on")).toBeHidden();
  await page.screenshot({ path: path.join(shots, "security-recovery-en.png") });
  await sheet.getByRole("button", { name: "I have saved them" }).click();
  await expect(twoStep).toContainText("On");
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId("totp-secret")).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, "security-en.png") });

  await page.goto("/#/pages/user/account");
  await page.getByRole("button", { name: "Log out" }).click();
  await page.locator(".adm-modal").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(HOME);

  await page.goto("/#/pages/login");
  await logIn(page, user.email, user.password);
  await expect(
    page.getByText("Enter the code from your authenticator app, or one of your recovery codes."),
  ).toBeVisible();
  await expect(page).toHaveURL(LOGIN);
  await page.screenshot({ path: path.join(shots, "login-totp-en.png") });
  // The code that turned it on is used; the app's next code (the server accepts one step of clock drift) is not.
  await page.getByLabel("Authentication code").fill(codeAt(enrolledAt + STEP_MS));
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(HOME);

  // Withdrawals now ask for the code too.
  await page.goto("/#/pages/assets/assets?sheet=withdraw");
  await expect(page.getByLabel("Authenticator code")).toBeVisible();
  await page.screenshot({ path: path.join(shots, "withdraw-sheet-totp-en.png") });
});
