import { describe, expect, it } from "vitest";
import { afterLoginPath, HOME_PATH, isSafeRedirect, loginPath } from "./paths";

describe("the login page's way back", () => {
  it("takes only routes of this app", () => {
    expect(isSafeRedirect("/pages/assets/assets")).toBe(true);
    expect(isSafeRedirect("/pages/index/markets-business?id=3&type=1")).toBe(true);
    for (const bad of [
      null,
      "",
      "https://evil.example/",
      "//evil.example/pages/x",
      "/\\evil.example",
      "/pages/../admin",
      "/admin/users",
      "/pages/login",
      "/pages/login?redirect=/pages/assets/assets",
      "javascript:alert(1)",
      "/pages/x#y",
      "pages/assets/assets",
    ]) {
      expect(isSafeRedirect(bad), String(bad)).toBe(false);
    }
  });

  it("round-trips through the login page's address, else goes home", () => {
    const from = "/pages/index/markets-business?id=3";
    const login = loginPath(from);
    expect(login).toBe("/pages/login?redirect=%2Fpages%2Findex%2Fmarkets-business%3Fid%3D3");
    expect(afterLoginPath(`#${login}`)).toBe(from);
    expect(afterLoginPath(`#${login}&mode=register`)).toBe(from);
    expect(afterLoginPath("#/pages/login")).toBe(HOME_PATH);
    expect(afterLoginPath("#/pages/login?redirect=https%3A%2F%2Fevil.example")).toBe(HOME_PATH);
    expect(loginPath("https://evil.example")).toBe("/pages/login");
    expect(loginPath()).toBe("/pages/login");
    // Only the login page's parameter counts (the wallet sign-in also runs when the app starts on another page).
    expect(afterLoginPath("#/pages/assets/assets?redirect=%2Fpages%2Fuser%2Faccount")).toBe(HOME_PATH);
  });
});
