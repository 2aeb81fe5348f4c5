import { beforeEach, describe, expect, it, vi } from "vitest";

type HashHistory = typeof import("./hash-history");

/** The module as a page that opened at `address` (path, query, hash) sees it: its state is per page load. */
async function openAt(address: string): Promise<HashHistory> {
  window.history.replaceState(null, "", address);
  vi.resetModules();
  return import("./hash-history");
}

/** Runs `move` (the browser's Back, Forward, …) and waits for the history to announce it. */
function moved(history: HashHistory, move: () => void): Promise<void> {
  return new Promise((resolve) => {
    const stop = history.subscribe(() => {
      stop();
      resolve();
    });
    move();
  });
}

const entry = () => window.history.state as { idx?: number; key?: string; usr?: unknown } | null;

describe("the hash history in a DOM", () => {
  let history: HashHistory;
  beforeEach(async () => {
    history = await openAt("/?utm=1#/pages/index/index");
  });

  it("numbers and keys the entry the page opened at before the first read, and reads the spec's #/path?query", async () => {
    history = await openAt("/#/pages/user/login?redirect=%2Fpages%2Fassets%2Fassets");
    expect(entry()).toBeNull();
    const first = history.currentLocation();
    expect(first).toMatchObject({ pathname: "/pages/user/login", search: "?redirect=%2Fpages%2Fassets%2Fassets" });
    expect(entry()).toMatchObject({ idx: 0, key: first.key });
    expect(first.key).not.toBe("default");
    // One object per entry, as useSyncExternalStore needs; the opening address stays what hydration rendered.
    expect(history.currentLocation()).toBe(first);
    expect(history.openingLocation()).toBe(first);
    expect(history.hasAppHistory()).toBe(false);
  });

  it("pushes and replaces entries in the hash with their index, a key of their own and the given state", () => {
    // Hydration's read: the address the page opened at, for good.
    const opened = history.openingLocation();
    const heard: string[] = [];
    const stop = history.subscribe(() => heard.push(history.lastNavigationType()));

    history.navigate("/pages/user/login?redirect=%2Fx", { state: { from: "home" } });
    const login = history.currentLocation();
    expect(window.location.pathname + window.location.search).toBe("/?utm=1");
    expect(window.location.hash).toBe("#/pages/user/login?redirect=%2Fx");
    expect(login).toMatchObject({ pathname: "/pages/user/login", search: "?redirect=%2Fx", state: { from: "home" } });
    expect(login.key).not.toBe(opened.key);
    expect(entry()?.idx).toBe(1);
    expect(history.hasAppHistory()).toBe(true);

    history.navigate("/pages/user/register", { replace: true });
    expect(history.currentLocation()).toMatchObject({ pathname: "/pages/user/register", state: null });
    expect(history.currentLocation().key).not.toBe(login.key);
    expect(entry()?.idx).toBe(1);
    expect(heard).toEqual(["PUSH", "REPLACE"]);
    expect(history.openingLocation()).toBe(opened);
    stop();
  });

  it("Back and Forward return to each entry with its own key, and say the browser moved (POP)", async () => {
    const home = history.currentLocation();
    history.navigate("/pages/markets/markets");
    const markets = history.currentLocation();
    history.navigate("/pages/trade/trade?pair=1");
    const trade = history.currentLocation();

    await moved(history, () => window.history.back());
    expect(history.currentLocation()).toMatchObject({ pathname: "/pages/markets/markets", key: markets.key });
    expect(history.lastNavigationType()).toBe("POP");
    expect(history.hasAppHistory()).toBe(true);

    await moved(history, () => window.history.forward());
    expect(history.currentLocation()).toMatchObject({
      pathname: "/pages/trade/trade",
      search: "?pair=1",
      key: trade.key,
    });

    await moved(history, () => history.navigate(-2));
    expect(history.currentLocation()).toMatchObject({ pathname: "/pages/index/index", key: home.key });
    expect(history.hasAppHistory()).toBe(false);
  });

  it("takes a hash typed into the address bar as the browser's move, on an entry it did not number", async () => {
    history.currentLocation();
    // What the browser does for a typed hash: a new entry without state, then hashchange.
    await moved(history, () => {
      window.history.pushState(null, "", "#/pages/assets/assets");
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    expect(history.currentLocation()).toMatchObject({ pathname: "/pages/assets/assets", key: "default", state: null });
    expect(history.lastNavigationType()).toBe("POP");
    // Going back stays in this visit: the browser knows of the entry before it.
    expect(history.hasAppHistory()).toBe(window.history.length > 1);

    history.navigate("/pages/assets/recharge");
    expect(entry()?.idx).toBe(1);
    history.navigate("/pages/assets/withdraw", { replace: true });
    expect(entry()?.idx).toBe(1);
  });

  it("stops listening to the window once the last subscriber leaves", () => {
    const heard = vi.fn();
    const stop = history.subscribe(heard);
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new PopStateEvent("popstate"));
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
