import type { chainNetworkInput } from "@cryptos/contract";
import { eq } from "drizzle-orm";
import { type Address, createPublicClient, createWalletClient, http, type PublicClient, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ANVIL_ACCOUNT_XPUB, ANVIL_KEYS, type Anvil, startAnvil } from "../devchain/anvil";
import { deployTestToken } from "../devchain/token";
import { chainNetworks, depositChannels } from "../src/db/schema";
import { systemClock } from "../src/lib/clock";
import type { ChainNetworkConfig } from "../src/modules/chain/networks-file";
import { createServices } from "../src/modules/services";
import { networksFile, type TokenChain, tokenChain, usdtAndEth } from "./chain-setup";
import { startTestApp, type TestApp } from "./helper";
import { passwordUser, type SignedUpUser } from "./sign-up";

/**
 * Networks added and edited in the console (decision 109), against a real anvil node and a TestUSDT compiled by
 * solc. The app starts with one network from CHAIN_NETWORKS_FILE (BEP20, read-only in the console) and none on
 * ERC20: a console save makes ERC20 live without a restart, on this instance and on another one.
 */
type Input = z.input<typeof chainNetworkInput>;
const CONFIRMATIONS = 2;
/** Another xpub (anvil's mnemonic's second account, m/44'/60'/1'): valid, but not the one addresses derive from. */
const OTHER_XPUB =
  "xpub6Ce9NcJvTk372KjsGfWqbcex5DumjpNquQLApoeQUavSCjEc823BV1tb4rXUuPuht8h2hSxkg2EXUaKUJmniJvRZAELxypsCzBFdtosmV76";
let anvil: Anvil;
let otherChain: Anvil;
let chain: PublicClient;
let testClient: TokenChain["testClient"];
let sender: WalletClient;
let token: Address;
let abi: TokenChain["abi"];
let t: TestApp;
let op: string;
/** The node's URL with an API key in its query, as a hosted node's would be: it must never leave the server. */
let secretUrl: string;

const erc20 = (changes: Partial<Input> = {}): Input => ({
  network: "ERC20",
  chain_id: anvil.chainId,
  rpc_url: secretUrl,
  confirmations: CONFIRMATIONS,
  xpub: ANVIL_ACCOUNT_XPUB,
  explorer_tx_url: "https://explorer.example/tx/{hash}",
  currencies: usdtAndEth(token),
  ...changes,
});

const save = (body: Input, lang = "en") =>
  t.send("adminChainNetworkSave", { as: op, body: body as never, headers: { lang } });
const stored = async (network: string) =>
  (await t.database.db.select().from(chainNetworks).where(eq(chainNetworks.network, network)))[0];

beforeAll(async () => {
  [anvil, otherChain] = await Promise.all([startAnvil(), startAnvil({ chainId: 1337 })]);
  secretUrl = `${anvil.rpcUrl}/?apikey=SECRET-KEY-123`;
  ({ chain, testClient, sender, token, abi } = await tokenChain(anvil, "10"));
  // The same contract at the same address on the other chain (the same deployer's first transaction there): only
  // the chain id differs.
  const otherTransport = http(otherChain.rpcUrl);
  const otherChainClient = createPublicClient({ transport: otherTransport });
  const otherDeployer = createWalletClient({
    account: privateKeyToAccount(ANVIL_KEYS[0]),
    chain: { ...foundry, id: otherChain.chainId },
    transport: otherTransport,
  });
  expect(await deployTestToken(otherDeployer, otherChainClient, 6)).toBe(token);
  const file: ChainNetworkConfig = {
    network: "BEP20",
    chain_id: anvil.chainId,
    rpc_url: anvil.rpcUrl,
    confirmations: CONFIRMATIONS,
    xpub: ANVIL_ACCOUNT_XPUB,
    currencies: [{ currency: "BTC", token, decimals: 6, min_deposit: "1", withdraw_fee: "0" }],
  };
  t = await startTestApp({ config: { chainNetworksFile: networksFile([file]) } });
  op = await t.operatorToken();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([anvil?.close(), otherChain?.close()]);
});

async function usdtChannel(user: SignedUpUser) {
  const { items } = await t.api("listDepositChannels", { as: user });
  return items.find((c) => c.currency === "USDT" && c.network === "ERC20");
}

