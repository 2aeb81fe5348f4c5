import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "../fixtures/test";
import { fund } from "../fixtures/users";

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");

test("Export on the bills screen downloads the whole history as CSV, with the session's token", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  test.setTimeout(90_000);
  const user = await signUp();
  await fund(request, user, "250.50");
  await signIn(user);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/#/pages/user/account-bill");
  await expect(page.locator("[data-type=deposit]")).toHaveCount(1);
  const button = page.getByTestId("export-bills");
  await expect(button).toHaveText("Export");
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, "export-button-en.png"), fullPage: false });

  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^cryptos-bills-\d{4}-\d\d-\d\d\.csv$/);
  const text = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const [header, ...rows] = text.trimEnd().split("\r\n");
  expect(header).toBe("id,entry_id,type,type_name,currency,account,amount,balance_after,ref,created_at");
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(
    /^\d+,\d+,deposit,Deposit,USDT,available,250\.5,250\.5,deposit:\d+,\d{4}-\d\d-\d\dT[\d:.]+Z$/,
  );
});
