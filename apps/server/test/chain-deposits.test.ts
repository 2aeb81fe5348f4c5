import { eq, sql } from "drizzle-orm";
import { type Address, type PublicClient, parseEther, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANVIL_ACCOUNT_XPUB, ANVIL_KEYS, type Anvil, startAnvil } from "../devchain/anvil";
import { type NodeProxy, startNodeProxy } from "../devchain/proxy";
import { chainCursors, chainDeposits } from "../src/db/schema";
import { systemClock } from "../src/lib/clock";
import { depositAddressAt } from "../src/modules/chain/addresses";
import type { ChainNetworkConfig } from "../src/modules/chain/networks-file";
import { ChainService } from "../src/modules/chain/service";
import { OnChainFunds } from "../src/modules/funds/on-chain";
import { createServices } from "../src/modules/services";
import { networksFile, type TokenChain, tokenChain, usdtAndEth } from "./chain-setup";
import { startTestApp, type TestApp } from "./helper";
import { passwordUser, type SignedUpUser } from "./sign-up";

/**
 * Deposits credited by the chain (issue 39 items 1-3) against a real anvil node and a TestUSDT compiled by solc:
 * the watcher's passes are driven by hand (`chain.pass()`), blocks by `anvil_mine`.
 */
const CONFIRMATIONS = 3;
let anvil: Anvil;
let proxy: NodeProxy;
let chain: PublicClient;
let testClient: TokenChain["testClient"];
let sender: WalletClient;
let token: Address;
let abi: TokenChain["abi"];
let network: ChainNetworkConfig;
let t: TestApp;

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startNodeProxy(anvil.port);
  ({ chain, testClient, sender, token, abi } = await tokenChain(anvil));
  network = {
    network: "ERC20",
    chain_id: anvil.chainId,
    rpc_url: proxy.url,
    confirmations: CONFIRMATIONS,
    xpub: ANVIL_ACCOUNT_XPUB,
    explorer_tx_url: "https://explorer.example/tx/{hash}",
    currencies: usdtAndEth(token),
  };
  t = await startTestApp({ config: { chainNetworksFile: networksFile([network]) } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await proxy?.stop();
  await anvil?.close();
});

const mine = (blocks: number) => testClient.mine({ blocks });
const pass = () => t.app.services.chain.pass();

async function sendToken(to: Address, units: bigint) {
  const hash = await sender.writeContract({
    address: token,
    abi,
    functionName: "transfer",
    args: [to, units],
    account: sender.account!,
    chain: foundry,
  });
  await chain.waitForTransactionReceipt({ hash });
  return hash;
}

async function sendNative(to: Address, value: bigint) {
  const hash = await sender.sendTransaction({ to, value, account: sender.account!, chain: foundry });
  await chain.waitForTransactionReceipt({ hash });
  return hash;
}

async function ownAddress(user: SignedUpUser, currency = "USDT"): Promise<Address> {
  const { items } = await t.api("listDepositChannels", { as: user });
  const channel = items.find((c) => c.currency === currency && c.network === "ERC20");
  if (!channel?.on_chain) throw new Error(`no on-chain ${currency} channel`);
  return channel.address as Address;
}

async function balance(user: SignedUpUser, currency: string) {
  const rows = await t.app.services.ledger.balances(user.userId);
  return rows.find((b) => b.currency === currency)?.available ?? "0";
}

const myDeposits = async (user: SignedUpUser) =>
  (await t.api("listDeposits", { as: user, query: { page: 1, list: 50 } })).items;

