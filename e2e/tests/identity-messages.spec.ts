import { messagesBell, unreadCount } from "../fixtures/messages";
import { expect, test } from "../fixtures/test";
import { api, operator, uploadImage } from "../fixtures/users";

const heading = (page: import("@playwright/test").Page) => page.locator("header.page-header h1");

test("a real-name submission verified by the operator shows as verified", async ({ page, request, signUp, signIn }) => {
  const user = await signUp();
  const images = [await uploadImage(request, user), await uploadImage(request, user)];
  await api(request, "submitRealName", {
    as: user,
    body: { name: "Bea Example", doc_type: "passport", doc_number: "P7654321", images },
  });
  const ops = await operator(request);
  const pending = await api(request, "adminRealList", {
    as: ops,
    body: { status: "pending", uid: user.id },
  });
  await api(request, "adminRealReview", { as: ops, body: { id: pending.items[0]!.id, action: "complete" } });

  await signIn(user);
  await page.goto("/#/pages/user/realname");
  await expect(heading(page)).toHaveText("Real-name verification");
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
});

test("an operator's message raises the unread badge, and reading it clears the badge", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  const user = await signUp();
  await signIn(user);
  await page.goto("/#/pages/index/index");
  // A new user's count starts with the announcements that are news to them (the seeded welcome).
  const before = await unreadCount(request, user);
  await expect(messagesBell(page, before)).toBeVisible();

  await api(request, "adminMessage", {
    as: await operator(request),
    body: { uid: user.id, title: "Your deposit is on its way", body: "<p>We are checking it.</p>" },
  });
  await page.reload();
  const bell = messagesBell(page, before + 1);
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(heading(page)).toHaveText("Messages");
  await page.getByText("Your deposit is on its way").click();
  await expect(heading(page)).toHaveText("Message details");
  await expect(page.getByText("We are checking it.")).toBeVisible();

  await page.goto("/#/pages/index/index");
  await expect(messagesBell(page, before)).toBeVisible();
});
