import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type Address, type createTestClient, createWalletClient, http, type PublicClient, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANVIL_ACCOUNT_XPUB, ANVIL_KEYS, ANVIL_MNEMONIC, type Anvil, startAnvil } from "../devchain/anvil";
import { depositAddresses } from "../src/db/schema";
import { depositSigners } from "../src/modules/chain/sweep";
import { type TokenChain, tokenChain, usdtAndEth } from "./chain-setup";
import { startTestApp, type TestApp } from "./helper";
import { passwordUser } from "./sign-up";

/**
 * Issue 39 item 6: the console's reconciliation of users' balances against what the chain holds (hot wallet plus
 * deposit addresses), against a real anvil node and a TestUSDT compiled by solc.
 */
const CONFIRMATIONS = 3;
const METRICS_TOKEN = "chain-metrics-token-0123456789";
let anvil: Anvil;
let chain: PublicClient;
let testClient: ReturnType<typeof createTestClient>;
let token: Address;
let t: TestApp;
let op: string;
let dir: string;
const hotKey = generatePrivateKey();
const hot = privateKeyToAccount(hotKey);
let abi: TokenChain["abi"];

beforeAll(async () => {
  anvil = await startAnvil();
  ({ chain, testClient, token, abi } = await tokenChain(anvil));
  await testClient.setBalance({ address: hot.address, value: parseEther("1") });
  dir = await mkdtemp(path.join(tmpdir(), "cryptos-chain-reconcile-"));
  const networksFile = path.join(dir, "networks.json");
  const network = {
    network: "ERC20",
    chain_id: anvil.chainId,
    rpc_url: anvil.rpcUrl,
    confirmations: CONFIRMATIONS,
    xpub: ANVIL_ACCOUNT_XPUB,
    currencies: usdtAndEth(token),
  };
  await writeFile(networksFile, JSON.stringify({ networks: [network] }));
  const keyFile = path.join(dir, "hot.key");
  await writeFile(keyFile, `${hotKey}\n`, { mode: 0o600 });
  t = await startTestApp({
    config: { chainNetworksFile: networksFile, hotWalletKeyFile: keyFile, metricsToken: METRICS_TOKEN },
  });
  op = await t.operatorToken();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await anvil?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const reconcile = async () => {
  const answer = await t.send("adminChainReconcile", { as: op, body: {} });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
};
const row = (data: Awaited<ReturnType<typeof reconcile>>, currency: string) =>
  data.rows.find((r) => r.currency === currency && r.network === "ERC20")!;

describe("reconciliation", () => {
  it("shows users' balances beside the chain's, flagged once the chain holds less than users are owed", async () => {
    const user = await passwordUser(t);
    const { items } = await t.api("listDepositChannels", { as: user });
    const to = items.find((c) => c.currency === "USDT" && c.network === "ERC20")!.address as Address;
    const deployer = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[0]),
      chain: foundry,
      transport: http(anvil.rpcUrl),
    });
    // 50.000001 USDT: the app credits 50.00 (its places); the chain keeps the remainder, so holds more.
    await chain.waitForTransactionReceipt({
      hash: await deployer.writeContract({ address: token, abi, functionName: "mint", args: [to, 50_000_001n] }),
    });
    await t.app.services.chain.pass();
    await testClient.mine({ blocks: CONFIRMATIONS });
    await t.app.services.chain.pass();
    const balances = await t.app.services.ledger.balances(user.userId);
    expect(balances.find((b) => b.currency === "USDT")?.available).toBe("50");

    let data = await reconcile();
    expect(row(data, "USDT")).toMatchObject({
      users: "50",
      hot_wallet: "0",
      deposit_addresses: "50.000001",
      chain: "50.000001",
      chain_total: "50.000001",
      difference: "0.000001",
      flagged: false,
      error: null,
    });
    expect(row(data, "USDT").block).toBeGreaterThan(0);
    // The hot wallet's own coin counts too; users hold no ETH here.
    expect(row(data, "ETH")).toMatchObject({ users: "0", hot_wallet: "1", flagged: false });
    expect(data.hot_wallet).toBe(hot.address);

    // Money leaves the deposit address without a ledger entry (a key used outside the app): the chain is short.
    const [allocated] = await t.database.db
      .select()
      .from(depositAddresses)
      .where(eq(depositAddresses.userId, user.userId));
    const owner = depositSigners(ANVIL_MNEMONIC)(allocated!.index);
    expect(owner.address).toBe(to);
    await testClient.setBalance({ address: owner.address, value: parseEther("1") });
    const wallet = createWalletClient({ account: owner, chain: foundry, transport: http(anvil.rpcUrl) });
    const away = privateKeyToAccount(generatePrivateKey()).address;
    await chain.waitForTransactionReceipt({
      hash: await wallet.writeContract({ address: token, abi, functionName: "transfer", args: [away, 20_000_000n] }),
    });
    data = await reconcile();
    expect(row(data, "USDT")).toMatchObject({
      users: "50",
      deposit_addresses: "30.000001",
      difference: "-19.999999",
      flagged: true,
    });
  });

  it("exposes the watcher's height lag and the hot wallet's balance to Prometheus (decision 113)", async () => {
    await testClient.mine({ blocks: 2 });
    await t.app.services.chain.pass();
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    const sample = (name: string, labels: string) =>
      new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, "m").exec(res.body)?.[1];
    // The same lag the console's chain status shows (its head and cursor), here as a gauge.
    const status = await t.send("adminChainStatus", { as: op, body: {} });
    const lag = status.body.data!.networks.find((n) => n.network === "ERC20")!.lag;
    expect(lag).not.toBeNull();
    expect(sample("cryptos_chain_height_lag_blocks", 'network="ERC20"')).toBe(String(lag));
    // What the hot wallet holds on the node: the 1 ETH the test gave it, no USDT.
    expect(sample("cryptos_hot_wallet_balance", 'network="ERC20",currency="ETH"')).toBe("1");
    expect(sample("cryptos_hot_wallet_balance", 'network="ERC20",currency="USDT"')).toBe("0");
  });

  it("is for operators only", async () => {
    const user = await passwordUser(t);
    expect((await t.send("adminChainReconcile", { body: {} })).status).toBe(401);
    expect((await t.send("adminChainReconcile", { as: user, body: {} })).status).toBe(401);
  });
});
