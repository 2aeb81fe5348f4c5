import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { messagesBell, unreadCount } from "../fixtures/messages";
import { expect as baseExpect, test } from "../fixtures/test";
import { api, fund, operator, type TestUser } from "../fixtures/users";

// Lazy pages load slower on a busy machine; this is a ceiling for waiting, not a timing assertion.
const expect = baseExpect.configure({ timeout: 15_000 });
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const heading = (page: Page) => page.locator("header.page-header").getByRole("heading", { level: 1 });

/** A 1x1 PNG, a real image the server's content check accepts. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function availableUsdt(request: APIRequestContext, user: TestUser): Promise<string | undefined> {
  const info = await api(request, "getUserInfo", { as: user });
  return info.users.balances.find((b) => b.currency === "USDT")?.available;
}

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

test("subscribe 100 USDT to the 7-day product: disclosure, confirm, in custody, balance drops", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  const user = await signUp();
  await fund(request, user, "1000");
  await signIn(user);

  await page.goto("/#/pages/index/arbitrage");
  await expect(heading(page)).toHaveText("Staking");
  await expect(page.getByTestId("in-custody")).toHaveText("0.00 USDT");
  const product = page.getByRole("link", { name: "USDT 7-day" });
  await expect(product).toContainText("0.05%");
  await expect(product).toContainText("7 days");
  await product.click();

  await expect(heading(page)).toHaveText("Staking product");
  await expect(page.getByTestId("available")).toHaveText("Available: 1,000.00 USDT");
  // The server's amount rule, as typed: USDT takes 2 decimals, and the balance bounds the amount.
  await page.getByLabel("Amount").fill("100.125");
  await expect(page.getByRole("alert")).toHaveText("Enter a positive amount with at most 2 decimals");
  await expect(page.getByRole("button", { name: "Subscribe" })).toBeDisabled();
  await page.getByLabel("Amount").fill("100");
  // 100 x 0.0005 x 7, exactly.
  await expect(page.getByTestId("estimated-interest")).toHaveText("0.35 USDT");
  await expect(page.getByTestId("total-at-maturity")).toHaveText("100.35 USDT");
  await page.screenshot({ path: path.join(shots, "product-en.png") });

  await page.getByRole("button", { name: "Subscribe" }).click();
  const risk = page.getByRole("dialog", { name: "Risks of staking" });
  await expect(risk).toBeVisible();
  await expect(risk.getByRole("button", { name: "Continue" })).toBeDisabled();
  await risk.getByText("I have read and understand these risks").click();
  await risk.getByRole("button", { name: "Continue" }).click();

  const confirm = page.getByRole("dialog", { name: "Confirm subscription" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("100.00 USDT");
  await expect(confirm).toContainText("0.05%");
  await expect(confirm).toContainText("7 days");
  await expect(confirm.getByTestId("estimated-interest")).toHaveText("0.35 USDT");
  await confirm.getByRole("button", { name: "Confirm" }).click();

  await expect(page).toHaveURL(/#\/pages\/index\/arbitrage-order/);
  await expect(heading(page)).toHaveText("Staking orders");
  const order = page.getByRole("article", { name: "USDT 7-day" });
  await expect(order).toContainText("Staked");
  await expect(order).toContainText("100.00 USDT");
  await expect(order).toContainText("0 / 7");
  await expect(page.locator(".adm-toast-mask")).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, "orders-en.png") });

  expect(await availableUsdt(request, user)).toBe("900");
  await page.getByRole("tab", { name: "Settled" }).click();
  await expect(page.getByText("No settled orders yet")).toBeVisible();

  await page.goto("/#/pages/index/arbitrage");
  await expect(page.getByTestId("in-custody")).toHaveText("100.00 USDT");
  await page.screenshot({ path: path.join(shots, "arbitrage-en.png") });

  // Assets shows the principal in custody, and counts it in the currency's total.
  await page.goto("/#/pages/assets/assets");
  await expect(page.getByTestId("custody-USDT")).toHaveText("100.00");
  await expect(page.getByTestId("available-USDT")).toHaveText("900.00");

  // The disclosure is asked once per user on this device: the second subscription goes straight to confirm.
  await page.goto("/#/pages/index/arbitrage-product?id=1");
  await expect(page.getByTestId("available")).toHaveText("Available: 900.00 USDT");
  await page.getByLabel("Amount").fill("50");
  await expect(page.getByText("The minimum is 100.00 USDT")).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe" })).toBeDisabled();
  await page.getByLabel("Amount").fill("100");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm subscription" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Risks of staking" })).toHaveCount(0);
});

test("messages: the welcome announcement is listed unread, opens, and is read afterwards", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  test.setTimeout(60_000);
  const user = await signUp();
  await signIn(user);
  // The badge and the list's dots follow one rule: the welcome announcement is news to a new user in both.
  const unread = await unreadCount(request, user);
  expect(unread).toBeGreaterThanOrEqual(1);
  await page.goto("/#/pages/index/index");
  await expect(messagesBell(page, unread)).toBeVisible();
  await page.goto("/#/pages/user/message");
  await expect(heading(page)).toHaveText("Messages");
  const welcome = page.getByRole("link", { name: /Welcome to Cryptos/ });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole("img", { name: "Unread" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Unread" })).toHaveCount(unread);
  await page.screenshot({ path: path.join(shots, "messages-en.png") });

  await welcome.click();
  await expect(heading(page)).toHaveText("Message details");
  await expect(page.getByRole("heading", { level: 2, name: "Welcome to Cryptos" })).toBeVisible();
  await expect(page.locator(".msg-article__body")).toContainText("simulated market");

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("link", { name: /Welcome to Cryptos/ })).toBeVisible();
  await expect(page.getByRole("img", { name: "Unread" })).toHaveCount(0);

  await page.getByRole("tab", { name: "Personal" }).click();
  await expect(page).toHaveURL(/cid=3/);
  await expect(page.getByRole("link", { name: /Welcome to Cryptos/ })).toHaveCount(0);

  await page.goto("/#/pages/index/index");
  await expect(messagesBell(page, unread - 1)).toBeVisible();
});

test("help pages show the server's text in English and, after switching, in Simplified Chinese", async ({ page }) => {
  await page.goto("/#/pages/common/help");
  await expect(heading(page)).toHaveText("Help");
  await expect(page.getByRole("heading", { level: 3, name: "What Cryptos is" })).toBeVisible();
  await page.screenshot({ path: path.join(shots, "help-en.png") });
  await page.goto("/#/pages/common/ammhelp");
  await expect(heading(page)).toHaveText("How staking works");
  await expect(page.getByRole("heading", { level: 3, name: "Staking products" })).toBeVisible();

  await page.goto("/#/pages/index/index");
  await page.getByRole("button", { name: "Change language" }).click();
  await page.getByText("简体中文").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");

  await page.goto("/#/pages/common/help");
  await expect(heading(page)).toHaveText("帮助");
  await expect(page.getByRole("heading", { level: 3, name: "Cryptos 是什么" })).toBeVisible();
  await page.goto("/#/pages/common/ammhelp");
  await expect(page.locator(".cnt-article__title")).not.toHaveText("How staking works");
  await expect(page.locator(".rich-text h3").first()).not.toHaveText("Staking products");
});

test("web view frames a path of this site and refuses another host", async ({ page, request }) => {
  await page.goto(`/#/pages/common/webview?url=${encodeURIComponent("/api/health")}`);
  await expect(heading(page)).toHaveText("Web page");
  await expect(page.locator("iframe.cnt-frame")).toHaveAttribute("src", /\/api\/health$/);
  // The framed page really renders (the CSP lets this origin frame itself).
  await expect(page.frameLocator("iframe.cnt-frame").locator("body")).toContainText('"code":1');

  // A host on the operator's allow-list opens outside the app, never in the frame.
  await api(request, "adminWebviewHosts", {
    as: await operator(request),
    body: { hosts: ["docs.example.com"] },
  });
  await page.goto(`/#/pages/common/webview?url=${encodeURIComponent("https://docs.example.com/guide")}`);
  await expect(page.getByRole("link", { name: "Open docs.example.com" })).toHaveAttribute(
    "href",
    "https://docs.example.com/guide",
  );
  await expect(page.locator("iframe")).toHaveCount(0);

  await page.goto(`/#/pages/common/webview?url=${encodeURIComponent("https://evil.example.com/phish")}`);
  await expect(page.getByText("This address cannot be opened here")).toBeVisible();
  await expect(page.getByText(/evil\.example\.com is not a page of this site/)).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);

  await page.goto(`/#/pages/common/webview?url=${encodeURIComponent("javascript:alert(1)")}`);
  await expect(page.getByText("This address cannot be opened here")).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
});

test("real-name: submit name, passport and two photos, then the status reads under review", async ({
  page,
  signUp,
  signIn,
}) => {
  const user = await signUp();
  await signIn(user);
  await page.goto("/#/pages/user/realname");
  await expect(heading(page)).toHaveText("Real-name verification");
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
  await page.screenshot({ path: path.join(shots, "realname-en.png") });

  await page.getByPlaceholder("As it appears on the document").fill("Alice Example");
  await page.getByText("Passport", { exact: true }).click();
  await page.getByPlaceholder("Passport number").fill("E1234567");
  const files = page.locator('input[type="file"]');
  await files.setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
  await expect(page.locator(".adm-image-uploader-cell-image")).toHaveCount(1);
  await files.setInputFiles({ name: "back.png", mimeType: "image/png", buffer: PNG });
  await expect(page.locator(".adm-image-uploader-cell-image")).toHaveCount(2);
  await expect(page.locator(".adm-image-uploader-cell-loading")).toHaveCount(0);
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page.getByText("Under review")).toBeVisible();
  await expect(page.getByText("Alice Example")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Under review")).toBeVisible();
});
