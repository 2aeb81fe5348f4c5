import type { Page } from "@playwright/test";
import { gate } from "../fixtures/gate";
import { messagesBell, unreadCount } from "../fixtures/messages";
import { expect, test } from "../fixtures/test";
import { api, operator } from "../fixtures/users";

/** Resolves at the first frame the page's live socket receives that holds every one of `parts`. */
function socketFrame(page: Page, ...parts: string[]): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && parts.every((part) => payload.includes(part))) resolve();
      });
    });
  });
}

/** Resolves once the page's live socket has been told who is signed in (contract ws.ts `auth`). */
const socketSignedIn = (page: Page) => socketFrame(page, '"type":"authed"', '"signed_in":true');

test("an operator's message raises the unread badge live, without a reload or a focus change", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  const user = await signUp();
  const ops = await operator(request);
  const send = (title: string) =>
    api(request, "adminMessage", { as: ops, body: { uid: user.id, title, body: "<p>Live.</p>" } });

  await signIn(user);
  const signedIn = socketSignedIn(page);
  await page.goto("/#/pages/index/index");
  const before = await unreadCount(request, user);
  const bell = (count: number) => messagesBell(page, count);
  await expect(bell(before)).toBeVisible();
  await signedIn;

  await send("Your deposit is on its way");
  await expect(bell(before + 1)).toBeVisible({ timeout: 5_000 });
  await page.screenshot({ path: test.info().outputPath("home-live-badge.png") });

  // The account screen's badge follows too (moving there keeps the page and its socket).
  await page.evaluate(() => {
    window.location.hash = "#/pages/user/account";
  });
  const accountBadge = (count: number) => page.getByLabel(`${count} unread message${count === 1 ? "" : "s"}`);
  await expect(accountBadge(before + 1)).toBeVisible();
  await send("Your withdrawal was sent");
  await expect(accountBadge(before + 2)).toBeVisible({ timeout: 5_000 });
});

test("a message that arrives while the badge's first read is on its way still raises the badge", async ({
  page,
  request,
  signUp,
  signIn,
}) => {
  const user = await signUp();
  const before = await unreadCount(request, user);
  const ops = await operator(request);
  // The first read of the count leaves before the message exists, and its answer is held until the server has
  // announced the message: the app must read again rather than keep that answer.
  const firstRead = gate();
  const held = gate();
  await page.route(
    "**/api/index/getnews",
    async (route) => {
      const response = await route.fetch();
      firstRead.open();
      await held.opened;
      await route.fulfill({ response }).catch(() => undefined); // the app may have cancelled it meanwhile
    },
    { times: 1 },
  );
  const announced = socketFrame(page, '"topic":"messages"');
  const signedIn = socketSignedIn(page);
  await signIn(user);
  await page.goto("/#/pages/index/index");
  await Promise.all([signedIn, firstRead.opened]);
  await api(request, "adminMessage", { as: ops, body: { uid: user.id, title: "Early", body: "<p>Hi.</p>" } });
  await announced;
  held.open();
  await expect(messagesBell(page, before + 1)).toBeVisible();
});
