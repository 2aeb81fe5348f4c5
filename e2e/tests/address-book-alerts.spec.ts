import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { api, fund, send } from "../fixtures/users";
import { OTHER_TRC20_ADDRESS, TRC20_ADDRESS } from "../fixtures/withdrawals";

/**
 * The withdrawal address book and price alerts (issue 12): an address saved in the book shows up in the withdraw
 * sheet with "usable from" while it is held; without two-step verification a typed address that is not in the book
 * is refused, and the withdraw sheet saves it (decision 031); a price alert set just above the simulated price fires as the market
 * ticks, as a toast wherever the user is and as a message.
 */

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");

async function shot(page: Page, name: string, lang = "en", options: { keepToast?: boolean } = {}) {
  mkdirSync(shots, { recursive: true });
  // A "saved" toast from the step before would cover what the picture is about.
  if (!options.keepToast) await expect(page.locator(".adm-toast-mask")).toBeHidden();
  await page.screenshot({ path: path.join(shots, `${name}-${lang}.png`), fullPage: false });
}

test("an address added to the book shows in the withdraw sheet, held for 24 hours", async ({
  page,
  request,
  signUp,
  signIn,
  pageIn,
}) => {
  test.setTimeout(120_000);
  const user = await signUp();
  await fund(request, user, "100");
  await signIn(user);

  // From the security center to the address book.
  await page.goto("/#/pages/user/security");
  await page.getByText("Withdrawal addresses").first().click();
  await expect(page).toHaveURL(/withdraw-addresses/);
  await expect(page.getByText("No saved addresses")).toBeVisible();
  await page.getByRole("button", { name: "Add address" }).click();
  const add = page.getByRole("dialog", { name: "Add a withdrawal address" });
  await expect(add.getByText("USDT", { exact: true })).toBeVisible();
  await add.getByText("TRC20", { exact: true }).click();
  await add.getByLabel("Label").fill("My cold wallet");
  // A mistyped address is refused as it is typed, by the server's format check (the contract's): it cannot be saved.
  await add.getByLabel("Address").fill(`${TRC20_ADDRESS.slice(0, -1)}D`);
  await expect(add.getByRole("alert")).toHaveText("This is not a valid TRC20 address");
  await expect(add.getByRole("button", { name: "Save address" })).toBeDisabled();
  await add.getByLabel("Address").fill(TRC20_ADDRESS);
  await add.getByRole("button", { name: "Save address" }).click();
  await expect(add).toBeHidden();
  const list = page.getByRole("list", { name: "Address book" });
  await expect(list.getByText("My cold wallet")).toBeVisible();
  await expect(list.getByText(/^Usable from /)).toBeVisible();
  await shot(page, "address-book");

  // The withdraw sheet offers it for USDT on TRC20, shown as held and not pickable yet.
  await page.goto("/#/pages/assets/assets?sheet=withdraw");
  const sheet = page
    .locator(".funds-sheet")
    .filter({ has: page.getByRole("heading", { name: "Withdraw", exact: true }) });
  await expect(sheet.getByRole("heading", { name: "Withdraw", exact: true })).toBeVisible();
  await sheet.getByText("TRC20", { exact: true }).click();
  await sheet.getByRole("button", { name: "Saved" }).click();
  const picker = page.getByRole("dialog", { name: "Saved addresses" });
  await expect(picker.getByText("USDT on TRC20")).toBeVisible();
  const saved = picker.getByRole("button", { name: /My cold wallet/ });
  await expect(saved).toBeVisible();
  await expect(saved).toBeDisabled();
  await expect(saved).toContainText("Usable from");
  await shot(page, "withdraw-saved-address");

  // Typing the held address does not get past the server either.
  const addresses = await api(request, "withdrawAddresses", {
    as: user,
    body: { currency: "USDT", network: "TRC20" },
  });
  expect(addresses.items).toEqual([expect.objectContaining({ address: TRC20_ADDRESS, usable: false })]);

  // The same screens in German.
  const de = await pageIn("de", user);
  await de.goto("/#/pages/user/withdraw-addresses");
  await expect(de.getByText("Mein", { exact: false }).or(de.getByText("My cold wallet"))).toBeVisible();
  await expect(de.getByText(/^Nutzbar ab /)).toBeVisible();
  await shot(de, "address-book", "de");
  await de.goto("/#/pages/assets/assets?sheet=withdraw");
  const deSheet = de
    .locator(".funds-sheet")
    .filter({ has: de.getByRole("heading", { name: "Auszahlen", exact: true }) });
  await deSheet.getByText("TRC20", { exact: true }).click();
  await deSheet.getByRole("button", { name: "Gespeichert" }).click();
  await expect(de.getByRole("dialog", { name: "Gespeicherte Adressen" }).getByText("My cold wallet")).toBeVisible();
  await shot(de, "withdraw-saved-address", "de");
  await de.context().close();
});