describe("deposit addresses", () => {
  it("derives child 0/i of the account xpub: 0/0 is anvil's first account", async () => {
    expect(await depositAddressAt(ANVIL_ACCOUNT_XPUB, 0)).toBe(privateKeyToAccount(ANVIL_KEYS[0]).address);
    expect(await depositAddressAt(ANVIL_ACCOUNT_XPUB, 1)).toBe(privateKeyToAccount(ANVIL_KEYS[1]).address);
  });

  it("offers the file's currencies only on chain: their seeded demo channels are gone, other currencies keep theirs", async () => {
    const user = await passwordUser(t);
    const { items } = await t.api("listDepositChannels", { as: user });
    const of = (currency: string) => items.filter((c) => c.currency === currency);
    expect(of("USDT").map((c) => [c.network, c.demo, Boolean(c.on_chain)])).toEqual([["ERC20", false, true]]);
    expect(of("ETH").every((c) => c.on_chain)).toBe(true);
    expect(items.some((c) => c.demo && c.currency === "BTC")).toBe(true);
  });

  it("charges the file's withdrawal fee on its networks, not the seed's", async () => {
    const user = await passwordUser(t);
    const { items } = await t.api("getWithdrawalOptions", { as: user, body: {} });
    const fee = (currency: string) => items.find((n) => n.currency === currency && n.network === "ERC20")?.fee;
    expect([fee("USDT"), fee("ETH")]).toEqual(["1", "0.0005"]);
  });

  it("answers each user their own address, allocated once even when asked 25 times at once", async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => passwordUser(t)));
    const same = users[0]!;
    const asks = [...users, same, same, same, same, same];
    const addresses = await Promise.all(asks.map((u) => ownAddress(u)));
    expect(new Set(addresses.slice(0, 20)).size).toBe(20);
    expect(new Set(addresses.slice(20))).toEqual(new Set([addresses[0]]));
    // Stable: asked again, the same; the same address for every currency of the network.
    expect(await ownAddress(same)).toBe(addresses[0]);
    expect(await ownAddress(same, "ETH")).toBe(addresses[0]);
    const { items } = await t.api("listDepositChannels", { as: same });
    const usdt = items.find((c) => c.currency === "USDT" && c.network === "ERC20")!;
    expect(usdt).toMatchObject({ demo: false, on_chain: { confirmations: CONFIRMATIONS, min_deposit: "1" } });
    // A network without a node keeps the hand-checked channel (USDT's demo ones gave way to the file's network).
    expect(items.find((c) => c.currency === "BTC")).toMatchObject({ on_chain: null });
    // No proof upload for an on-chain channel.
    const refused = await t.send("submitDeposit", {
      as: same,
      body: { channel_id: usdt.id, amount: "5", images: [1] },
    });
    expect(refused.body.code).toBe(0);
  });
});

