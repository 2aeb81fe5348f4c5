import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { publishAnnouncement, unpublishAnnouncement } from "../fixtures/announcements";
import { expect, test } from "../fixtures/test";

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const HOME = "/#/pages/index/index";

// Every other spec starts on a device that has seen all announcements (playwright.config.ts); this one does not.
test.use({ storageState: { cookies: [], origins: [] } });

interface Published {
  id: number;
  title: string;
  body: string;
}
const published: Published[] = [];

async function publish(request: APIRequestContext, title: string): Promise<Published> {
  const body = `<p>Trading stays open. <strong>Withdrawals pause</strong> from 02:00 to 03:00 UTC.</p><script>window.hacked = 1</script>`;
  const announcement = { id: await publishAnnouncement(request, title, body), title, body };
  published.push(announcement);
  return announcement;
}

// The seeded announcement is the latest again for the specs that run after this one.
test.afterEach(async ({ request }) => {
  for (const a of published.splice(0)) await unpublishAnnouncement(request, a.id, a.title, a.body);
});

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

const popup = (page: Page, title: string) => page.getByRole("dialog", { name: title });

/** Home has loaded the announcement (the banner shows it), so the popup has decided whether to show. */
async function openHome(page: Page, latestTitle: string, reload = false) {
  if (reload) await page.reload();
  else await page.goto(HOME);
  await expect(page.getByTestId("home-announcement")).toContainText(latestTitle);
}

test("a visitor sees a new announcement once as a dialog, and a newer one again", async ({ page, request }) => {
  const first = await publish(request, `Maintenance window ${randomUUID().slice(0, 8)}`);
  await openHome(page, first.title);

  const dialog = popup(page, first.title);
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(first.title);
  await expect(dialog.locator("strong")).toHaveText("Withdrawals pause");
  await expect(dialog).toContainText("from 02:00 to 03:00 UTC");
  await expect(dialog.locator("script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  // Waits for the opening animations (the dialog's scale, the mask's fade) to settle before the picture.
  await dialog.getByRole("button", { name: "Got it" }).click({ trial: true });
  await expect(page.locator(".home-notice-overlay__mask")).toHaveCSS("opacity", "1");
  await expect(page.locator(".home-notice")).toHaveCSS("opacity", "1");
  const bannerUnder = await page.getByTestId("home-announcement").boundingBox();
  await page.screenshot({ path: path.join(shots, "home-announcement-popup.png") });

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  // The page beneath did not move for the popup.
  expect(await page.getByTestId("home-announcement").boundingBox()).toEqual(bannerUnder);

  await openHome(page, first.title, true);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const newer = await publish(request, `Network upgrade ${randomUUID().slice(0, 8)}`);
  await openHome(page, newer.title, true);
  const again = popup(page, newer.title);
  await expect(again).toBeVisible();
  await again.getByRole("button", { name: "Close" }).click();
  await expect(again).toHaveCount(0);

  await openHome(page, newer.title, true);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

/**
 * Reloads Home signed in and shows that no popup comes: the popup waits for the user, so this waits for
 * `getUserInfo`, then goes to Markets and back by the tab bar (a click the popup's mask would block).
 */
async function expectNoPopupSignedIn(page: Page, latestTitle: string) {
  const userinfo = page.waitForResponse((response) => response.url().endsWith("/api/index/userinfo"));
  await openHome(page, latestTitle, true);
  await userinfo;
  const tabs = page.locator("nav.tab-bar");
  await tabs.getByRole("link", { name: "Markets" }).click();
  await expect(page.locator("header.page-header h1")).toHaveText("Markets");
  await tabs.getByRole("link", { name: "Home" }).click();
  await expect(page.getByTestId("home-announcement")).toContainText(latestTitle);
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

test("a signed-in user's dismissal is their own: another user on the same device still sees it", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  const [first, second] = [await signUp(), await signUp()];
  const announcement = await publish(request, `New pairs listed ${randomUUID().slice(0, 8)}`);

  await signIn(first);
  await openHome(page, announcement.title);
  const dialog = popup(page, announcement.title);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Got it" }).click();
  await expect(dialog).toHaveCount(0);
  await expectNoPopupSignedIn(page, announcement.title);

  // Later init scripts run after earlier ones: from now on the page opens signed in as the second user.
  await signIn(second);
  await openHome(page, announcement.title, true);
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expectNoPopupSignedIn(page, announcement.title);
});
