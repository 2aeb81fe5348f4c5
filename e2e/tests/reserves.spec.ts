import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "../fixtures/test";
import { api, fund, operator } from "../fixtures/users";

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");

test("Assets' proof of reserves checks the user's leaf on the device; a user with no balance is not in it", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  // Three deposits, a snapshot, two sign-ins and the section's code loading on first open.
  test.setTimeout(240_000);
  const user = await signUp();
  await fund(request, user, "250.5");
  await fund(request, user, "0.75", "BTC");
  const empty = await signUp();
  const snapshot = await api(request, "adminReservesSnapshot", { as: await operator(request), body: {} });

  await signIn(user);
  await page.goto("/#/pages/assets/assets");
  const toggle = page.getByRole("button", { name: /Proof of reserves/ });
  await expect(page.getByTestId("balance-USDT")).toBeVisible({ timeout: 30_000 });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("reserves-verified")).toContainText("Your balances are in the root", {
    timeout: 30_000,
  });
  await expect(page.getByText(`Snapshot #${snapshot.snapshot_id}`)).toBeVisible();
  await expect(page.getByTestId("reserves-USDT")).toBeVisible();
  await expect(page.getByTestId("reserves-seen")).toContainText(`#${snapshot.snapshot_id}`);
  mkdirSync(shots, { recursive: true });
  await page.getByTestId("reserves-verified").scrollIntoViewIfNeeded();
  await page.getByText("Proof of reserves", { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, "assets-reserves-en.png"), fullPage: false });
  await page.getByTestId("reserves-USDT").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, "assets-reserves-coverage-en.png"), fullPage: false });

  const other = await page.context().newPage();
  await signIn(empty, other);
  await other.goto("/#/pages/assets/assets");
  await other.getByRole("button", { name: /Proof of reserves/ }).click();
  await expect(other.getByTestId("reserves-not-included")).toContainText("Not in this snapshot", { timeout: 30_000 });
});