describe("the chain watcher", () => {
  it("credits a token deposit after exactly N confirmations, truncated to the currency's places", async () => {
    const user = await passwordUser(t);
    const to = await ownAddress(user);
    const hash = await sendToken(to, 5_123_456n);
    await pass();
    let [deposit] = await myDeposits(user);
    expect(deposit).toMatchObject({
      status: "confirming",
      amount: "5.12",
      txid: hash,
      chain: { tx_hash: hash, confirmations: 1, required: 3, tx_url: `https://explorer.example/tx/${hash}` },
    });
    await mine(1);
    await pass();
    [deposit] = await myDeposits(user);
    expect(deposit).toMatchObject({ status: "confirming", chain: { confirmations: 2 } });
    expect(await balance(user, "USDT")).toBe("0");
    await mine(1);
    await pass();
    [deposit] = await myDeposits(user);
    expect(deposit).toMatchObject({ status: "completed", chain: { confirmations: 3 } });
    expect(await balance(user, "USDT")).toBe("5.12");
    const [row] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, hash));
    expect(row).toMatchObject({ remainder: "0.003456000000000000", rawAmount: "5123456", status: "credited" });
    const messages = await t.app.services.messages.personalMessages(user.userId);
    expect(messages.length).toBe(1);
  });

  it("credits a native deposit after N confirmations and records one below the minimum without crediting it", async () => {
    const user = await passwordUser(t);
    const to = await ownAddress(user, "ETH");
    const small = await sendNative(to, parseEther("0.0001"));
    const hash = await sendNative(to, 123_456_789_123_456_789n);
    await pass();
    await mine(1);
    await pass();
    expect(await balance(user, "ETH")).toBe("0");
    await mine(1);
    await pass();
    expect(await balance(user, "ETH")).toBe("0.12345678");
    const deposits = await myDeposits(user);
    expect(deposits.find((d) => d.txid === hash)).toMatchObject({ status: "completed", amount: "0.12345678" });
    expect(deposits.find((d) => d.txid === small)).toMatchObject({ status: "below_minimum" });
    const [row] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, hash));
    expect(row).toMatchObject({ logIndex: -1, remainder: "0.000000009123456789" });
  });

  it("drops a deposit a reorg removed before N confirmations, and never credits it", async () => {
    const user = await passwordUser(t);
    const to = await ownAddress(user);
    const snapshot = await testClient.snapshot();
    await sendToken(to, 7_000_000n);
    await mine(1);
    await pass();
    expect((await myDeposits(user))[0]).toMatchObject({ status: "confirming", chain: { confirmations: 2 } });
    // The blocks holding it are replaced by a longer chain without it.
    await testClient.revert({ id: snapshot });
    await mine(CONFIRMATIONS + 3);
    const outcome = await pass();
    expect(outcome.get("ERC20")).toMatchObject({ rolledBackTo: expect.any(BigInt) });
    await mine(CONFIRMATIONS);
    await pass();
    expect((await myDeposits(user))[0]).toMatchObject({ status: "dropped" });
    expect(await balance(user, "USDT")).toBe("0");
  });

  it("drops a deposit that anvil_reorg takes out of the chain at the same height, and never credits it", async () => {
    const user = await passwordUser(t);
    const to = await ownAddress(user);
    const hash = await sendToken(to, 9_000_000n);
    await pass();
    expect((await myDeposits(user))[0]).toMatchObject({ status: "confirming", chain: { confirmations: 1 } });
    // The node replaces its last two blocks with empty ones: the same height, other hashes, the transfer gone.
    await testClient.request({ method: "anvil_reorg" as never, params: [2, []] as never });
    await expect(chain.getTransactionReceipt({ hash })).rejects.toThrow();
    const outcome = await pass();
    expect(outcome.get("ERC20")).toMatchObject({ rolledBackTo: expect.any(BigInt) });
    await mine(CONFIRMATIONS + 2);
    await pass();
    expect((await myDeposits(user))[0]).toMatchObject({ status: "dropped" });
    expect(await balance(user, "USDT")).toBe("0");
  });

  it("credits once when the watcher reads the deposit again from an older cursor, and when two instances pass at once", async () => {
    const user = await passwordUser(t);
    const to = await ownAddress(user);
    const start = await chain.getBlockNumber();
    await sendToken(to, 2_000_000n);
    await mine(CONFIRMATIONS);
    // Two instances (two sets of services on the same database) pass at the same moment.
    const other = createServices(t.database, systemClock, t.config);
    await Promise.all([pass(), other.chain.pass(), pass()]);
    expect(await balance(user, "USDT")).toBe("2");
    // A restart from an older cursor (a lost update, a restored backup) reads the same transfer again.
    await t.database.db.update(chainCursors).set({ block: start }).where(eq(chainCursors.network, "ERC20"));
    await t.database.db.execute(sql`delete from chain_blocks where network = 'ERC20' and number > ${start}`);
    await Promise.all([pass(), other.chain.pass()]);
    await mine(1);
    await pass();
    expect(await balance(user, "USDT")).toBe("2");
    expect((await myDeposits(user)).length).toBe(1);
  });

  it("only delays crediting while the node is down, and resumes from its cursor", async () => {
    const user = await passwordUser(t);
    const to = await ownAddress(user);
    await proxy.stop();
    try {
      await sendToken(to, 3_000_000n);
      await mine(CONFIRMATIONS);
      const outcome = await pass();
      expect(outcome.get("ERC20")).toBeInstanceOf(Error);
      expect(await balance(user, "USDT")).toBe("0");
      const status = await t.app.services.chain.status();
      expect(status.networks[0]!.last_error).toBeTruthy();
    } finally {
      await proxy.start();
    }
    await pass();
    expect(await balance(user, "USDT")).toBe("3");
    expect((await t.app.services.chain.status()).networks[0]).toMatchObject({ last_error: null, lag: 0 });
  });
});

