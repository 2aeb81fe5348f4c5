import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { hydrated } from "../fixtures/hydration";
import { expect, test } from "../fixtures/test";
import { api, fund, proofPngFile, type TestUser } from "../fixtures/users";

/** Issue 21 item 6: tap targets, the language chip, pages that cannot load offline. */

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const header = (page: Page) => page.locator("header.page-header");
const tabBar = (page: Page) => page.locator("nav.tab-bar");

let user: TestUser;
test.beforeAll(async ({ signUp }) => {
  user = await signUp();
});

/** Every element the locator finds is at least 44 x 44 CSS px. */
async function expectTapTargets(targets: Locator, what: string) {
  await expect(targets.first(), `${what}: shown`).toBeVisible();
  const count = await targets.count();
  for (let i = 0; i < count; i++) {
    const box = await targets.nth(i).boundingBox();
    expect(box, `${what} #${i}`).not.toBeNull();
    expect(box?.width ?? 0, `${what} #${i} width`).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0, `${what} #${i} height`).toBeGreaterThanOrEqual(44);
  }
}

test("header buttons, Back, chart intervals and the login page's links are 44 x 44 CSS px tap targets", async ({
  page,
  signIn,
}) => {
  await signIn(user);
  for (const route of ["/pages/index/index", "/pages/markets/markets", "/pages/assets/assets"]) {
    await page.goto(`/#${route}`);
    await expect(header(page).getByRole("button").first()).toBeVisible();
    // Measured once React owns the header: until then the signed-out shell's buttons may give way to the user's.
    await hydrated(header(page).getByRole("button").last());
    await expectTapTargets(header(page).getByRole("button").or(header(page).getByRole("link")), `${route} header`);
  }

  await page.goto("/#/pages/common/help");
  await expectTapTargets(header(page).getByRole("button", { name: "Back" }), "Back");

  // The intervals: 44 px tall, side by side without a gap, so that the whole row is tap area (eight in 375 px).
  await page.goto("/#/pages/transaction/transaction");
  // Measured on the page, not on its frame: the frame's intervals give way to the page's when its data comes, and
  // buttons measured as they go are 0 px tall.
  await expect(page.getByTestId("updown-current-price")).toBeVisible();
  const intervals = page.getByTestId("chart-intervals");
  await expect(intervals.getByRole("button")).toHaveCount(8);
  await expectTapTargets(header(page).getByRole("button"), "Trade header");
  const boxes = await intervals.getByRole("button").evaluateAll((buttons) =>
    buttons.map((b) => {
      const r = b.getBoundingClientRect();
      return { left: r.left, right: r.right, height: r.height, width: r.width };
    }),
  );
  const row = await intervals.boundingBox();
  for (const [i, box] of boxes.entries()) {
    expect(box.height, `interval ${i} height`).toBeGreaterThanOrEqual(44);
    expect(box.width, `interval ${i} width`).toBeGreaterThanOrEqual(42);
    if (i > 0) expect(Math.abs(box.left - boxes[i - 1]!.right), `gap before interval ${i}`).toBeLessThan(1);
  }
  // All eight are on screen: the row does not scroll at 375 px.
  expect(boxes[7]!.right).toBeLessThanOrEqual((row?.x ?? 0) + (row?.width ?? 0) + 0.5);
  await page.screenshot({ path: path.join(shots, "tap-targets-trade-en.png") });
});

test("the login page's links are 44 px tall tap targets", async ({ page }) => {
  await page.goto("/#/pages/login");
  await expectTapTargets(page.getByRole("link", { name: "Forgot your password?" }), "Forgot your password?");
  await page.screenshot({ path: path.join(shots, "tap-targets-login-en.png") });
});

test("register: once the code is sent, the form no longer says to enter it", async ({ page }) => {
  await page.goto("/#/pages/login");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Create account");
  await page.locator("form").getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter the code from the email")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(`e2e-layout-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("button", { name: /Resend in \d+ s/ })).toBeDisabled();
  await expect(page.getByText("Enter the code from the email")).toHaveCount(0);
  await expect(page.getByText("Enter your email")).toHaveCount(0);
});

test("Home's Language chip opens the language picker", async ({ page }) => {
  await page.goto("/#/pages/index/index");
  const chip = page.locator(".home-soft").getByRole("button", { name: "Language" });
  await chip.click();
  await page.getByText("Deutsch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveURL(/#\/pages\/index\/index$/);
  await expect(page.locator(".home-soft").getByRole("button", { name: "Sprache" })).toBeVisible();
});

test("at 1280 px a sheet is a phone's width, centred in the app's column", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/#/pages/index/index");
  await (await hydrated(page.getByRole("button", { name: "Change language" }))).click();
  const sheet = page.locator(".adm-popup-body-position-bottom");
  await expect(sheet).toBeVisible();
  await expect(page.getByText("Deutsch")).toBeVisible();
  const column = await page.locator(".app").boundingBox();
  const box = await sheet.boundingBox();
  // Decision 122: 30rem (480 px) wide, its middle the column's.
  expect(box?.width).toBeCloseTo(480, 0);
  expect((box?.x ?? 0) + (box?.width ?? 0) / 2).toBeCloseTo((column?.x ?? -1) + (column?.width ?? 0) / 2, 0);
  await page.screenshot({ path: path.join(shots, "sheet-1280-en.png") });
});

test("Account opens the language picker for ?sheet=language", async ({ page }) => {
  await page.goto("/#/pages/user/account?sheet=language");
  await expect(page.getByText("Deutsch")).toBeVisible();
});

