import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { ROUTES } from "../fixtures/routes";
import { expect, test } from "../fixtures/test";
import { api, fund } from "../fixtures/users";

/**
 * Issue 41, items 1 and 10: every route, signed out and signed in, light and dark, in one page per mode that moves
 * by hash (no reloads): axe-core finds no critical or serious violation, and every control is at least 40x40 CSS px
 * at 375x812 (the smaller of its box and its tap area, the box of its label for a check box or radio).
 */

const MIN_PX = 40;
// axe-core's own script, put in the page once per mode: the page moves by hash, so it stays (AxeBuilder would put it
// in again for every scan).
const AXE_SOURCE = createRequire(import.meta.url)("axe-core").source as string;
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: Array<{ target: unknown[] }>;
}

interface Problem {
  mode: string;
  route: string;
  what: string;
}

/** Controls (buttons, links, inputs, tabs, options) drawn smaller than 40x40, as "name WxH". */
function smallControls(page: Page, min: number): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="option"], [role="radio"], [role="switch"], [role="checkbox"], [role="link"]';
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest("[aria-hidden='true'], [inert]")) continue;
      // A check box or radio is hit through its label: the label's box counts.
      const target =
        element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")
          ? (element.closest("label") ?? element)
          : element;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      // Hidden off-screen until focused (the skip link) is not a control to hit with a thumb.
      if (element.classList.contains("skip-link")) continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 30);
        small.push(
          `${element.tagName.toLowerCase()}.${String(element.className).split(" ")[0]} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, min);
}

async function audit(page: Page, mode: string, paths: string[], problems: Problem[]) {
  for (const path of paths) {
    const started = Date.now();
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, path);
    await expect(page.locator("main.page__body").first(), `${mode} ${path}: the page's main`).toBeVisible();
    // The page's data in, its loader gone: what a user sees, not a skeleton.
    await expect(
      page.locator(".adm-skeleton, .adm-dot-loading, .delayed-loader"),
      `${mode} ${path}: the page's data in, its loader gone`,
    ).toHaveCount(0, { timeout: 15_000 });
    const t0 = Date.now();
    const violations = await page.evaluate(async (tags) => {
      const axe = (
        window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return result.violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        nodes: nodes.map((n) => ({ target: n.target })),
      }));
    }, AXE_TAGS);
    if (process.env.A11Y_LOG) console.log("axe", Date.now() - t0);
    for (const violation of violations) {
      if (
        violation.impact !== "critical" &&
        violation.impact !== "serious" &&
        violation.id !== "label-content-name-mismatch"
      )
        continue;
      if (process.env.A11Y_LOG)
        console.log(mode, path, violation.impact, violation.id, JSON.stringify(violation.nodes.map((n) => n.target)));
      problems.push({
        mode,
        route: path,
        what: `${violation.impact} ${violation.id}: ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      });
    }
    for (const small of await smallControls(page, MIN_PX)) {
      if (process.env.A11Y_LOG) console.log(mode, path, "small", small);
      problems.push({ mode, route: path, what: `small ${small}` });
    }
    if (process.env.A11Y_LOG) console.log(mode, path, Date.now() - started);
  }
}

test("every route: no critical or serious axe violation, every control at least 40x40 (ja, light and dark, signed out and in)", async ({
  request,
  signUp,
  pageIn,
}) => {
  test.setTimeout(120_000);
  const user = await signUp();
  await fund(request, user, "100");
  const btc = 1;
  const order = await api(request, "placeUpDownOrder", {
    as: user,
    body: { productid: btc, direction: "up", amount: "10", seconds: 30 },
  });
  const paths = ROUTES.map(({ path }) => {
    if (path.endsWith("/markets-business")) return `${path}?id=${btc}`;
    if (path.endsWith("/markets-business-order")) return `${path}?id=${order.id}`;
    if (path.endsWith("/arbitrage-product")) return `${path}?id=1`;
    if (path.endsWith("/message-id")) return `${path}?id=1`;
    return path;
  });
  const extra = ["/pages/user/security", "/pages/user/withdraw-addresses", "/pages/user/reset-password"];
  const problems: Problem[] = [];
  // The four modes side by side, each in its own context: most of a route's time is the app waiting for its data.
  // Without the service worker: its precache of every asset after the first idle moment (about 150 files, four
  // contexts at once) queued each route's own chunk and translations behind it on a busy machine, past the wait for
  // the page (seen in CI, and here under load at /pages/login: the route's translations asked for 6 s after its
  // chunk had arrived). The worker has its own specs (theme-pwa, offline-words).
  const modes = [false, true].flatMap((dark) => [false, true].map((signedIn) => ({ dark, signedIn })));
  await Promise.all(
    modes.map(async ({ dark, signedIn }) => {
      const mode = `${signedIn ? "in" : "out"}-${dark ? "dark" : "light"}`;
      const page = await pageIn("ja", signedIn ? user : undefined, {
        colorScheme: dark ? "dark" : "light",
        serviceWorkers: "block",
      });
      await page.goto("/#/pages/index/index");
      await page.evaluate(AXE_SOURCE);
      await audit(page, mode, signedIn ? [...paths, ...extra] : paths, problems);
      await page.context().close();
    }),
  );
  expect(problems.map((p) => `${p.mode} ${p.route} ${p.what}`)).toEqual([]);
});
