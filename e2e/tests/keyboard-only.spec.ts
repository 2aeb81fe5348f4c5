import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { ANNOUNCEMENT_SEEN_KEY } from "../fixtures/announcements";
import { mailCount, waitForCode } from "../fixtures/mail";
import { expect, test } from "../fixtures/test";
import { api, operator, proofPngFile } from "../fixtures/users";
import { saveAddressWithTwoStep, TRC20_ADDRESS } from "../fixtures/withdrawals";

/**
 * Issue 41, item 1: a new user in Japanese signs in, deposits, places an up/down order, exchanges and withdraws
 * with the keyboard alone (Tab, Shift+Tab, arrows, Space, Enter, Escape; screens are reached through links and
 * tabs, as a keyboard user reaches them). Along the way: the skip link, a visible focus ring, sheets that take
 * focus, keep it, close on Escape and give it back, and focus that never drops to the page's body.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = process.env.KEYBOARD_SHOTS;

/** The Japanese catalogue's text at `key` ("funds:assets.actions.deposit"). */
function ja(key: string): string {
  const [ns, dotted] = key.split(":") as [string, string];
  const catalogue = JSON.parse(readFileSync(path.join(here, `../../apps/web/src/locales/ja/${ns}.json`), "utf8"));
  const text = dotted.split(".").reduce((node, part) => node?.[part], catalogue);
  if (typeof text !== "string") throw new Error(`no ja text at ${key}`);
  return text;
}

/** Presses Tab (Shift+Tab with `back`) until `target` or something inside it has focus; answers the presses. */
async function tabTo(page: Page, target: Locator, back = false, max = 60): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const reached = await target.evaluate(
      (node) => node === document.activeElement || node.contains(document.activeElement),
    );
    if (reached) return presses;
  }
  throw new Error(`${max} Tabs never reached ${target}`);
}