describe("the console's view of the watcher", () => {
  it("shows an operator each network's cursor, head and lag and the credited deposit with its remainder, audited", async () => {
    const op = await t.operatorToken();
    const user = await passwordUser(t);
    const hash = await sendToken(await ownAddress(user), 4_000_700n);
    await pass();
    await mine(CONFIRMATIONS - 1);
    await pass();
    expect(await balance(user, "USDT")).toBe("4");
    const head = Number(await chain.getBlockNumber({ cacheTime: 0 }));
    const status = await t.api("adminChainStatus", { as: op });
    expect(status.networks).toHaveLength(1);
    expect(status.networks[0]).toMatchObject({
      network: "ERC20",
      chain_id: anvil.chainId,
      node: new URL(proxy.url).host,
      confirmations: CONFIRMATIONS,
      currencies: [
        { currency: "USDT", token, decimals: 6, min_deposit: "1" },
        { currency: "ETH", token: null, decimals: 18, min_deposit: "0.001" },
      ],
      block: head,
      head,
      lag: 0,
      passed_at: expect.any(String),
      last_error: null,
    });
    const deposit = status.deposits.find((d) => d.tx_hash === hash);
    expect(deposit).toMatchObject({
      user_id: user.userId,
      network: "ERC20",
      currency: "USDT",
      raw_amount: "4000700",
      amount: "4",
      remainder: "0.0007",
      status: "credited",
      confirmations: CONFIRMATIONS,
      required: CONFIRMATIONS,
    });
    // The rows are users' deposits: the read is audited with their ids and users (decision 099).
    const { items } = await t.api("adminAuditList", {
      as: op,
      body: { action: "read.chain" },
      query: { page: 1, list: 1 },
    });
    expect(items[0]).toMatchObject({ target_type: null, after: { ids: status.deposits.map((d) => d.deposit_id) } });
    expect((items[0]!.after as { user_ids: number[] }).user_ids).toContain(user.userId);
    // Only operators: no token, or a user's token, is refused.
    expect((await t.send("adminChainStatus", {})).status).toBe(401);
    expect((await t.send("adminChainStatus", { as: user })).status).toBe(401);
  });
});

describe("the start check", () => {
  const check = (changes: Partial<ChainNetworkConfig>, currencies = network.currencies) =>
    new ChainService(t.database.db, systemClock, [{ ...network, ...changes, currencies }], {
      ledger: t.app.services.ledger,
      messages: t.app.services.messages,
      funds: new OnChainFunds({
        ledger: t.app.services.ledger,
        messages: t.app.services.messages,
        mails: t.app.services.accounts,
      }),
    }).prepare();

  it("refuses a node of another chain, a token whose decimals differ, and a node that does not answer", async () => {
    await expect(check({ chain_id: 1 })).rejects.toThrow(
      /CHAIN_NETWORKS_FILE: Network ERC20: the node at .* is chain id 31337, expected 1/,
    );
    await expect(
      check({}, [{ currency: "USDT", token, decimals: 18, min_deposit: "1", withdraw_fee: "1" }]),
    ).rejects.toThrow(/currency USDT: the contract .* says decimals\(\) = 6, expected 18/);
    await expect(check({ rpc_url: "http://127.0.0.1:9" })).rejects.toThrow(
      /Network ERC20: the node at 127\.0\.0\.1:9 did not answer/,
    );
  });
});