test("the withdraw sheet and the address book refuse a malformed address before anything is sent", async ({
  page,
  request,
  signUp,
  signIn,
  pageIn,
}) => {
  test.setTimeout(60_000);
  const user = await signUp();
  await fund(request, user, "100");
  await signIn(user);
  const sent: string[] = [];
  page.on("request", (r) => {
    if (/\/api\/(index\/dowithdraw|user\/addresses\/add|ems\/send)/.test(r.url())) sent.push(r.url());
  });

  await page.goto("/#/pages/assets/assets?sheet=withdraw");
  const sheet = page
    .locator(".funds-sheet")
    .filter({ has: page.getByRole("heading", { name: "Withdraw", exact: true }) });
  await sheet.getByText("TRC20", { exact: true }).click();
  await sheet.getByLabel("Address").fill("not-an-address");
  await sheet.getByLabel("Amount").fill("200");
  await sheet.getByLabel("Email code").fill("123456");
  await expect(sheet.getByText("This is not a valid TRC20 address")).toBeVisible();
  // Not offered for the book, since it can never be withdrawn to.
  await expect(sheet.getByTestId("withdraw-not-saved")).toHaveCount(0);
  await expect(sheet.getByText("Not enough available balance (the fee is added to the amount)")).toBeVisible();
  await expect(sheet.getByTestId("withdraw-total")).toHaveText("—");
  await expect(sheet.getByRole("button", { name: "Confirm withdrawal" })).toBeDisabled();
  await shot(page, "withdraw-invalid-address");
  // An address of another network's format is refused too.
  await sheet.getByLabel("Address").fill("0x000000000000000000000000000000000000dEaD");
  await expect(sheet.getByText("This is not a valid TRC20 address")).toBeVisible();
  await sheet.getByLabel("Amount").fill("5");
  await expect(sheet.getByText("The minimum is 10.00 USDT")).toBeVisible();
  await sheet.getByLabel("Address").fill(TRC20_ADDRESS);
  await sheet.getByLabel("Amount").fill("20");
  await expect(sheet.getByText("This is not a valid TRC20 address")).toHaveCount(0);
  await expect(sheet.getByTestId("withdraw-not-saved")).toBeVisible();
  await expect(sheet.getByTestId("withdraw-total")).toHaveText("21.00 USDT");

  // The address book's form.
  await page.goto("/#/pages/user/withdraw-addresses");
  await page.getByRole("button", { name: "Add address" }).click();
  const add = page.getByRole("dialog", { name: "Add a withdrawal address" });
  await add.getByText("TRC20", { exact: true }).click();
  await add.getByLabel("Label").fill("Typo");
  await add.getByLabel("Address").fill("not-an-address");
  await expect(add.getByRole("alert")).toHaveText("This is not a valid TRC20 address");
  await expect(add.getByRole("button", { name: "Save address" })).toBeDisabled();
  await add.getByLabel("Address").press("Enter");
  await shot(page, "address-book-invalid");
  expect(sent).toEqual([]);

  // The withdraw sheet's messages in German.
  const de = await pageIn("de", user);
  await de.goto("/#/pages/assets/assets?sheet=withdraw");
  const deSheet = de
    .locator(".funds-sheet")
    .filter({ has: de.getByRole("heading", { name: "Auszahlen", exact: true }) });
  await deSheet.getByText("TRC20", { exact: true }).click();
  await deSheet.getByRole("textbox").first().fill("not-an-address");
  await deSheet.getByRole("textbox").nth(1).fill("200");
  await expect(deSheet.getByText("Dies ist keine gültige TRC20-Adresse")).toBeVisible();
  await shot(de, "withdraw-invalid-address", "de");
  await de.context().close();
});

/** The one rule for new addresses (decision 120), as every screen and the server's refusals say it. */
const ADDRESS_RULE =
  "Withdrawals go only to addresses saved in your address book. A new address can be used 24 hours after you save it, or at once if you save it with your two-step verification code.";

