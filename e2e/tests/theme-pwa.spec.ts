import { mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIResponse, Page } from "@playwright/test";
import { chromium } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { fund, type TestUser } from "../fixtures/users";

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const heading = (page: Page) => page.locator("header.page-header h1");
const theme = (page: Page) => page.locator("html");
const offlineBanner = (page: Page) => page.getByRole("status").filter({ hasText: "You are offline" });

let user: TestUser;
test.beforeAll(async ({ request, signUp }) => {
  mkdirSync(shots, { recursive: true });
  user = await signUp();
  await fund(request, user, "250.50");
});

/**
 * Every visible piece of text on the page whose contrast with what is behind it is under WCAG AA: 4.5:1, or 3:1 for
 * large text (24 px, or 18.66 px bold). The background is found by walking up the element's ancestors, blending
 * translucent ones; text over a gradient (the brand cards, checked by hand in app/styles.css) and disabled
 * controls (exempt) are left out.
 */
function contrastFailures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = color.match(/[\d.]+/g)?.map(Number) ?? [];
      return [r, g, b, a];
    };
    const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [
      r * a + br * (1 - a),
      g * a + bg * (1 - a),
      b * a + bb * (1 - a),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) => {
      const linear = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (high + 0.05) / (low + 0.05);
    };
    /** The opaque colour behind `element`, or null when a gradient or image is in the way. */
    const backdrop = (element: Element): Rgba | null => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== "none") return null;
        const color = parse(style.backgroundColor);
        if (color[3] > 0) layers.push(color);
        if (color[3] === 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const failures: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (element.closest("[disabled], [aria-disabled='true'], .adm-button-disabled")) continue;
      const background = backdrop(element);
      if (!background) continue;
      const style = getComputedStyle(element);
      let opacity = 1;
      for (let up: Element | null = element; up; up = up.parentElement) opacity *= Number(getComputedStyle(up).opacity);
      const [r, g, b, a] = parse(style.color);
      const foreground = over([r, g, b, a * opacity], background);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const value = ratio(foreground, background);
      if (value < (large ? 3 : 4.5))
        failures.push(`"${text.slice(0, 40)}" ${style.color} on ${background}: ${value.toFixed(2)}`);
    }
    return failures;
  });
}

test.describe("in a dark system", () => {
  test.use({ colorScheme: "dark" });

  test("markets and assets are dark, and their text passes AA", async ({ page, signIn }) => {
    await signIn(user);
    await page.goto("/#/pages/markets/markets");
    await expect(theme(page)).toHaveAttribute("data-prefers-color-scheme", "dark");
    await expect(page.getByTestId("pair-row").first()).toBeVisible();
    await expect(page.getByTestId("pair-row").first().locator(".change-pill")).toHaveText(/\d/);
    await page.waitForLoadState("networkidle");
    expect(await contrastFailures(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, "markets-dark.png") });

    await page.goto("/#/pages/assets/assets");
    await expect(page.getByTestId("available-USDT")).toHaveText("250.50");
    await page.waitForLoadState("networkidle");
    expect(await contrastFailures(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, "assets-dark.png") });
  });

  test("the account page's switch forces light, before the first paint of the next visit too", async ({
    page,
    signIn,
  }) => {
    await signIn(user);
    // What the page looks like before any module script (the app) runs: only public/theme-boot.js has run then.
    await page.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") {
          (window as unknown as { firstTheme: string | null }).firstTheme =
            document.documentElement.getAttribute("data-prefers-color-scheme");
        }
      });
    });
    await page.goto("/#/pages/user/account");
    await expect(theme(page)).toHaveAttribute("data-prefers-color-scheme", "dark");
    const appearance = page.getByRole("radiogroup", { name: "Appearance" });
    await expect(appearance.getByRole("radio", { name: "System" })).toBeChecked();
    expect(await contrastFailures(page)).toEqual([]);

    await appearance.getByRole("radio", { name: "Light" }).check();
    await expect(appearance.getByRole("radio", { name: "Light" })).toBeChecked();
    await expect(theme(page)).toHaveAttribute("data-prefers-color-scheme", "light");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(245, 246, 248)");
    expect(await contrastFailures(page)).toEqual([]);

    await page.reload();
    await expect(appearance.getByRole("radio", { name: "Light" })).toBeChecked();
    expect(await page.evaluate(() => (window as unknown as { firstTheme: string | null }).firstTheme)).toBe("light");
    await expect(theme(page)).toHaveAttribute("data-prefers-color-scheme", "light");

    await appearance.getByRole("radio", { name: "System" }).check();
    await expect(theme(page)).toHaveAttribute("data-prefers-color-scheme", "dark");
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { firstTheme: string | null }).firstTheme)).toBe("dark");
  });
});

test.describe("in a dark system, the operator console", () => {
  test.use({ colorScheme: "dark" });

  test("keeps its light styling, and the app turns dark again on leaving it", async ({ page }) => {
    await page.goto("/#/admin");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(theme(page)).toHaveAttribute("data-prefers-color-scheme", "light");
    await page.evaluate(() => {
      window.location.hash = "#/pages/markets/markets";
    });
    await expect(heading(page)).toHaveText("Markets");
    await expect(theme(page)).toHaveAttribute("data-prefers-color-scheme", "dark");
  });
});

