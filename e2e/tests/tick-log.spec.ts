import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { UpDownOrder } from "@cryptos/contract";
import { expect, test } from "../fixtures/test";
import { api, fund } from "../fixtures/users";

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const TRADE = "/#/pages/transaction/transaction";

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

test("a settled order's Verify section checks the public tick log on the device", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  test.setTimeout(150_000);
  const user = await signUp();
  await fund(request, user, "100");
  const { items } = await api(request, "listPairs");
  const btc = items.find((p) => p.symbol === "BTC/USDT")!.id;
  const placed = await api(request, "placeUpDownOrder", {
    as: user,
    body: { productid: btc, direction: "up", amount: "10", seconds: 30 },
  });

  // The trade screen's live ticks leave this device a witness of BTC's log head.
  await signIn(user);
  await page.goto(TRADE);
  await expect(page.getByTestId("updown-current-price")).toHaveText(/\d/, { timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem("tick_witnesses") ?? "{}")).length))
    .toBeGreaterThan(0);

  let order: UpDownOrder = placed;
  await expect
    .poll(
      async () => {
        order = await api(request, "getUpDownOrder", { as: user, body: { id: placed.id } });
        return order.status;
      },
      { timeout: 60_000 },
    )
    .toBe("settled");

  await page.goto(`/#/pages/index/markets-business-order?id=${order.id}`);
  const verify = page.getByTestId("updown-verify");
  await expect(verify.getByTestId("updown-verify-chain")).toHaveAttribute("data-ok", "true");
  await expect(verify.getByTestId("updown-verify-chain")).toContainText("Hash chain intact");
  await expect(verify.getByTestId("updown-verify-derived")).toHaveAttribute("data-ok", "true");
  await expect(verify.getByTestId("updown-verify-witness")).toHaveAttribute("data-ok", "true");
  await expect(verify.getByTestId("updown-verify-witness")).toContainText("still holds");
  await expect(verify.getByTestId("updown-verify-entry")).toContainText(`#${order.entry!.id}`);
  await expect(verify.getByTestId("updown-verify-exit")).toContainText(`#${order.exit!.id}`);
  await expect(verify.getByTestId("updown-verify-entry").locator("code")).toHaveText(/^[0-9a-f]{64}$/);
  const rows = verify.getByTestId("updown-ticks").locator("tbody tr");
  await expect(rows.first()).toContainText("Entry");
  await expect(rows.last()).toContainText("Exit");
  await expect(verify.getByTestId("updown-verify-howto")).toContainText("npm run verify -- --url");
  // The signed receipt and settlement (issue 43): checked on the device, and kept there as first seen.
  await expect(verify.getByTestId("updown-verify-signed")).toHaveAttribute("data-ok", "true");
  await expect(verify.getByTestId("updown-verify-signed")).toContainText("match the copy kept on this device");
  await expect(verify.getByTestId("updown-verify-proves")).toContainText("simulated prices are fair draws");
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("updown_receipts") ?? "{}"));
  expect(kept[order.id]).toEqual({ receipt: order.receipt, settlement: order.settlement });
  const showSection = () =>
    verify.getByTestId("updown-verify-chain").evaluate((el) => el.scrollIntoView({ block: "center" }));
  await showSection();
  await page.screenshot({ path: path.join(shots, "order-verify-en.png") });
  await verify.getByTestId("updown-verify-proves").evaluate((el) => el.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: path.join(shots, "order-verify-proves-en.png") });

  await page.evaluate(() => localStorage.setItem("lang", "de"));
  await page.reload();
  await expect(verify.getByTestId("updown-verify-chain")).toContainText("Hash-Kette intakt");
  await expect(verify.getByTestId("updown-verify-witness")).toHaveAttribute("data-ok", "true");
  await showSection();
  await page.screenshot({ path: path.join(shots, "order-verify-de.png") });

  // A head this device saw that the log no longer holds as seen: the section says the log was rewritten.
  await page.evaluate((pair) => {
    const all = JSON.parse(localStorage.getItem("tick_witnesses") ?? "{}");
    all[pair][0].hash = "f".repeat(64);
    localStorage.setItem("tick_witnesses", JSON.stringify(all));
    localStorage.setItem("lang", "en");
  }, btc);
  await page.reload();
  await expect(verify.getByTestId("updown-verify-witness")).toHaveAttribute("data-ok", "false");
  await expect(verify.getByTestId("updown-verify-witness")).toContainText("rewritten");

  // A settlement this device kept that the server no longer shows as kept: the section says so.
  await page.evaluate((id) => {
    const all = JSON.parse(localStorage.getItem("updown_receipts") ?? "{}");
    all[id].settlement.payload = all[id].settlement.payload.replace('"result":"', '"result":"x');
    localStorage.setItem("updown_receipts", JSON.stringify(all));
  }, order.id);
  await page.reload();
  await expect(verify.getByTestId("updown-verify-signed")).toHaveAttribute("data-ok", "false");
  await expect(verify.getByTestId("updown-verify-signed")).toContainText("different receipt or settlement");
});
