import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_TOTP_OPERATOR } from "../e2e-env.mjs";
import { consoleShot as shot } from "../fixtures/console";

const STEP_MS = 30_000;

test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false });

async function signIn(page: Page) {
  await page.getByLabel("Email").fill(E2E_TOTP_OPERATOR.email);
  await page.getByLabel("Password").fill(E2E_TOTP_OPERATOR.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

// A separate operator (made by the CLI in start-server.mjs): the shared E2E_OPERATOR never gets TOTP.
test("an operator turns on two-step sign-in in the console and then signs in with a code", async ({ page }) => {
  await page.goto("/#/admin");
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // Without TOTP the sign-in never asked for a code.
  const nav = page.getByRole("navigation", { name: "Console sections" });

  await nav.getByRole("link", { name: "Security" }).click();
  await expect(page.getByRole("heading", { name: "Security" })).toBeVisible();
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  await expect(section).toContainText("Disabled");
  // Setting up asks for the operator's password first (issue 38); the confirming step reuses it.
  await expect(section.getByRole("button", { name: "Set up" })).toBeDisabled();
  await section.getByLabel("Your password").fill(E2E_TOTP_OPERATOR.password);
  await section.getByRole("button", { name: "Set up" }).click();
  await expect(section.locator("svg title")).toHaveText("QR code for your authenticator app");
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, "security-setup");

  // The first code from "the app" turns it on.
  const enrolledAt = Date.now();
  await section.getByLabel("Code", { exact: true }).fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-step sign-in is on")).toBeVisible();
  await expect(section).toContainText("Enabled");
  await expect(page.getByTestId("totp-secret")).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Turn off" })).toBeVisible();
  await expect(section.getByLabel("Your password")).toBeVisible();
  // The sessions this operator is signed in with: this one, marked.
  const sessions = page.getByRole("region", { name: "Sessions" });
  await expect(sessions.locator("tr[data-current]")).toContainText("This session");
  await expect(sessions.getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
  await shot(page, "security-on");

  // The audit log's operator filter lists operators by email.
  await nav.getByRole("link", { name: "Audit log" }).click();
  await page
    .getByRole("combobox", { name: "Operator", exact: true })
    .selectOption({ label: `${E2E_TOTP_OPERATOR.email} (you)` });
  await expect(page.locator('tr[data-action="operator.totp_enable"]')).toHaveCount(1);
  // Every row is that operator's once the filtered page has replaced the unfiltered one (read as one assertion,
  // so a row replaced while it is read cannot fail it).
  const operators = page.locator("tbody tr td:nth-child(2)");
  await expect(operators.filter({ hasNotText: E2E_TOTP_OPERATOR.email })).toHaveCount(0);
  await expect(operators.first()).toContainText(E2E_TOTP_OPERATOR.email);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
  await expect(page.getByLabel("Authentication code")).toHaveCount(0);

  // Password first; the server then asks for the code and the field appears.
  await signIn(page);
  await expect(page.getByRole("status")).toHaveText("Enter the 6-digit code from your authenticator app");
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toBeFocused();
  await shot(page, "login-totp");

  // The enrolment code is used up; the next step's code is accepted (the server allows one step either side).
  await codeField.fill("000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The authentication code is wrong or has already been used");
  await codeField.fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: enrolledAt + STEP_MS }));
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signed in again, back on the screen the operator left (the audit log).
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cryptos_operator_token"))).toMatch(/^op_/);

  // Sign out everywhere ends this session too: the console is back at sign-in.
  await nav.getByRole("link", { name: "Security" }).click();
  await page.getByRole("region", { name: "Sessions" }).getByRole("button", { name: "Sign out everywhere" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cryptos_operator_token"))).toBeNull();
});