describe("a console save checked like the file at start", () => {
  it("refuses a node of another chain, a token whose decimals differ and a silent node, in the operator's language, storing nothing", async () => {
    const channelsBefore = await t.database.db.select().from(depositChannels);
    const wrongChain = await save(erc20({ chain_id: 1 }));
    expect(wrongChain.body).toMatchObject({ code: 0 });
    expect(wrongChain.body.msg).toMatch(/^Network ERC20: the node at 127\.0\.0\.1:\d+ is chain id 31337, expected 1$/);
    // The node's host only: the API key in the URL's query is never shown.
    expect(wrongChain.body.msg).not.toContain("SECRET");

    const usdt18 = { currency: "USDT", token, decimals: 18, min_deposit: "1", withdraw_fee: "1" };
    const wrongDecimals = await save(erc20({ currencies: [usdt18] }), "de");
    expect(wrongDecimals.body.msg).toBe(
      `Netzwerk ERC20, Währung USDT: der Vertrag ${token} meldet decimals() = 6, erwartet 18`,
    );

    const dead = await save(erc20({ rpc_url: "http://127.0.0.1:9/" }));
    expect(dead.body.msg).toMatch(
      /^Network ERC20: the node at 127\.0\.0\.1:9 did not answer \(expected chain id 31337\)/,
    );

    const unknown = await save(
      erc20({ currencies: [{ currency: "NOPE", token: null, decimals: 18, min_deposit: "1", withdraw_fee: "0" }] }),
    );
    expect(unknown.body.msg).toBe("Network ERC20: NOPE is not a currency of this exchange");

    // The file's schema: a network without a node's format, a template without {hash}.
    expect((await save(erc20({ network: "TRC20" }))).body.code).toBe(0);
    expect((await save(erc20({ explorer_tx_url: "https://x/tx/" }))).body.code).toBe(0);

    expect(await stored("ERC20")).toBeUndefined();
    expect(await t.database.db.select().from(depositChannels)).toEqual(channelsBefore);
    const audit = await t.api("adminAuditList", {
      as: op,
      body: { action: "chain.network_save" },
      query: { page: 1, list: 5 },
    });
    expect(audit.items).toHaveLength(0);
  });
});

describe("a good save", () => {
  let user: SignedUpUser;

  it("makes the network live without a restart: an own address, a token deposit credited after N blocks", async () => {
    user = await passwordUser(t);
    // Before: USDT on ERC20 is the seed's demo channel (one shared burn address), not on chain.
    expect((await usdtChannel(user))?.on_chain ?? null).toBeNull();
    // Another instance on the same database, built before the save.
    const other = createServices(t.database, systemClock, t.config);
    expect(await other.chain.terms("USDT", "ERC20")).toBeUndefined();

    const saved = await save(erc20());
    expect(saved.body).toMatchObject({ code: 1, data: { network: "ERC20" } });

    const channel = await usdtChannel(user);
    expect(channel).toMatchObject({ demo: false, on_chain: { confirmations: CONFIRMATIONS, min_deposit: "1" } });
    const address = channel!.address as Address;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The other instance follows at its next call, with no restart: the same address, the same terms.
    expect(await other.chain.terms("USDT", "ERC20")).toEqual({ confirmations: CONFIRMATIONS, min_deposit: "1" });
    expect(await other.chain.addressFor(user.userId, "ERC20")).toBe(address);

    const hash = await sender.writeContract({
      address: token,
      abi,
      functionName: "transfer",
      args: [address, 3_000_000n],
      account: sender.account!,
      chain: foundry,
    });
    await chain.waitForTransactionReceipt({ hash });
    // The other instance holds the watcher's lease: it checks the new network against its node, then follows it.
    await other.chain.pass();
    await testClient.mine({ blocks: CONFIRMATIONS });
    await other.chain.pass();
    const balances = await t.app.services.ledger.balances(user.userId);
    expect(balances.find((b) => b.currency === "USDT")?.available).toBe("3");
    const { items } = await t.api("listDeposits", { as: user, query: { page: 1, list: 5 } });
    expect(items[0]).toMatchObject({ status: "completed", chain: { tx_hash: hash, required: CONFIRMATIONS } });
  });

  it("audits the save with before and after, the node as its host only", async () => {
    const { items } = await t.api("adminAuditList", {
      as: op,
      body: { action: "chain.network_save" },
      query: { page: 1, list: 5 },
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      target_type: "chain_network",
      target_id: "ERC20",
      before: null,
      after: { network: "ERC20", chain_id: anvil.chainId, rpc_url: `127.0.0.1:${anvil.port}`, confirmations: 2 },
    });
    expect(JSON.stringify(items)).not.toContain("SECRET");
    // The status the console reads: source, node host, the currencies' fees.
    const status = await t.api("adminChainStatus", { as: op });
    const erc = status.networks.find((n) => n.network === "ERC20");
    expect(erc).toMatchObject({ source: "console", node: `127.0.0.1:${anvil.port}` });
    expect(erc?.currencies.map((c) => [c.currency, c.withdraw_fee])).toEqual([
      ["USDT", "1"],
      ["ETH", "0.0005"],
    ]);
    expect(JSON.stringify(status)).not.toContain("SECRET");
  });

  it("keeps the stored node URL when an edit leaves it out, and applies the new terms at once", async () => {
    const { rpc_url: _left, ...rest } = erc20({ confirmations: 4 });
    expect((await save(rest)).body.code).toBe(1);
    expect(((await stored("ERC20"))!.config as ChainNetworkConfig).rpc_url).toBe(secretUrl);
    expect((await usdtChannel(user))?.on_chain).toEqual({ confirmations: 4, min_deposit: "1" });
    const { items } = await t.api("adminAuditList", {
      as: op,
      body: { action: "chain.network_save" },
      query: { page: 1, list: 1 },
    });
    expect(items[0]).toMatchObject({ before: { confirmations: 2 }, after: { confirmations: 4 } });
  });

  it("refuses what would strand money: another chain id, another xpub, dropping a currency or the network", async () => {
    const version = (await stored("ERC20"))?.version;
    const otherNode = await save(erc20({ rpc_url: otherChain.rpcUrl, chain_id: otherChain.chainId }));
    expect(otherNode.body.msg).toBe(
      "Network ERC20: the watcher follows chain id 31337 here; the chain id cannot change to 1337 under its deposits",
    );
    expect((await save(erc20({ xpub: OTHER_XPUB }))).body.msg).toBe(
      "Network ERC20: 1 deposit addresses derive from its xpub; the xpub cannot change any more",
    );
    const usdtOnly = erc20();
    usdtOnly.currencies = usdtOnly.currencies.filter((c) => c.currency === "USDT");
    expect((await save(usdtOnly)).body.msg).toBe(
      "Network ERC20: ETH cannot be removed while the network has deposit addresses (1) or unfinished withdrawals of it (0)",
    );
    const removed = await t.send("adminChainNetworkRemove", { as: op, body: { network: "ERC20" } });
    expect(removed.body.msg).toBe(
      "Network ERC20 cannot be removed: it has 1 deposit addresses and 0 unfinished withdrawals",
    );
    expect((await stored("ERC20"))?.version).toBe(version);
  });
});

