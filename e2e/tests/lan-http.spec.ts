import { expect, test } from "@playwright/test";
import config, { BASE_URL } from "../playwright.config";

/**
 * Issue #20, item 2: the server reached over plain http by a name other than localhost, as on a LAN
 * (http://my-box.lan:8080). This browser resolves lan.test to 127.0.0.1; the page must draw over http, with no
 * script or stylesheet sent to https by the CSP's upgrade-insecure-requests (which belongs on answers over TLS only).
 */
const LAN_HOST = "lan.test";
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  },
});

test("the app draws at http://lan.test:PORT/, loading everything over http", async ({ page }) => {
  const lanOrigin = BASE_URL.replace("127.0.0.1", LAN_HOST);
  const overHttps: string[] = [];
  const failed: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith("https:")) overHttps.push(request.url());
  });
  page.on("requestfailed", (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ""}`));
  // Headers a browser honours only on https or localhost (COOP, Origin-Agent-Cluster) each logged a complaint here.
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") complaints.push(message.text());
  });

  const document = await page.goto(`${lanOrigin}/`);
  expect(document?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`^${lanOrigin}/#/pages/index/index$`));
  await expect(page.locator("header.page-header").getByRole("heading", { level: 1 })).toHaveText("Cryptos");
  await expect(page.locator("nav.tab-bar")).toBeVisible();
  expect(await document?.headerValue("content-security-policy")).not.toContain("upgrade-insecure-requests");
  expect(overHttps).toEqual([]);
  expect(failed).toEqual([]);
  expect(await document?.headerValue("cross-origin-opener-policy")).toBeNull();
  await page.waitForLoadState("networkidle");
  expect(complaints).toEqual([]);
});