test("without two-step verification a typed address is refused, and the withdraw sheet saves it to the book", async ({
  page,
  request,
  signUp,
  signIn,
  pageIn,
}) => {
  const user = await signUp();
  await fund(request, user, "100");
  await signIn(user);

  // The server refuses a typed address that is not in the book, before any code is checked, and says what to do.
  const refused = await send(request, "requestWithdrawal", {
    as: user,
    body: { currency: "USDT", network: "TRC20", address: TRC20_ADDRESS, amount: "20", code: "123456" },
  });
  expect(refused.body).toEqual({
    code: 0,
    msg: `This address is not in your address book. ${ADDRESS_RULE}`,
  });

  await page.goto("/#/pages/assets/assets?sheet=withdraw");
  const sheet = page
    .locator(".funds-sheet")
    .filter({ has: page.getByRole("heading", { name: "Withdraw", exact: true }) });
  await sheet.getByText("TRC20", { exact: true }).click();
  // The rule, in the words every screen uses (decision 120).
  await expect(sheet.getByText(ADDRESS_RULE)).toBeVisible();
  await sheet.getByLabel("Address").fill(TRC20_ADDRESS);
  await sheet.getByLabel("Amount").fill("20");
  await sheet.getByLabel("Email code").fill("123456");
  const notSaved = sheet.getByTestId("withdraw-not-saved");
  await expect(notSaved).toContainText(`This address is not in your address book. ${ADDRESS_RULE}`);
  await expect(sheet.getByRole("button", { name: "Confirm withdrawal" })).toBeDisabled();
  await shot(page, "withdraw-not-saved");

  // "Save this address" opens the book's form with the typed address; once saved, the sheet shows its hold.
  await notSaved.getByRole("button", { name: "Save this address" }).click();
  const add = page.getByRole("dialog", { name: "Add a withdrawal address" });
  await expect(add.getByLabel("Address")).toHaveValue(TRC20_ADDRESS);
  await add.getByLabel("Label").fill("Exchange account");
  await add.getByRole("button", { name: "Save address" }).click();
  await expect(add).toBeHidden();
  await expect(notSaved).toBeHidden();
  await expect(sheet.getByTestId("withdraw-held")).toContainText(
    "“Exchange account” is in your address book and can be used from",
  );
  await expect(sheet.getByRole("button", { name: "Confirm withdrawal" })).toBeDisabled();
  await shot(page, "withdraw-address-held");
  const addresses = await api(request, "withdrawAddresses", {
    as: user,
    body: { currency: "USDT", network: "TRC20" },
  });
  expect(addresses.items).toEqual([expect.objectContaining({ address: TRC20_ADDRESS, usable: false })]);

  // The same two states in German: another typed address is not saved; the saved one is held.
  const de = await pageIn("de", user);
  await de.goto("/#/pages/assets/assets?sheet=withdraw");
  const deSheet = de
    .locator(".funds-sheet")
    .filter({ has: de.getByRole("heading", { name: "Auszahlen", exact: true }) });
  await deSheet.getByText("TRC20", { exact: true }).click();
  const deAddress = deSheet.getByRole("textbox").first();
  await deAddress.fill(OTHER_TRC20_ADDRESS);
  await expect(deSheet.getByTestId("withdraw-not-saved")).toBeVisible();
  await shot(de, "withdraw-not-saved", "de");
  await deAddress.fill(TRC20_ADDRESS);
  await expect(deSheet.getByTestId("withdraw-held")).toBeVisible();
  await shot(de, "withdraw-address-held", "de");
  await de.context().close();
});

/**
 * Sets an alert one cent above the price the sheet shows. Answers false when the price moved past that level
 * before the click (the form or the server refuses it), so the caller tries again at the new price.
 */
async function setAlertJustAbove(sheet: Locator, german: boolean): Promise<boolean> {
  const text = await sheet.getByTestId("alert-current-price").innerText();
  const shown = german ? text.replace(/\./g, "").replace(",", ".") : text.replace(/,/g, "");
  const cents = Math.round(Number(shown) * 100) + 1;
  const sep = german ? "," : ".";
  await sheet
    .getByLabel(german ? "Preis (USDT)" : "Price (USDT)")
    .fill(`${Math.floor(cents / 100)}${sep}${String(cents % 100).padStart(2, "0")}`);
  const button = sheet.getByRole("button", { name: german ? "Alarm setzen" : "Set alert" });
  const before = await sheet.getByRole("listitem").count();
  // A tick can move the price past the level between a look at the button and the click, and the form then
  // disables it: that is a refusal too.
  const clicked = await button.click({ timeout: 2_000 }).then(
    () => true,
    () => false,
  );
  if (!clicked) return false;
  // Refused by the server, or by the form when a tick moved the price past the level just before the click.
  const refused = sheet.locator(".alert-sheet__error, .amount-field__error");
  await expect(async () => {
    expect((await refused.count()) > 0 || (await sheet.getByRole("listitem").count()) > before).toBe(true);
  }).toPass({ timeout: 15_000 });
  return (await refused.count()) === 0;
}