/** Where focus is, as a tag and its class; `body` when it dropped out of every control. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return !active || active === document.body ? "body" : `${active.tagName.toLowerCase()}.${active.className}`;
  });

/** The focused element's outline: a keyboard user sees where they are. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}-ja.png`) });
}

test("by keyboard alone in Japanese: sign in, deposit, an up/down order, an exchange and a withdrawal", async ({
  browser,
  baseURL,
  request,
  signUp,
  passCodeWindow,
}) => {
  test.setTimeout(120_000);
  const user = await signUp();
  // Withdrawals go only to saved addresses (decision 120): saved with a two-step code it is usable at once, and
  // typing it in the sheet finds it in the book. Both set up through the API.
  const authenticator = await saveAddressWithTwoStep(request, user);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL!,
          localStorage: [
            { name: "lang", value: "ja" },
            { name: ANNOUNCEMENT_SEEN_KEY, value: String(Number.MAX_SAFE_INTEGER) },
          ],
        },
      ],
    },
  });
  const page = await context.newPage();
  const keys = page.keyboard;
  const tabBar = page.getByRole("navigation", { name: ja("common:tabs.label") });

  // Sign in: the skip link is the first stop and lands in the page's body; the form follows.
  await page.goto("/#/pages/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ja("accounts:actions.login"));
  await keys.press("Tab");
  await expect(page.getByRole("link", { name: ja("common:actions.skipToContent") })).toBeFocused();
  await shot(page, "keyboard-skip-link");
  await keys.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await tabTo(page, page.getByLabel(ja("accounts:fields.email"), { exact: true }));
  await keys.type(user.email);
  await tabTo(page, page.getByLabel(ja("accounts:fields.password"), { exact: true }));
  await keys.type(user.password);
  await keys.press("Enter");
  // Two-step verification is on: a recovery code (each works once; the authenticator's next code may be 30 s away).
  await tabTo(page, page.getByLabel(ja("security:totp.code"), { exact: true }), true);
  await keys.type(authenticator.recovery[2]!);
  await keys.press("Enter");
  await expect(page).toHaveURL(/#\/pages\/index\/index$/);

  // To Assets by the tab bar, then the deposit page.
  await tabTo(page, tabBar.getByRole("link", { name: ja("common:tabs.assets") }));
  await keys.press("Enter");
  await expect(page).toHaveURL(/#\/pages\/assets\/assets$/);
  await tabTo(page, page.getByRole("link", { name: ja("funds:assets.actions.deposit") }));
  expect((await focusRing(page)).style).not.toBe("none");
  await keys.press("Enter");
  await expect(page).toHaveURL(/#\/pages\/user\/recharge$/);

  // Deposit: currency and network are radio groups (arrows pick), the proof's file input opens by Space.
  const currencies = page.getByRole("radiogroup").first();
  await tabTo(page, currencies);
  await expect(currencies.getByRole("radio", { name: "USDT" })).toBeChecked();
  const networks = page.getByRole("radiogroup").nth(1);
  await tabTo(page, networks);
  if (!(await networks.getByRole("radio").first().isChecked())) await keys.press("Space");
  await expect(page.getByTestId("deposit-address")).toBeVisible();
  await tabTo(page, page.getByLabel(ja("funds:recharge.amount").replace("{{currency}}", "USDT")));
  await keys.type("300");
  await tabTo(page, page.locator(".adm-image-uploader input[type=file]"));
  const chooser = page.waitForEvent("filechooser");
  await keys.press("Space");
  await (await chooser).setFiles(proofPngFile());
  await expect(page.locator(".adm-image-uploader-cell-image img")).toHaveCount(1);
  // A wrong proof goes by keyboard too: back to its remove button, Enter; then the right one.
  await tabTo(page, page.getByRole("button", { name: ja("common:actions.removeImage") }), true);
  await keys.press("Enter");
  await expect(page.locator(".adm-image-uploader-cell-image img")).toHaveCount(0);
  await tabTo(page, page.locator(".adm-image-uploader input[type=file]"));
  const again = page.waitForEvent("filechooser");
  await keys.press("Space");
  await (await again).setFiles(proofPngFile());
  await expect(page.locator(".adm-image-uploader-cell-image img")).toHaveCount(1);
  const submitDeposit = page.getByRole("button", { name: ja("funds:recharge.submit") });
  await expect(submitDeposit).toBeEnabled();
  await tabTo(page, submitDeposit);
  await shot(page, "keyboard-deposit");
  await keys.press("Enter");
  await expect(page).toHaveURL(/recharge-log\?tab=deposits$/);
  const deposits = await api(request, "listDeposits", { as: user, query: { page: 1, list: 10 } });
  await api(request, "adminRechargeReview", {
    as: await operator(request),
    body: { id: deposits.items[0]!.id, action: "complete" },
  });

  // Trade: Back, then the tab bar. Up opens the order sheet, which holds focus; Escape closes it and focus
  // returns to Up.
  await tabTo(page, page.getByRole("button", { name: ja("common:actions.back") }), true);
  await keys.press("Enter");
  await expect(page).toHaveURL(/#\/pages\/assets\/assets$/);
  await tabTo(page, tabBar.getByRole("link", { name: ja("common:tabs.trade") }));
  await keys.press("Enter");
  await expect(page).toHaveURL(/#\/pages\/transaction\/transaction$/);
  const up = page.locator(".updown-actions").getByRole("button", { name: new RegExp(ja("updown:direction.up")) });
  await expect(up).toBeEnabled();
  await tabTo(page, up);
  const ring = await focusRing(page);
  expect(ring.style).not.toBe("none");
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await shot(page, "keyboard-up-focused");
  await keys.press("Enter");
  const sheet = page.locator(".updown-sheet");
  await expect(sheet).toBeVisible();
  await expect.poll(() => sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await keys.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(up).toBeFocused();

  await keys.press("Enter");
  await expect(sheet).toBeVisible();
  // Tab stays in the sheet: more presses than it has controls come back round to them.
  for (let i = 0; i < 15; i++) await keys.press("Tab");
  expect(await sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await tabTo(page, sheet.getByRole("button", { name: ja("updown:terms.term").replace("{{seconds}}", "30") }));
  await keys.press("Enter");
  await tabTo(page, sheet.getByRole("textbox"));
  await keys.type("10");
  const place = sheet.getByRole("button", { name: new RegExp(ja("updown:order.place")) });
  await tabTo(page, place);
  await shot(page, "keyboard-order-sheet");
  await keys.press("Enter");
  const risk = page.getByRole("dialog", { name: ja("updown:risk.title") });
  await expect(risk).toBeVisible();
  await tabTo(page, risk.getByRole("button", { name: ja("updown:risk.accept") }));
  await keys.press("Enter");
  await expect(page.getByTestId("position-card")).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect.poll(() => focused(page)).not.toBe("body");
  await shot(page, "keyboard-after-order");

  // Exchange, from Assets: USDT to BTC, picked with the arrow keys; Enter gets the quote, then confirms.
  await tabTo(page, tabBar.getByRole("link", { name: ja("common:tabs.assets") }));
  await keys.press("Enter");
  await expect(page).toHaveURL(/#\/pages\/assets\/assets$/);
  await expect(page.getByTestId("available-USDT")).toHaveText("290.00");
  const exchangeButton = page.getByRole("button", { name: ja("funds:assets.actions.exchange") });
  await tabTo(page, exchangeButton);
  await keys.press("Enter");
  const exchange = page
    .locator(".funds-sheet")
    .filter({ has: page.getByRole("heading", { name: ja("funds:exchange.title") }) });
  await expect(exchange).toBeVisible();
  const to = exchange.getByRole("group", { name: ja("funds:exchange.to") }).getByRole("radiogroup");
  await tabTo(page, to);
  for (let i = 0; i < 6 && !(await to.getByRole("radio", { name: "BTC" }).isChecked()); i++) {
    await keys.press("ArrowRight");
  }
  await expect(to.getByRole("radio", { name: "BTC" })).toBeChecked();
  await tabTo(page, exchange.getByLabel(ja("funds:exchange.amount").replace("{{currency}}", "USDT")));
  await keys.type("50");
  await keys.press("Enter");
  const confirmExchange = exchange.getByRole("button", { name: ja("funds:exchange.confirm") });
  await expect(confirmExchange).toBeVisible();
  await tabTo(page, confirmExchange);
  await keys.press("Enter");
  await expect(exchange).toBeHidden();
  await expect(page.getByTestId("available-USDT")).toHaveText("240.00");
  await expect(exchangeButton).toBeFocused();

  // Withdraw: USDT on TRC20 to the saved address typed in, with the emailed code and a recovery code.
  await tabTo(page, page.getByRole("button", { name: ja("funds:assets.actions.withdraw") }));
  await keys.press("Enter");
  const withdraw = page
    .locator(".funds-sheet")
    .filter({ has: page.getByRole("heading", { name: ja("funds:withdraw.title") }) });
  await expect(withdraw).toBeVisible();
  const withdrawCurrency = withdraw.getByRole("group", { name: ja("funds:withdraw.currency") });
  await tabTo(page, withdrawCurrency);
  if (!(await withdrawCurrency.getByRole("radio", { name: "USDT" }).isChecked())) await keys.press("Space");
  const network = withdraw.getByRole("group", { name: ja("funds:withdraw.network") });
  await tabTo(page, network);
  if (!(await network.getByRole("radio", { name: "TRC20" }).isChecked())) await keys.press("Space");
  await tabTo(page, withdraw.getByLabel(ja("funds:withdraw.address"), { exact: true }));
  await keys.type(TRC20_ADDRESS);
  await tabTo(page, withdraw.getByLabel(ja("funds:withdraw.amount"), { exact: true }));
  await keys.type("20");
  const seen = mailCount(user.email);
  // Sign-up mailed a code: the server sends the next (the withdrawal's) once CODE_RESEND_S has passed.
  await passCodeWindow();
  await tabTo(page, withdraw.getByRole("button", { name: ja("funds:withdraw.sendCode") }));
  await keys.press("Enter");
  const code = await waitForCode(user.email, seen);
  await tabTo(page, withdraw.getByLabel(ja("funds:withdraw.code"), { exact: true }));
  await keys.type(code);
  await tabTo(page, withdraw.getByLabel(ja("funds:withdraw.totp"), { exact: true }));
  await keys.type(authenticator.recovery[1]!);
  await tabTo(page, withdraw.getByRole("button", { name: ja("funds:withdraw.confirm") }));
  await shot(page, "keyboard-withdraw");
  await keys.press("Enter");
  const confirm = page.getByRole("dialog", { name: ja("funds:withdraw.confirmTitle") });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole("button", { name: "OK" }));
  await keys.press("Enter");
  await expect(withdraw).toBeHidden();
  await expect(page.getByTestId("frozen-USDT")).toHaveText("21.00");
  await expect.poll(() => focused(page)).not.toBe("body");
  await context.close();
});