describe("networks of CHAIN_NETWORKS_FILE", () => {
  it("are shown as from the file and refuse console edits and removal", async () => {
    const status = await t.api("adminChainStatus", { as: op });
    expect(status.networks.find((n) => n.network === "BEP20")).toMatchObject({ source: "file" });
    const message = "Network BEP20 is set by CHAIN_NETWORKS_FILE: change it in the file and restart";
    const edit = await save(erc20({ network: "BEP20", currencies: [] as never }));
    expect(edit.body.code).toBe(0);
    const valid = await save({ ...erc20(), network: "BEP20" });
    expect(valid.body.msg).toBe(message);
    const removed = await t.send("adminChainNetworkRemove", { as: op, body: { network: "BEP20" } });
    expect(removed.body.msg).toBe(message);
    expect((await stored("BEP20"))?.source).toBe("file");
  });

  it("are written again at a start only when the file changed (audited once, as chain.network_file)", async () => {
    const version = (await stored("BEP20"))?.version;
    // A restart with the same file: the same row, whatever key order the database keeps its JSON in.
    await t.app.services.chain.prepare();
    expect((await stored("BEP20"))?.version).toBe(version);
    const { items } = await t.api("adminAuditList", {
      as: op,
      body: { action: "chain.network_file" },
      query: { page: 1, list: 5 },
    });
    expect(items.map((i) => [i.target_id, i.operator_id, i.before])).toEqual([["BEP20", null, null]]);
    expect(items[0]?.after).toMatchObject({ network: "BEP20", rpc_url: `127.0.0.1:${anvil.port}` });
  });
});

describe("removing a console network", () => {
  it("works while nobody has an address on it: its channels go off, its watcher stops, audited", async () => {
    const polygon: Input = {
      network: "Polygon",
      chain_id: anvil.chainId,
      rpc_url: anvil.rpcUrl,
      confirmations: 1,
      xpub: ANVIL_ACCOUNT_XPUB,
      currencies: [{ currency: "ETH", token: null, decimals: 18, min_deposit: "0.01", withdraw_fee: "0.001" }],
    };
    expect((await save(polygon)).body.code).toBe(1);
    expect((await t.app.services.chain.pass()).has("Polygon")).toBe(true);
    expect((await t.send("adminChainNetworkRemove", { as: op, body: { network: "Polygon" } })).body.code).toBe(1);
    expect(await stored("Polygon")).toBeUndefined();
    expect((await t.app.services.chain.pass()).has("Polygon")).toBe(false);
    const [channel] = await t.database.db.select().from(depositChannels).where(eq(depositChannels.network, "Polygon"));
    expect(channel?.enabled).toBe(false);
    const { items } = await t.api("adminAuditList", {
      as: op,
      body: { action: "chain.network_remove" },
      query: { page: 1, list: 1 },
    });
    expect(items[0]).toMatchObject({ target_id: "Polygon", before: { network: "Polygon" }, after: null });
  });
});
