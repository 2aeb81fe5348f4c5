import type { UserInfo } from "@cryptos/contract";
import type { APIRequestContext, Locator } from "@playwright/test";
import { E2E_OPERATOR } from "../e2e-env.mjs";
import { consoleShot as shot } from "../fixtures/console";
import { expect, test } from "../fixtures/test";
import { api, enrolTotp, fund, mailCodeNow, operator, type TestUser, uploadImage } from "../fixtures/users";
import { saveAddressWithTwoStep, TRC20_ADDRESS } from "../fixtures/withdrawals";

test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false });

/** Every image in the row has actually loaded (a signed URL the operator may read), not just an <img> tag. */
async function expectImagesLoaded(row: Locator) {
  const images = row.locator("img");
  await expect(images.first()).toBeVisible();
  for (const image of await images.all()) {
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
  }
}

const userInfo = (request: APIRequestContext, user: TestUser) => api(request, "getUserInfo", { as: user });
const usdt = (info: UserInfo) => info.users.balances.find((b) => b.currency === "USDT");
const personalMessages = async (request: APIRequestContext, user: TestUser) =>
  (await api(request, "listMessages", { as: user, query: { cid: 3, page: 1, list: 20 } })).items;

test("the operator reviews a deposit, a withdrawal and a real-name in the console; users see each result", async ({
  page,
  request,
  signUp,
}) => {
  test.setTimeout(120_000);

  // A pending withdrawal, with the code the server emails for it. Sign-up mailed a code moments ago and the
  // server sends one code per email per CODE_RESEND_S, so the withdrawer signs up first and asks until it is sent.
  const withdrawer = await signUp();
  await fund(request, withdrawer, "100");
  // An address saved with the two-step code is usable at once (decision 120).
  const authenticator = await saveAddressWithTwoStep(request, withdrawer);

  // A pending deposit with a proof image.
  const depositor = await signUp();
  const channels = await api(request, "listDepositChannels", { as: depositor });
  const channel = channels.items.find((c) => c.currency === "USDT");
  if (!channel) throw new Error("no USDT deposit channel");
  const proof = await uploadImage(request, depositor);
  const deposit = await api(request, "submitDeposit", {
    as: depositor,
    body: { channel_id: channel.id, amount: "250", images: [proof] },
  });

  // A pending real-name submission with two document images.
  const applicant = await signUp();
  const front = await uploadImage(request, applicant);
  const back = await uploadImage(request, applicant);
  await api(request, "submitRealName", {
    as: applicant,
    body: { name: "Ada Lovelace", doc_type: "passport", doc_number: "P1234567", images: [front, back] },
  });

  const code = await mailCodeNow(request, withdrawer.email, "withdraw");
  const withdrawal = await api(request, "requestWithdrawal", {
    as: withdrawer,
    body: {
      currency: "USDT",
      network: "TRC20",
      address: TRC20_ADDRESS,
      amount: "40",
      code,
      totp: await authenticator.nextCode(),
    },
  });
  expect(usdt(await userInfo(request, withdrawer))?.available).not.toBe("100");

  // The operator signs in through the console's own form.
  await page.goto("/#/admin");
  await expect(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
  await expect(page.locator(".tab-bar")).toHaveCount(0);
  await page.getByLabel("Email").fill(E2E_OPERATOR.email);
  await page.getByLabel("Password").fill(E2E_OPERATOR.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cryptos_operator_token"))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem("web3_token"))).toBeNull();
  const pendingDeposits = page.locator(".console-card", { hasText: "Pending deposits" });
  await expect(pendingDeposits.locator(".console-card__value")).toHaveText("1");
  await expect(page.locator(".console-card", { hasText: "Pending withdrawals" })).toContainText("1");
  await expect(page.locator(".console-card", { hasText: "Pending real-name checks" })).toContainText("1");
  await expect(page.locator(".console-card", { hasText: "Ledger" })).toContainText("OK");
  await shot(page, "dashboard");

  // Deposit: the proof image is shown; completing it credits the user.
  const nav = page.getByRole("navigation", { name: "Console sections" });
  // A review section's name ends with its pending count ("Deposits 1 pending").
  const open = (section: string) => nav.getByRole("link", { name: new RegExp(`^${section}(\\s|$)`) }).click();
  await open("Deposits");
  const depositRow = page.getByTestId(`deposit-${deposit.id}`);
  await expect(depositRow).toContainText("250.00 USDT");
  await expectImagesLoaded(depositRow);
  await shot(page, "deposits");
  await depositRow.getByRole("button", { name: /^Complete/ }).click();
  await page.locator(".adm-modal").getByRole("button", { name: "Complete" }).click();
  await expect(depositRow).toHaveCount(0);
  await page.getByRole("button", { name: "Completed", exact: true }).click();
  await expect(depositRow.getByText("Completed")).toBeVisible();

  // Withdrawal: rejected with a reason the user reads.
  await open("Withdrawals");
  const withdrawalRow = page.getByTestId(`withdrawal-${withdrawal.id}`);
  await expect(withdrawalRow).toContainText("40.00 USDT");
  await expect(withdrawalRow).toContainText(TRC20_ADDRESS);
  await withdrawalRow.getByRole("button", { name: /^Reject/ }).click();
  const dialog = page.getByRole("dialog", { name: /Reject this withdrawal/ });
  await expect(dialog.getByRole("button", { name: "Reject" })).toBeDisabled();
  await dialog.getByLabel("Reason").fill("Destination address failed the sanctions screening");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(withdrawalRow).toHaveCount(0);

  // Real-name: the document images are shown; verified.
  await open("Real-name");
  const realRow = page.getByTestId(/^real-name-/).filter({ hasText: "Ada Lovelace" });
  await expect(realRow).toContainText("P1234567");
  await expect(realRow.locator("img")).toHaveCount(2);
  await expectImagesLoaded(realRow);
  await realRow.getByRole("button", { name: /^Complete/ }).click();
  await page.locator(".adm-modal").getByRole("button", { name: "Complete" }).click();
  await expect(realRow).toHaveCount(0);

  // The dashboard has nothing left pending.
  await open("Dashboard");
  await expect(pendingDeposits.locator(".console-card__value")).toHaveText("0");

  // Users: search finds the depositor, whose detail shows the credited balance and the deposit bill.
  await open("Users");
  await page.getByRole("searchbox", { name: "Search" }).fill(depositor.email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody")).toContainText(depositor.email);
  await page.getByRole("searchbox", { name: "Search" }).fill("");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  // Other specs share this server, so there may be more users than this test's three.
  await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThanOrEqual(3);
  await shot(page, "users");
  await page.getByRole("link", { name: `Open user #${depositor.id}` }).click();
  await expect(page.getByRole("heading", { name: `User #${depositor.id}` })).toBeVisible();
  await expect(page.locator("section", { hasText: "Balances" }).getByRole("row", { name: /USDT/ })).toContainText(
    "250.00",
  );
  await expect(page.getByRole("tabpanel")).toContainText("Deposit");

  // A personal message and a credit score change (its reason reaches the user as a message too).
  await page.getByRole("button", { name: "Send message" }).click();
  const messageDialog = page.getByRole("dialog", { name: "Send message" });
  await messageDialog.getByLabel("Title").fill("Welcome aboard");
  await messageDialog.getByLabel("Message").fill("Your first deposit has arrived. Write to us any time.");
  await messageDialog.getByRole("button", { name: "Send" }).click();
  await expect(messageDialog).toHaveCount(0);
  await page.getByRole("button", { name: "Change credit score" }).click();
  const creditDialog = page.getByRole("dialog", { name: "Change credit score" });
  await creditDialog.getByLabel("New score (0–1000)").fill("120");
  await creditDialog.getByLabel("Reason").fill("Verified deposit history");
  await creditDialog.getByRole("button", { name: "Save" }).click();
  await expect(creditDialog).toHaveCount(0);
  await expect(page.locator(".console-dl")).toContainText("120");
  await shot(page, "user");

  // Each user sees the result and a message about it.
  expect(usdt(await userInfo(request, depositor))?.available).toBe("250");
  const depositorMessages = await personalMessages(request, depositor);
  expect(depositorMessages.map((m) => m.title)).toContain("Welcome aboard");
  expect(depositorMessages.length).toBeGreaterThanOrEqual(3);
  expect((await userInfo(request, depositor)).userinfo.credit_score).toBe(120);

  const afterReject = usdt(await userInfo(request, withdrawer));
  expect(afterReject?.available).toBe("100");
  expect(afterReject?.frozen).toBe("0");
  const withdrawals = await api(request, "listWithdrawals", { as: withdrawer });
  const rejected = withdrawals.items.find((w) => w.id === withdrawal.id);
  expect(rejected?.status).toBe("rejected");
  expect(rejected?.reason).toBe("Destination address failed the sanctions screening");
  const withdrawerMessages = await personalMessages(request, withdrawer);
  const bodies = await Promise.all(
    withdrawerMessages.map(async (m) => api(request, "readMessage", { as: withdrawer, query: { id: m.id } })),
  );
  expect(bodies.some((m) => m.body.includes("Destination address failed the sanctions screening"))).toBe(true);

  const real = await api(request, "getRealNameStatus", { as: applicant });
  expect(real.status).toBe("verified");
  expect((await userInfo(request, applicant)).users.real_name_status).toBe("verified");
  expect((await personalMessages(request, applicant)).length).toBeGreaterThan(0);

  // The audit log shows the three reviews, by this operator, filterable by action.
  await open("Audit log");
  await expect(page.locator('tr[data-action="deposit.complete"]', { hasText: `#${deposit.id}` })).toBeVisible();
  await expect(page.locator('tr[data-action="withdrawal.reject"]')).toContainText(
    "Destination address failed the sanctions screening",
  );
  await expect(page.locator('tr[data-action="real_name.complete"]')).toHaveCount(1);
  await expect(page.locator('tr[data-action="user.credit"]')).toContainText("Verified deposit history");
  await expect(page.locator('tr[data-action="message.send"]')).toHaveCount(1);
  await expect(page.locator('tr[data-action="withdrawal.reject"]')).toContainText(E2E_OPERATOR.email);
  await page.getByLabel("Action").selectOption("withdrawal.reject");
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toHaveAttribute("data-action", "withdrawal.reject");

  // Ledger health is green after all of it.
  await open("Ledger health");
  await expect(page.locator(".console-banner--ok")).toBeVisible();

  // Logging out forgets only the operator's token.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cryptos_operator_token"))).toBeNull();
});

test("a user's token opens nothing in the console", async ({ page, signUp }) => {
  const user = await signUp();
  await page.addInitScript((token) => {
    localStorage.setItem("cryptos_operator_token", token);
  }, user.token);
  await page.goto("/#/admin/users");
  // The server refuses the user token for operator calls, and the console falls back to its sign-in form.
  await expect(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cryptos_operator_token"))).toBeNull();
});

test("the operator turns off a user's two-step verification with a reason; the user can sign in without a code", async ({
  page,
  request,
  signUp,
}) => {
  const user = await signUp();
  await enrolTotp(request, user);
  const operatorToken = await operator(request);
  await page.addInitScript((token) => {
    localStorage.setItem("cryptos_operator_token", token);
  }, operatorToken);
  await page.goto(`/#/admin/users/${user.id}`);
  await expect(page.getByRole("heading", { name: `User #${user.id}` })).toBeVisible();
  await expect(page.locator(".console-dl")).toContainText("Two-step verificationOn");

  await page.getByRole("button", { name: "Turn off two-step verification" }).click();
  const dialog = page.getByRole("dialog", { name: "Turn off two-step verification" });
  await expect(dialog).toContainText(user.email);
  await expect(dialog.getByRole("button", { name: "Turn off" })).toBeDisabled();
  await dialog.getByLabel("Reason").fill("Lost phone; identity checked by video call");
  await shot(page, "user-totp-reset");
  await dialog.getByRole("button", { name: "Turn off" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(".console-dl")).toContainText("Two-step verificationOff");
  await expect(page.getByRole("button", { name: "Turn off two-step verification" })).toHaveCount(0);

  // The user signs in with the password alone, and reads the reason in a message.
  await api(request, "login", { body: { type: 1, username: user.email, password: user.password } });
  const messages = await personalMessages(request, user);
  expect(messages.map((m) => m.title)).toContain("Two-step verification was turned off");
  // The audit log has it, with the reason.
  await page.goto("/#/admin/audit");
  await expect(page.locator('tr[data-action="user.totp.reset"]').first()).toContainText(
    "Lost phone; identity checked by video call",
  );
});
