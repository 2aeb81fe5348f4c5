import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ReserveSnapshot } from "@cryptos/contract";
import { addAmounts, canon, verifyPath } from "@cryptos/contract/reserves";
import Decimal from "decimal.js";
import { and, eq } from "drizzle-orm";
import { type Address, erc20Abi, formatUnits, getAddress, parseEther, recoverMessageAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANVIL_ACCOUNT_XPUB, type Anvil, startAnvil } from "../devchain/anvil";
import { reserveLeaves, reserveNodes } from "../src/db/schema";
import type { CallerOf } from "./api-client";
import { type TokenChain, tokenChain, usdtAndEth } from "./chain-setup";
import { placeUpDownOrder } from "./factories/order";
import { tinyPng, upload } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { passwordUser, type SignedUpUser } from "./sign-up";

/**
 * Issue 44: proof of reserves. Users funded by a manual deposit and on chain, with an up/down order in flight and a
 * staking order, against a real anvil node with a TestUSDT; the hot wallet signs each root with its key file.
 */
const CONFIRMATIONS = 2;
const verifier = fileURLToPath(new URL("../../../scripts/verify.mjs", import.meta.url));
let anvil: Anvil;
let c: TokenChain;
let t: TestApp;
let op: string;
let dir: string;
let url: string;
const hotKey = generatePrivateKey();
const hot = privateKeyToAccount(hotKey);
const users: Record<"manual" | "chain" | "staker" | "empty", SignedUpUser> = {} as never;

function runVerifier(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [verifier, "--url", url, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 99) : 0;
      resolve({ code, out: stdout + stderr });
    });
  });
}

/** A BTC deposit (a network checked by hand): a proof image, completed by the operator. */
async function manualDeposit(user: CallerOf, amount: string) {
  const proof = await upload(t, user, { data: tinyPng() });
  const channels = await t.api("listDepositChannels", { as: user });
  const channel = channels.items.find((ch) => ch.currency === "BTC")!;
  const { id } = await t.api("submitDeposit", {
    as: user,
    body: { channel_id: channel.id, amount, images: [proof.body.data!.id] },
  });
  await t.api("adminRechargeReview", { as: op, body: { id, action: "complete" } });
}

/** Sends USDT (and ETH) to the user's own deposit address; credited by the watcher after the confirmations. */
async function chainDeposit(user: CallerOf, usdtUnits: bigint, ether?: string) {
  const { items } = await t.api("listDepositChannels", { as: user });
  const to = items.find((ch) => ch.currency === "USDT" && ch.network === "ERC20")!.address as Address;
  const account = c.sender.account!;
  await c.chain.waitForTransactionReceipt({
    hash: await c.sender.writeContract({
      address: c.token,
      abi: erc20Abi,
      functionName: "transfer",
      args: [to, usdtUnits],
      account,
      chain: c.sender.chain,
    }),
  });
  if (ether) {
    await c.chain.waitForTransactionReceipt({
      hash: await c.sender.sendTransaction({ to, value: parseEther(ether), account, chain: c.sender.chain }),
    });
  }
}