test("a price alert set just above the simulated price fires: a toast wherever the user is, and a message", async ({
  page,
  request,
  signUp,
  signIn,
  pageIn,
}) => {
  test.setTimeout(180_000);
  const user = await signUp();
  await signIn(user);
  const pairs = await api(request, "listPairs", { query: { product_type: 1 } });
  const btc = pairs.items.find((p) => p.symbol === "BTC/USDT")!;
  await page.goto(`/#/pages/index/markets-business?id=${btc.id}`);
  await page.getByRole("button", { name: "Price alerts for BTC/USDT" }).click();
  const sheet = page.getByRole("dialog", { name: "Price alert · BTC/USDT" });
  await expect(sheet.getByText("No alerts for this pair yet")).toBeVisible();
  // On screen as a toast, and said in the page's polite live region.
  const toast = page.locator(".toast-notice").filter({ hasText: /^BTC\/USDT rose to / });
  const announced = page.getByRole("status").filter({ hasText: /^BTC\/USDT rose to / });

  // The simulated market moves every second, so within a few ticks it goes up through a level one cent above the
  // price on screen; when it went down instead, another alert at the new price joins the first.
  let set = 0;
  for (let round = 0; round < 10 && !(await toast.isVisible()); round++) {
    if (!(await setAlertJustAbove(sheet, false))) continue;
    set += 1;
    if (set === 1) {
      await expect(sheet.getByText(/^Rises to /).first()).toBeVisible();
      // The picture waits for the "Alert set" toast to go, unless the alert fires meanwhile (its own toast then
      // stays, and the loop ends): the price moves every second and the level is a cent away.
      const toasts = page.locator(".adm-toast-mask");
      await expect(async () => {
        expect((await toasts.count()) === 0 || (await toast.isVisible())).toBe(true);
      }).toPass({ timeout: 10_000 });
      if (!(await toast.isVisible())) await shot(page, "price-alerts", "en", { keepToast: true });
    }
    await toast.waitFor({ timeout: 8_000 }).catch(() => undefined);
  }
  await expect(toast).toBeVisible({ timeout: 10_000 });
  await expect(announced).toBeAttached();
  await shot(page, "price-alert-toast", "en", { keepToast: true });
  await expect(sheet.getByText(/^Reached /).first()).toBeVisible();

  // The message is in Messages.
  await page.goto("/#/pages/user/message");
  await expect(page.getByText("Price alert: BTC/USDT").first()).toBeVisible();
  const fired = await api(request, "priceAlerts", {
    as: user,
    body: { status: "triggered" },
  });
  expect(fired.items.length).toBeGreaterThanOrEqual(1);

  // In German, and elsewhere: set an alert on the pair screen, go to Account, and the toast comes there. An alert
  // set in an earlier round can fire after the loop went back to the pair screen, so the page records where each
  // toast appeared, and only one that appeared on Account ends the loop.
  const de = await pageIn("de", user);
  const deToast = de.locator(".toast-notice").filter({ hasText: /^BTC\/USDT ist auf / });
  await de.goto(`/#/pages/index/markets-business?id=${btc.id}`);
  await de.evaluate(() => {
    const seen = new WeakSet<Element>();
    const where: string[] = [];
    (window as unknown as { toastsAt: string[] }).toastsAt = where;
    new MutationObserver(() => {
      for (const notice of Array.from(document.querySelectorAll(".toast-notice"))) {
        if (seen.has(notice) || !notice.textContent?.startsWith("BTC/USDT ist auf ")) continue;
        seen.add(notice);
        where.push(window.location.hash);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const toastOnAccount = () =>
    de.evaluate(() =>
      (window as unknown as { toastsAt: string[] }).toastsAt.some((hash) => hash.startsWith("#/pages/user/account")),
    );
  for (let round = 0; round < 10 && !(await toastOnAccount()); round++) {
    await de.evaluate((id) => {
      window.location.hash = `#/pages/index/markets-business?id=${id}`;
    }, btc.id);
    const deSheet = de.getByRole("dialog", { name: "Preisalarm · BTC/USDT" });
    // The sheet is still open when the last try was refused (the price had moved past the level).
    if (!(await deSheet.isVisible())) await de.getByRole("button", { name: "Preisalarme für BTC/USDT" }).click();
    await expect(deSheet.getByText(/^Erreicht: /).first()).toBeVisible();
    // Nothing of this page's own to wait for yet; an alert left from the English rounds may fire at any moment.
    if (round === 0) await shot(de, "price-alerts", "de", { keepToast: true });
    if (!(await setAlertJustAbove(deSheet, true))) continue;
    await de.evaluate(() => {
      window.location.hash = "#/pages/user/account";
    });
    await expect
      .poll(toastOnAccount, { timeout: 8_000 })
      .toBe(true)
      .catch(() => undefined);
  }
  expect(await toastOnAccount()).toBe(true);
  await expect(de).toHaveURL(/pages\/user\/account/);
  await expect(deToast).toBeVisible();
  await shot(de, "price-alert-toast", "de", { keepToast: true });
  await de.context().close();
});
