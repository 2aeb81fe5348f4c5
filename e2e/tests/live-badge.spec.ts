import { expect, type Page, test } from "@playwright/test";
import { call, operator, signInPage, signUp } from "../fixtures/users";

/** Resolves once the page's live socket has been told who is signed in (contract ws.ts `auth`). */
function socketSignedIn(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && payload.includes('"type":"authed"') && payload.includes('"signed_in":true'))
          resolve();
      });
    });
  });
}

test("an operator's message raises the unread badge live, without a reload or a focus change", async ({
  page,
  request,
}) => {
  const user = await signUp(request);
  const ops = await operator(request);
  const send = (title: string) =>
    call(request, "/api/admin/message", { token: ops, body: { uid: user.id, title, body: "<p>Live.</p>" } });
  const unread = () => call<number>(request, "/api/index/getnews", { token: user.token });

  await signInPage(page, user);
  const signedIn = socketSignedIn(page);
  await page.goto("/#/pages/index/index");
  const before = await unread();
  const bell = (count: number) =>
    page
      .getByRole("banner")
      .getByRole("button", count > 0 ? { name: `Messages (unread: ${count})` } : { name: "Messages", exact: true });
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
