import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { api, mailCodeNow, operator, uploadImage } from "../fixtures/users";
import { saveAddressWithTwoStep, TRC20_ADDRESS } from "../fixtures/withdrawals";

/**
 * Money state that updates itself (issue 41 item 2, decision 119): a submitted deposit shows on Assets as under way
 * at once, and the operator's approval turns it into the credited balance with a toast, without a reload; a
 * withdrawal completed by hand shows its transaction hash with an explorer link and the completion time (item 3).
 */

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const PAYOUT_HASH = "4f5e6d7c".repeat(8);

async function shot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  // A toast from the step before would cover what the picture is about.
  await expect(page.locator(".adm-toast-mask")).toBeHidden();
  await page.screenshot({ path: path.join(shots, `${name}-en.png`) });
}

test("Assets shows a pending deposit, then the credited balance without a reload; the withdraw log shows the payout's hash", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  test.setTimeout(45_000);
  const user = await signUp();
  await signIn(user);
  await page.goto("/#/pages/assets/assets");
  await expect(page.getByTestId("first-deposit")).toBeVisible();

  // Submitted elsewhere (another tab, the API): the open Assets screen shows it under way, and no longer invites a
  // first deposit.
  const channel = (await api(request, "listDepositChannels", { as: user })).items.find((c) => c.currency === "USDT")!;
  const deposit = await api(request, "submitDeposit", {
    as: user,
    body: { channel_id: channel.id, amount: "250", images: [await uploadImage(request, user)] },
  });
  const pending = page.getByTestId(`pending-deposit-${deposit.id}`);
  await expect(pending).toContainText("+250.00 USDT");
  await expect(pending).toContainText("Pending");
  await expect(page.getByTestId("pending-USDT")).toHaveText("Deposit pending: +250.00");
  await expect(page.getByTestId("first-deposit")).toBeHidden();
  await shot(page, "assets-pending-deposit");

  // The operator approves: the balance, the card and a toast follow over the live socket.
  const op = await operator(request);
  await api(request, "adminRechargeReview", { as: op, body: { id: deposit.id, action: "complete" } });
  await expect(page.getByTestId("available-USDT")).toHaveText("250.00");
  await expect(page.getByTestId("pending-money")).toBeHidden();
  await expect(page.getByText("Deposit credited: 250.00 USDT").first()).toBeVisible();

  // A withdrawal to an address saved with the two-step code (usable at once: decision 120), completed by hand with
  // the payout's transaction hash (decision 121).
  const authenticator = await saveAddressWithTwoStep(request, user);
  const code = await mailCodeNow(request, user.email, "withdraw");
  const withdrawal = await api(request, "requestWithdrawal", {
    as: user,
    body: {
      currency: "USDT",
      network: "TRC20",
      address: TRC20_ADDRESS,
      amount: "20",
      code,
      totp: authenticator.recovery[1]!,
    },
  });
  await expect(page.getByTestId(`pending-withdrawal-${withdrawal.id}`)).toContainText("−21.00 USDT");
  await api(request, "adminWithdrawReview", {
    as: op,
    body: { id: withdrawal.id, action: "complete", tx_hash: PAYOUT_HASH },
  });
  await expect(page.getByText("Withdrawal completed: 20.00 USDT").first()).toBeVisible();

  await page.goto("/#/pages/user/recharge-log?tab=withdrawals");
  const row = page.getByTestId(`withdrawal-${withdrawal.id}`);
  await expect(row).toContainText("Completed");
  await expect(row.getByRole("link", { name: PAYOUT_HASH })).toHaveAttribute(
    "href",
    `https://tronscan.org/#/transaction/${PAYOUT_HASH}`,
  );
  await expect(row.getByTestId(`withdrawal-${withdrawal.id}-completed`)).toBeVisible();
  await expect(row).toContainText("Paid out (amount + fee)");
  await expect(row).not.toContainText("Frozen until processed");
  await shot(page, "withdraw-log-hash");
});
