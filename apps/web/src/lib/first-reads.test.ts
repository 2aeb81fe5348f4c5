import { describe, expect, it } from "vitest";
import { dropFirstReads, type FirstRead, takeFirstRead } from "./first-reads";

const answer = (body: string) => Promise.resolve(new Response(body));

function reads(): FirstRead[] {
  return [
    {
      method: "GET",
      url: "/api/index/productlist?product_type=1",
      body: null,
      language: "en",
      token: null,
      response: answer("pairs"),
    },
    { method: "POST", url: "/api/index/userinfo", body: "{}", language: "de", token: "t1", response: answer("user") },
  ];
}

const headers = (lang: string, token?: string) => ({
  lang,
  accept: "application/json",
  ...(token ? { authorization: `Bearer ${token}`, token } : {}),
});
const get = (lang: string, token?: string): RequestInit => ({ method: "GET", headers: headers(lang, token) });
const post = (body: string, lang: string, token?: string): RequestInit => ({
  method: "POST",
  headers: { ...headers(lang, token), "content-type": "application/json" },
  body,
});

describe("takeFirstRead", () => {
  it("gives the read under way to the request that would repeat it, once", async () => {
    const pending = reads();
    const taken = takeFirstRead("/api/index/productlist?product_type=1", get("en"), pending);
    expect(await (await taken)?.text()).toBe("pairs");
    expect(takeFirstRead("/api/index/productlist?product_type=1", get("en"), pending)).toBeUndefined();
    expect(pending).toHaveLength(1);
  });

  it("matches the method, body, session and language as well as the address", async () => {
    const pending = reads();
    expect(takeFirstRead("/api/index/userinfo", post("{}", "de"), pending)).toBeUndefined();
    expect(takeFirstRead("/api/index/userinfo", post("{}", "en", "t1"), pending)).toBeUndefined();
    expect(takeFirstRead("/api/index/userinfo", post("{}", "de", "t2"), pending)).toBeUndefined();
    expect(takeFirstRead("/api/index/userinfo", post('{"id":1}', "de", "t1"), pending)).toBeUndefined();
    expect(takeFirstRead("/api/index/userinfo", get("de", "t1"), pending)).toBeUndefined();
    expect(takeFirstRead("/api/index/productlist?product_type=1", get("en", "t1"), pending)).toBeUndefined();
    expect(takeFirstRead("/api/index/productlist?product_type=2", get("en"), pending)).toBeUndefined();
    expect(takeFirstRead("/api/index/productlist?product_type=1", post("{}", "en"), pending)).toBeUndefined();
    expect(pending).toHaveLength(2);
    expect(await (await takeFirstRead("/api/index/userinfo", post("{}", "de", "t1"), pending))?.text()).toBe("user");
  });

  it("has nothing to give once the reads are dropped, or when the page sent none", () => {
    const pending = reads();
    dropFirstReads(pending);
    expect(takeFirstRead("/api/index/productlist?product_type=1", get("en"), pending)).toBeUndefined();
    expect(takeFirstRead("/api/index/productlist?product_type=1", get("en"), undefined)).toBeUndefined();
  });
});
