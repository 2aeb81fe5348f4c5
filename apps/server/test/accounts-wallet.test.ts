import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type BodyOf, type Calls, RPC_RATE_LIMIT_CODE } from "@cryptos/contract";
import { sql } from "drizzle-orm";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { users } from "../src/db/schema";
import { ManualClock } from "../src/lib/clock";
import { startTestApp, type TestApp } from "./helper";

const ORIGIN = "https://cryptos.test";
const newAccount = () => privateKeyToAccount(generatePrivateKey());

type LoginInput = BodyOf<Calls["login"]>;

describe("wallet sign-in (EIP-4361)", () => {
  let t: TestApp;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await startTestApp({ config: { publicOrigin: ORIGIN }, clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function nonceFor(address: string) {
    const res = await t.send("nonce", { body: { address } });
    expect(res.body.code).toBe(1);
    return res.body.data!;
  }

  /** The message a wallet signs, built from what the nonce call returned, with optional changes. */
  async function signedLogin(
    account: PrivateKeyAccount,
    overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
    signer: PrivateKeyAccount = account,
  ): Promise<LoginInput & { message: string }> {
    const n = await nonceFor(account.address);
    const message = createSiweMessage({
      address: account.address,
      chainId: n.chain_id,
      domain: n.domain,
      nonce: n.nonce,
      uri: n.uri,
      version: "1",
      issuedAt: clock.now(),
      statement: "Sign in to Cryptos",
      ...overrides,
    });
    const signature = await signer.signMessage({ message });
    return { type: 3, username: account.address, message, signature };
  }

  const login = (body: LoginInput) => t.send("login", { body });

  it("issues a nonce naming this site's domain and URI", async () => {
    const n = await nonceFor(newAccount().address);
    expect(n).toMatchObject({ domain: "cryptos.test", uri: ORIGIN, chain_id: 1 });
    expect(n.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
    expect(new Date(n.expires_at).getTime() - clock.now().getTime()).toBe(10 * 60_000);
  });

  it("signs in with a real signature, creates the user once, and returns a session token", async () => {
    const account = newAccount();
    const first = await login(await signedLogin(account));
    expect(first.body.code).toBe(1);
    const { token, id } = first.body.data!.userinfo;

    const info = await t.send("getUserInfo", { as: token });
    expect(info.body).toMatchObject({
      code: 1,
      data: { userinfo: { id, token, address: account.address, email: null, login_type: 3 } },
    });

    // The second sign-in (address in lower case this time) finds the same user.
    const again = await login({ ...(await signedLogin(account)), username: account.address.toLowerCase() });
    expect(again.body.code).toBe(1);
    expect(again.body.data!.userinfo.id).toBe(id);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.address}) = ${account.address.toLowerCase()}`);
    expect(row?.n).toBe(1);
  });

  it("refuses a replayed nonce", async () => {
    const account = newAccount();
    const body = await signedLogin(account);
    expect((await login(body)).body.code).toBe(1);
    const replay = await login(body);
    expect(replay.body.code).toBe(0);
  });

  it("lets only one of two simultaneous sign-ins with the same nonce through", async () => {
    const body = await signedLogin(newAccount());
    const answers = await Promise.all([login(body), login(body)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 1]);
  });

  it("refuses a message for another domain", async () => {
    const res = await login(await signedLogin(newAccount(), { domain: "evil.example" }));
    expect(res.body).toEqual({ code: 0, msg: "The sign-in message is not valid for this site; please sign in again" });
  });

  it("refuses a message signed for another chain, with a message naming the chain to sign for", async () => {
    // A real key signs a message that is right in every way but its chain (Polygon's 137 instead of CHAIN_ID's 1).
    const account = newAccount();
    const res = await login(await signedLogin(account, { chainId: 137 }));
    expect(res.body).toEqual({
      code: 0,
      msg: "The sign-in message is for another network; please sign in again on chain ID 1",
    });
    // In the reader's language too; and the same key, signing for chain 1, gets in.
    const zh = await t.send("login", {
      body: await signedLogin(account, { chainId: 5 }),
      headers: { lang: "zh-CN" },
    });
    expect(zh.body).toEqual({ code: 0, msg: "登录消息属于其他网络，请在链 ID 1 上重新登录" });
    expect((await login(await signedLogin(account))).body.code).toBe(1);
  });

  it("refuses a message for another URI", async () => {
    const res = await login(await signedLogin(newAccount(), { uri: "https://evil.example/login" }));
    expect(res.body.code).toBe(0);
  });

  it("refuses an expired message", async () => {
    const issuedAt = new Date(clock.now().getTime() - 5 * 60_000);
    const expirationTime = new Date(clock.now().getTime() - 1000);
    const res = await login(await signedLogin(newAccount(), { issuedAt, expirationTime }));
    expect(res.body).toEqual({ code: 0, msg: "The sign-in request has expired; please sign in again" });
  });

  it("refuses a message that expires after its nonce did", async () => {
    const account = newAccount();
    const body = await signedLogin(account, { expirationTime: new Date(clock.now().getTime() + 3600_000) });
    clock.advance(11 * 60_000);
    const res = await login(body);
    expect(res.body.code).toBe(0);
  });

  it("refuses a message issued in the future", async () => {
    const res = await login(await signedLogin(newAccount(), { issuedAt: new Date(clock.now().getTime() + 3600_000) }));
    expect(res.body.code).toBe(0);
  });

  it("refuses a signature from another key", async () => {
    const res = await login(await signedLogin(newAccount(), {}, newAccount()));
    expect(res.body).toEqual({ code: 0, msg: "The signature does not match the wallet address" });
  });

  it("refuses a tampered message", async () => {
    const body = await signedLogin(newAccount());
    const tampered = body.message.replace("Sign in to Cryptos", "Sign in to Cryptos and pay");
    expect(tampered).not.toBe(body.message);
    const res = await login({ ...body, message: tampered });
    expect(res.body.code).toBe(0);
  });

  it("refuses when the username is not the signing address", async () => {
    const body = await signedLogin(newAccount());
    const res = await login({ ...body, username: newAccount().address });
    expect(res.body.code).toBe(0);
  });

  it("refuses a nonce issued for another address", async () => {
    const victim = newAccount();
    const attacker = newAccount();
    const n = await nonceFor(victim.address);
    const message = createSiweMessage({
      address: attacker.address,
      chainId: 1,
      domain: n.domain,
      nonce: n.nonce,
      uri: n.uri,
      version: "1",
      issuedAt: clock.now(),
    });
    const signature = await attacker.signMessage({ message });
    const res = await login({ type: 3, username: attacker.address, message, signature });
    expect(res.body.code).toBe(0);
  });

  it("refuses a made-up nonce, and a login without a message or signature", async () => {
    const account = newAccount();
    const message = createSiweMessage({
      address: account.address,
      chainId: 1,
      domain: "cryptos.test",
      nonce: "abcdef0123456789",
      uri: ORIGIN,
      version: "1",
      issuedAt: clock.now(),
    });
    const signature = await account.signMessage({ message });
    expect((await login({ type: 3, username: account.address, message, signature })).body.code).toBe(0);
    // The spec's bare payload {type: 3, username} must never sign anyone in.
    const bare = await login({ type: 3, username: account.address });
    expect(bare.body).toEqual({ code: 0, msg: "message is required" });
  });
});

describe("wallet sign-in on another chain (CHAIN_ID)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ config: { publicOrigin: ORIGIN, chainId: 137 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signed(account: PrivateKeyAccount, chainId: number): Promise<LoginInput> {
    const n = await t.api("nonce", { body: { address: account.address } });
    expect(n.chain_id).toBe(137);
    const message = createSiweMessage({
      address: account.address,
      chainId,
      domain: n.domain,
      nonce: n.nonce,
      uri: n.uri,
      version: "1",
      issuedAt: new Date(),
    });
    return { type: 3, username: account.address, message, signature: await account.signMessage({ message }) };
  }

  it("reads CHAIN_ID from the environment: 1 unless set, a positive integer", () => {
    expect(loadConfig({}).chainId).toBe(1);
    expect(loadConfig({ CHAIN_ID: "137" }).chainId).toBe(137);
    for (const bad of ["0", "-1", "1.5", "polygon"]) expect(() => loadConfig({ CHAIN_ID: bad })).toThrow(/CHAIN_ID/);
  });

  it("names its chain in the nonce, takes a message for it and refuses one for mainnet", async () => {
    const account = newAccount();
    const mainnet = await t.send("login", { body: await signed(account, 1) });
    expect(mainnet.body).toEqual({
      code: 0,
      msg: "The sign-in message is for another network; please sign in again on chain ID 137",
    });
    expect((await t.send("login", { body: await signed(account, 137) })).body.code).toBe(1);
  });
});

describe("wallet sign-in with a smart-contract wallet node (RPC_URL)", () => {
  let t: TestApp;
  let node: Server;
  let calls = 0;

  beforeAll(async () => {
    // A JSON-RPC node that is out of quota: every request answers HTTP 429.
    node = createServer((_req, res) => {
      calls++;
      res.writeHead(429, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: 429, message: "Too Many Requests" } }));
    });
    await new Promise<void>((resolve) => node.listen(0, "127.0.0.1", resolve));
    const { port } = node.address() as AddressInfo;
    t = await startTestApp({ config: { publicOrigin: ORIGIN, rpcUrl: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => node?.close(resolve));
  });

  it("maps the node's 429 to the rate-limit code 1300", async () => {
    const account = newAccount();
    const other = newAccount();
    const n = await t.api("nonce", { body: { address: account.address } });
    const message = createSiweMessage({
      address: account.address,
      chainId: 1,
      domain: n.domain,
      nonce: n.nonce,
      uri: n.uri,
      version: "1",
      issuedAt: new Date(),
    });
    // Not the account's own key, so it could only be a contract wallet: the node is asked, and it says 429.
    const signature = await other.signMessage({ message });
    const res = await t.send("login", { body: { type: 3, username: account.address, message, signature } });
    expect(res.body.code).toBe(RPC_RATE_LIMIT_CODE);
    expect(calls).toBeGreaterThan(0);
  });

  it("still verifies an ordinary account locally, without the node", async () => {
    const account = newAccount();
    const before = calls;
    const n = await t.api("nonce", { body: { address: account.address } });
    const message = createSiweMessage({
      address: account.address,
      chainId: 1,
      domain: n.domain,
      nonce: n.nonce,
      uri: n.uri,
      version: "1",
      issuedAt: new Date(),
    });
    const signature = await account.signMessage({ message });
    const res = await t.send("login", { body: { type: 3, username: account.address, message, signature } });
    expect(res.body.code).toBe(1);
    expect(calls).toBe(before);
  });
});
