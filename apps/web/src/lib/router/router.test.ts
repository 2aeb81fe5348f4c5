import { describe, expect, it } from "vitest";
import { parseAddress } from "./hash-history";
import { matchPath } from "./index";

describe("parseAddress (the part of the URL after its #)", () => {
  it("splits the path, the query and a hash inside the hash", () => {
    expect(parseAddress("/pages/user/login?redirect=%2Fpages%2Fassets%2Fassets#top")).toEqual({
      pathname: "/pages/user/login",
      search: "?redirect=%2Fpages%2Fassets%2Fassets",
      hash: "#top",
    });
  });

  it("reads a missing or bare address as the root, and a path typed without its slash as with it", () => {
    expect(parseAddress("")).toEqual({ pathname: "/", search: "", hash: "" });
    expect(parseAddress("?")).toEqual({ pathname: "/", search: "", hash: "" });
    expect(parseAddress("pages/index/index")).toEqual({ pathname: "/pages/index/index", search: "", hash: "" });
  });

  it("keeps a query that holds a ? of its own", () => {
    expect(parseAddress("/a?next=/b?c=1").search).toBe("?next=/b?c=1");
  });
});

describe("matchPath (the route table's patterns)", () => {
  it("matches a page whatever the case, with or without a trailing slash, and nothing longer", () => {
    expect(matchPath("/pages/markets/markets", "/pages/markets/markets")).toBe(true);
    expect(matchPath("/pages/markets/markets", "/PAGES/Markets/markets/")).toBe(true);
    expect(matchPath("/pages/markets/markets", "/pages/markets/markets/x")).toBe(false);
    expect(matchPath("/pages/markets/markets", "/pages/markets")).toBe(false);
  });

  it("matches the console's pattern at /admin itself and under it, not beside it", () => {
    expect(matchPath("/admin/*?", "/admin")).toBe(true);
    expect(matchPath("/admin/*?", "/admin/users/7")).toBe(true);
    expect(matchPath("/admin/*?", "/administrator")).toBe(false);
  });

  it("takes a parameter's segment, one only", () => {
    expect(matchPath("/admin/users/:uid", "/admin/users/7")).toBe(true);
    expect(matchPath("/admin/users/:uid", "/admin/users/7/edit")).toBe(false);
  });
});
