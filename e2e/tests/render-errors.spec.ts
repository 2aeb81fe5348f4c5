import type { Page } from "@playwright/test";
import { expect as baseExpect, test } from "../fixtures/test";
import { fund } from "../fixtures/users";

// Lazy pages load slower on a busy machine; this is a ceiling for waiting, not a timing assertion.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Every uncaught error and console error of the page, with the cause React wraps in its own (error #520). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => {
    const cause = (error as Error & { cause?: unknown }).cause;
    errors.push(cause instanceof Error ? `${error.message} (cause: ${cause.message})` : error.message);
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

// React error #520 ("an error during concurrent rendering… recovered by rendering the root synchronously") came
// from lib/i18n's useTranslation skipping `use` when a page's translations arrived during its first render.
test("opening Withdraw, cold and from Assets, logs no React errors", async ({ page, request, signUp, signIn }) => {
  test.setTimeout(120_000);
  const user = await signUp();
  await fund(request, user, "100");
  await signIn(user);
  const errors = collectErrors(page);
  const heading = page.locator(".funds-sheet").getByRole("heading", { name: "Withdraw" });
  for (let round = 0; round < 3; round++) {
    await page.goto("/#/pages/assets/assets?sheet=withdraw");
    await page.reload();
    await expect(heading).toBeVisible();
    await page.goto("/#/pages/index/index");
    await page.reload();
    await page.getByRole("link", { name: "Assets" }).first().click();
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await expect(heading).toBeVisible();
  }
  expect(errors).toEqual([]);
});