test("after a deposit, the Records tabs sit under the header, not over the first record, and the toast breaks between words", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  const depositor = await signUp();
  await fund(request, depositor, "100");
  await signIn(depositor);
  await page.goto("/#/pages/assets/assets");
  await page.goto("/#/pages/user/recharge");
  await page
    .locator(".adm-selector-item", { hasText: /^USDT$/ })
    .first()
    .click();
  await page.locator(".adm-selector-item", { hasText: /^TRC20 · Demo$/ }).click();
  await page.getByLabel("Amount sent (USDT)").fill("250.5");
  await page.locator(".adm-image-uploader input[type=file]").setInputFiles(proofPngFile());
  await expect(page.locator(".adm-image-uploader-cell-loading")).toHaveCount(0);
  await page.getByRole("button", { name: "Submit deposit" }).click();

  // In-app navigation to Records: antd-mobile's Tabs CSS arrives after the page's own.
  const first = page.locator("[data-testid^=deposit-]").first();
  await expect(first).toBeVisible();
  const toast = page.locator(".adm-toast-main");
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((el) => getComputedStyle(el).wordBreak)).toBe("normal");
  await page.screenshot({ path: path.join(shots, "records-after-deposit-en.png") });
  const tabs = await page.locator(".funds-tabs").boundingBox();
  const head = await header(page).boundingBox();
  const row = await first.boundingBox();
  expect(tabs?.y).toBe((head?.y ?? 0) + (head?.height ?? 0));
  expect((tabs?.y ?? 0) + (tabs?.height ?? 0)).toBeLessThanOrEqual(row?.y ?? 0);
});

test("Assets: an empty account gets a first-deposit prompt, zero rows hide by default (remembered)", async ({
  page,
  signUp,
  signIn,
}) => {
  const empty = await signUp();
  await signIn(empty);
  await page.goto("/#/pages/assets/assets");
  const prompt = page.getByTestId("first-deposit");
  await expect(prompt).toContainText("Your account is empty");
  await expect(page.locator(".funds-balance")).toHaveCount(0);
  const zero = page.getByRole("switch", { name: "Hide zero balances" });
  await expect(zero).toBeChecked();
  await page.screenshot({ path: path.join(shots, "assets-empty-en.png") });
  await zero.uncheck();
  await expect(page.locator(".funds-balance").first()).toBeVisible();
  expect(await page.locator(".funds-balance").count()).toBeGreaterThan(1);
  await page.reload();
  await expect(page.getByRole("switch", { name: "Hide zero balances" })).not.toBeChecked();
  await expect(page.locator(".funds-balance").first()).toBeVisible();
  await page.getByRole("switch", { name: "Hide zero balances" }).check();
  await prompt.getByRole("button", { name: "Make your first deposit" }).click();
  await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Deposit");
});

test("Assets: a row with a staked amount keeps its four columns on one line", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  const staker = await signUp();
  await fund(request, staker, "1000");
  await api(request, "subscribeStaking", { as: staker, body: { eid: 1, money: "100" } });
  await signIn(staker);
  await page.goto("/#/pages/assets/assets");
  await expect(page.getByTestId("custody-USDT")).toBeVisible();
  await expect(page.getByTestId("first-deposit")).toHaveCount(0);
  await expect(page.locator(".funds-balance")).toHaveCount(1);
  // Four columns on one line: every cell of the grid starts at the same height.
  const tops = await page
    .getByTestId("balance-USDT")
    .locator(".funds-balance__grid > span")
    .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().top)));
  expect(tops).toHaveLength(4);
  expect(new Set(tops).size).toBe(1);
  await page.screenshot({ path: path.join(shots, "assets-staked-en.png") });
});

test.describe("offline", () => {
  // The service worker would serve the chunks from its cache: this is about a page whose code is not there.
  test.use({ serviceWorkers: "block" });

  test("a tab whose code is not loaded says the app is offline, stops asking, and loads once back online", async ({
    page,
    context,
    signIn,
  }) => {
    // The page's own clock: its backoff timers are run at once instead of watched for seconds.
    await page.clock.install();
    await signIn(user);
    await page.goto("/#/pages/index/index");
    await expect(page.locator(".home-soft")).toBeVisible();
    // Code and translation chunks (the API's calls and the price socket have their own retry rules).
    const failed: string[] = [];
    const timesFailed = () => Math.max(0, ...[...new Set(failed)].map((url) => failed.filter((u) => u === url).length));
    page.on("requestfailed", (request) => {
      if (/\.(js|json)$/.test(new URL(request.url()).pathname)) failed.push(request.url());
    });
    await context.setOffline(true);
    await tabBar(page).getByRole("link", { name: "Assets" }).click();
    const offline = page.getByRole("button", { name: /You are offline, and this page is not saved/ });
    await expect(offline).toBeVisible();
    // The app's shell stays around it: the header names the tab, the tab bar leads on.
    await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Assets");
    await expect(tabBar(page).getByRole("link", { name: "Home" })).toBeVisible();
    // Past every backoff (the longest wait is 8 s): a few tries, then nothing. Before, one chunk was asked for 406
    // times in 5 s.
    await page.clock.runFor(10_000);
    expect(timesFailed(), failed.join("\n")).toBeLessThanOrEqual(3);
    const settled = failed.length;
    await page.clock.runFor(60_000);
    expect(failed.length, "no more tries once it says so").toBe(settled);
    await page.screenshot({ path: path.join(shots, "offline-page-en.png") });

    // Back online, the page loads by itself: nothing is tapped (issue 41 item 9).
    await context.setOffline(false);
    await expect(offline).toHaveCount(0);
    await expect(header(page).getByRole("heading", { level: 1 })).toHaveText("Assets");
  });
});