test("up and down stay apart in both themes, and each reads on every surface", async ({ page }) => {
  await page.goto("/#/pages/markets/markets");
  await expect(heading(page)).toHaveText("Markets");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(theme(page)).toHaveAttribute("data-prefers-color-scheme", scheme);
    const colors = await page.evaluate(() => {
      const resolve = (name: string) => {
        const probe = document.createElement("span");
        probe.style.color = `var(${name})`;
        document.body.append(probe);
        const [r = 0, g = 0, b = 0] =
          getComputedStyle(probe)
            .color.match(/[\d.]+/g)
            ?.map(Number) ?? [];
        probe.remove();
        return [r, g, b] as const;
      };
      const names = ["--up", "--down", "--up-fill", "--down-fill", "--surface", "--surface-muted", "--page-background"];
      return Object.fromEntries(names.map((name) => [name, resolve(name)]));
    });
    const luminance = (rgb: readonly number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) =>
        v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
      );
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: readonly number[], b: readonly number[]) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (high + 0.05) / (low + 0.05);
    };
    const hue = ([r = 0, g = 0, b = 0]: readonly number[]) => {
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const d = max - min;
      const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      return (h * 60 + 360) % 360;
    };
    const up = colors["--up"] ?? [];
    const down = colors["--down"] ?? [];
    for (const surface of ["--surface", "--surface-muted", "--page-background"]) {
      expect(contrast(up, colors[surface] ?? []), `${scheme} up on ${surface}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(down, colors[surface] ?? []), `${scheme} down on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
    for (const fill of ["--up-fill", "--down-fill"]) {
      expect(contrast(colors[fill] ?? [], [255, 255, 255]), `${scheme} white on ${fill}`).toBeGreaterThanOrEqual(4.5);
    }
    // Green against red: far apart on the colour wheel.
    const apart = Math.abs(hue(up) - hue(down));
    expect(Math.min(apart, 360 - apart), `${scheme} hue between up and down`).toBeGreaterThan(90);
  }
});

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

test("the web app manifest is served with its type and what an install needs", async ({ page, request }) => {
  const response: APIResponse = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: "Cryptos", start_url: "./", scope: "./", display: "standalone" });
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.theme_color.toLowerCase()).toBe("#1652f0");
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = new Set<string>();
  for (const icon of manifest.icons) {
    const file = await request.get(new URL(icon.src, response.url()).pathname);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    sizes.add(`${icon.sizes} ${icon.purpose ?? "any"}`);
  }
  expect([...sizes]).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));

  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["cache-control"]).toBe("no-cache");

  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "./manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", /\S/);
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect((await request.get(new URL(touchIcon ?? "", page.url()).pathname)).status()).toBe(200);
});

// Lighthouse 12 dropped its PWA category; its installability audit was Chromium's own check, asked here directly.
// In a real profile: Playwright's usual contexts are incognito, where Chromium installs nothing.
test("Chromium finds the home page installable, with a manifest it parses without errors", async ({
  browserName,
}, testInfo) => {
  const launch = testInfo.project.use.launchOptions ?? {};
  const profile = await mkdtemp(path.join(tmpdir(), "cryptos-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...launch,
    viewport: { width: 375, height: 812 },
    baseURL: testInfo.project.use.baseURL,
  });
  try {
    expect(browserName).toBe("chromium");
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: { message: string }[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test("with the service worker active, the app opens offline and says it is offline", async ({ page, context }) => {
  await page.goto("/#/pages/markets/markets");
  await expect(page.getByTestId("pair-row").first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The shell was precached at install; what this first visit loaded before the worker existed (its translations)
  // is cached once the page hands the worker its list.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const assets = performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((url) => new URL(url).pathname.startsWith("/assets/"));
        const cached = await Promise.all(assets.map((url) => caches.match(url)));
        return assets.length > 0 && cached.every(Boolean);
      }),
    )
    .toBe(true);
  await expect(offlineBanner(page)).toHaveCount(0);

  await context.setOffline(true);
  await expect(offlineBanner(page)).toBeVisible();
  // Without the service worker this reload would be the browser's own "no internet" page.
  await page.reload();
  await expect(heading(page)).toHaveText("Markets");
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await expect(offlineBanner(page)).toBeVisible();
  // The API is never answered from a cache.
  expect(
    await page.evaluate(() =>
      fetch("/api/health").then(
        () => "answered",
        () => "failed",
      ),
    ),
  ).toBe("failed");
  await page.screenshot({ path: path.join(shots, "offline-en.png") });

  await context.setOffline(false);
  await expect(offlineBanner(page)).toHaveCount(0);
});

test("an API call that fails on the network shows the banner until the server answers again", async ({ page }) => {
  // The server "goes away" for API calls only: the browser itself stays online.
  await page.route("**/api/**", (route) => route.abort("connectionrefused"));
  await page.goto("/#/pages/markets/markets");
  await expect(heading(page)).toHaveText("Markets");
  await expect(offlineBanner(page)).toBeVisible();
  await page.unroute("**/api/**");
  // The next answer from the server (a retry, or the app's own probe every 10 s) hides the banner.
  await expect(offlineBanner(page)).toHaveCount(0, { timeout: 20_000 });
});