beforeAll(async () => {
  anvil = await startAnvil();
  c = await tokenChain(anvil);
  await c.testClient.setBalance({ address: hot.address, value: parseEther("2") });
  dir = await mkdtemp(path.join(tmpdir(), "cryptos-reserves-"));
  const networksFile = path.join(dir, "networks.json");
  const network = {
    network: "ERC20",
    chain_id: anvil.chainId,
    rpc_url: anvil.rpcUrl,
    confirmations: CONFIRMATIONS,
    xpub: ANVIL_ACCOUNT_XPUB,
    currencies: usdtAndEth(c.token),
  };
  await writeFile(networksFile, JSON.stringify({ networks: [network] }));
  const keyFile = path.join(dir, "hot.key");
  await writeFile(keyFile, `${hotKey}\n`, { mode: 0o600 });
  t = await startTestApp({ config: { chainNetworksFile: networksFile, hotWalletKeyFile: keyFile } });
  op = await t.operatorToken();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  users.manual = await passwordUser(t);
  users.chain = await passwordUser(t);
  users.staker = await passwordUser(t);
  users.empty = await passwordUser(t);
  await chainDeposit(users.manual, 120_000_000n);
  await chainDeposit(users.chain, 33_250_000n, "0.25");
  await chainDeposit(users.staker, 300_000_000n);
  await t.app.services.chain.pass();
  await c.testClient.mine({ blocks: CONFIRMATIONS });
  await t.app.services.chain.pass();

  // A manual deposit (proof image, operator's review) and an up/down order still open.
  await manualDeposit(users.manual, "0.5");
  const btc = (await t.app.services.market.listPairs(1)).find((p) => p.symbol === "BTC/USDT")!.id;
  await t.app.services.market.recordQuotes([{ pairId: btc, price: "50000" }], new Date());
  const placed = await placeUpDownOrder(t, users.manual, { productid: btc, amount: "15", seconds: 300 });
  expect(placed.body.code, placed.body.msg).toBe(1);

  // Staking: 200 of 300 in custody.
  const product = (await t.app.services.staking.products("en")).find((p) => p.currency === "USDT")!;
  const staked = await t.send("subscribeStaking", { as: users.staker, body: { eid: product.id, money: "200" } });
  expect(staked.body.code, staked.body.msg).toBe(1);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

let snapshot: ReserveSnapshot;
const proof = async (as: CallerOf, snapshotId?: number) => {
  const answer = await t.send("reservesProof", { as, body: snapshotId ? { snapshot_id: snapshotId } : {} });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
};

describe("proof of reserves", () => {
  it("has no snapshot before the first, then the operator's is audited and public", async () => {
    expect((await t.send("latestReserves")).body.data).toBeNull();
    const taken = await t.send("adminReservesSnapshot", { as: op, body: {} });
    expect(taken.body.code, taken.body.msg).toBe(1);
    const latest = await t.send("latestReserves");
    expect(latest.body.data).toEqual(taken.body.data);
    snapshot = latest.body.data!;
    expect(snapshot.leaves).toBe(3);
    const audit = await t.api("adminAuditList", { as: op, body: { action: "reserves.snapshot" } });
    expect(audit.items[0]).toMatchObject({ action: "reserves.snapshot", target_id: String(snapshot.snapshot_id) });
    // Not for users or anonymous callers.
    expect((await t.send("adminReservesSnapshot", { as: users.manual, body: {} })).status).toBe(401);
  });

  it("puts each user's total owed in their leaf, and every path re-hashes to the root", async () => {
    const expected = {
      // 0.5 BTC by hand; 120 USDT on chain: 105 available + the open order's 15 stake.
      manual: { BTC: "0.5", USDT: "120" },
      // On chain: 33.25 USDT and 0.25 ETH.
      chain: { ETH: "0.25", USDT: "33.25" },
      // 100 available + 200 staked.
      staker: { USDT: "300" },
    };
    const places = new Map((await t.app.services.ledger.currencies()).map((c) => [c.code, c.decimals]));
    for (const [name, balances] of Object.entries(expected)) {
      const fixed = Object.fromEntries(
        Object.entries(balances).map(([code, v]) => [code, new Decimal(v).toFixed(places.get(code)!)]),
      );
      const p = await proof(users[name as keyof typeof users]);
      expect(p.included).toBe(true);
      expect(p.leaf!.balances, name).toEqual(fixed);
      expect(p.leaf!.nonce).toMatch(/^[0-9a-f]{64}$/);
      expect(await verifyPath(snapshot.snapshot_id, p.leaf!, p.path, snapshot.root), name).toEqual({
        ok: true,
        root: snapshot.root,
      });
    }
    expect(await proof(users.empty)).toEqual({
      snapshot_id: snapshot.snapshot_id,
      included: false,
      leaf: null,
      path: [],
    });
  });

  it("has root sums equal to every user's balances and open stakes, summed apart from the tree", async () => {
    const places = new Map((await t.app.services.ledger.currencies()).map((c) => [c.code, c.decimals]));
    const codes = [...places.keys()];
    const held = await t.app.services.ledger.usersHold(codes);
    const stakes = await t.app.services.updown.openStakes();
    const total: Record<string, string> = {};
    for (const code of codes) {
      const sum = stakes
        .filter((s) => s.currency === code)
        .reduce((acc, s) => acc.plus(s.total), new Decimal(held.get(code) ?? "0"));
      if (!sum.isZero()) total[code] = sum.toFixed(places.get(code)!);
    }
    expect(canon(snapshot.root.sums)).toBe(canon(total));
    expect(addAmounts(snapshot.root.sums.USDT!, "0")).toBe(new Decimal("453.25").toFixed(places.get("USDT")!));
  });

  it("publishes the hot wallet and deposit addresses read at one block, matching the node, signed by the hot wallet", async () => {
    const onChain = snapshot.reserves.filter((r) => r.proven);
    expect(new Set(onChain.map((r) => r.block)).size).toBe(1);
    expect(onChain.map((r) => `${r.currency} ${r.address}`)).toEqual(
      expect.arrayContaining([`ETH ${hot.address}`, `USDT ${hot.address}`]),
    );
    const deposit = getAddress(
      (await t.api("listDepositChannels", { as: users.chain })).items.find((ch) => ch.network === "ERC20")!.address,
    );
    for (const r of onChain) {
      const blockNumber = BigInt(r.block!);
      const units = r.token
        ? await c.chain.readContract({
            address: r.token as Address,
            abi: erc20Abi,
            functionName: "balanceOf",
            args: [r.address as Address],
            blockNumber,
          })
        : await c.chain.getBalance({ address: r.address as Address, blockNumber });
      expect(new Decimal(formatUnits(units, r.decimals!)).eq(r.balance), `${r.currency} ${r.address}`).toBe(true);
    }
    expect(onChain.find((r) => r.currency === "USDT" && r.address === deposit)?.balance).toBe("33.25");
    expect(onChain.find((r) => r.currency === "ETH" && r.address === hot.address)?.balance).toBe("2");
    expect(snapshot.signatures).toHaveLength(1);
    const [sig] = snapshot.signatures;
    expect(sig!.message).toBe(`Cryptos reserves ${snapshot.snapshot_id} ${snapshot.root.hash}`);
    const signer = await recoverMessageAddress({ message: sig!.message, signature: sig!.signature as `0x${string}` });
    expect(signer).toBe(hot.address);
    expect(sig!.address).toBe(hot.address);
  });

  it("publishes declared reserves of networks checked by hand as not proven, and refuses them on a chain's network", async () => {
    const declared = await t.send("adminReservesDeclare", {
      as: op,
      body: { currency: "BTC", network: "Bitcoin", address: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", amount: "1" },
    });
    expect(declared.body.code, declared.body.msg).toBe(1);
    const onChain = await t.send("adminReservesDeclare", {
      as: op,
      body: { currency: "USDT", network: "ERC20", address: hot.address, amount: "1" },
    });
    expect(onChain.body).toMatchObject({ code: 0, msg: expect.stringContaining("ERC20") });
    const next = (await t.send("adminReservesSnapshot", { as: op, body: {} })).body.data!;
    expect(next.reserves.find((r) => r.network === "Bitcoin")).toMatchObject({
      currency: "BTC",
      balance: "1",
      block: null,
      proven: false,
    });
    // Each snapshot has new nonces; the old one stays verifiable.
    const older = await proof(users.manual, snapshot.snapshot_id);
    const newer = await proof(users.manual, next.snapshot_id);
    expect(newer.leaf!.nonce).not.toBe(older.leaf!.nonce);
    expect((await verifyPath(snapshot.snapshot_id, older.leaf!, older.path, snapshot.root)).ok).toBe(true);
    const list = (await t.send("listReserves", { query: { page: 1, list: 10 } })).body.data!;
    expect(list.items.map((s) => s.snapshot_id)).toEqual([next.snapshot_id, snapshot.snapshot_id]);
  });

  it("lets the verifier check a user's path, the sums, each reserve on the node and the signature", async () => {
    const run = await runVerifier(["--reserves", "--rpc", anvil.rpcUrl, `--token=${users.chain.token}`]);
    expect(run.out).toContain("All checks passed");
    expect(run.code, run.out).toBe(0);
  });

  it("catches a leaf changed in the stored tree", async () => {
    const latest = (await t.send("latestReserves")).body.data!;
    const [leaf] = await t.database.db
      .select()
      .from(reserveLeaves)
      .where(and(eq(reserveLeaves.snapshotId, latest.snapshot_id), eq(reserveLeaves.userId, users.manual.userId)));
    await t.database.db
      .update(reserveNodes)
      .set({ sums: "USDT:12.00" })
      .where(
        and(
          eq(reserveNodes.snapshotId, latest.snapshot_id),
          eq(reserveNodes.level, 0),
          eq(reserveNodes.position, leaf!.position),
        ),
      );
    const p = await proof(users.manual);
    expect((await verifyPath(latest.snapshot_id, p.leaf!, p.path, latest.root)).ok).toBe(false);
    const run = await runVerifier(["--reserves", `--token=${users.manual.token}`]);
    expect(run.out).toContain("MISMATCH");
    expect(run.code, run.out).toBe(1);
  });
});
