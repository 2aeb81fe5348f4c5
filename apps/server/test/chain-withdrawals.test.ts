import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../devchain/anvil";
import { compileTestToken, deployTestToken } from "../devchain/token";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/client";
import { withdrawAddresses } from "../src/db/schema";
import { systemClock } from "../src/lib/clock";
import { Money } from "../src/lib/decimal";
import { createServices, type Services } from "../src/modules/services";
import { seedDatabase } from "../src/seed";
import { createCrashDatabase } from "./crash-fixtures";
import { fundUser, insertUser } from "./fixtures";
import { openTestDatabase, startTestApp, type TestApp, testDbKind } from "./helper";
import { signUp } from "./sign-up";

/**
 * Issue 39 item 4: withdrawals sent by the hot wallet to a real anvil node, a TestUSDT compiled by solc, on PGlite
 * and PostgreSQL. The sender is driven by calling its one pass; blocks are mined with anvil_mine.
 */

const HOT_KEY = ANVIL_KEYS[0];
const HOT = privateKeyToAccount(HOT_KEY).address;
const DEPLOYER = privateKeyToAccount(ANVIL_KEYS[1]);
/** The account-level xpub (m/44'/60'/0') of anvil's mnemonic. */
const XPUB =
  "xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP";
const CONFIRMATIONS = 3;

let anvil: Anvil;
let chain: PublicClient;
let token: Address;
let dir: string;
let keyFile: string;
let networksFile: string;
let t: TestApp;
let op: string;
const lines: string[] = [];
/** Every answer the app gave in this file, to look for the key in. */
const answers: string[] = [];

const test = () => createTestClient({ chain: foundry, mode: "anvil", transport: http(anvil.rpcUrl) });
const mine = (blocks: number) => test().mine({ blocks });
const asDeployer = () => createWalletClient({ account: DEPLOYER, chain: foundry, transport: http(anvil.rpcUrl) });
const newAddress = () => privateKeyToAccount(generatePrivateKey()).address;
const tokenBalance = (address: Address) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [address] });

async function setFrozen(frozen: boolean) {
  const { abi } = compileTestToken();
  const hash = await asDeployer().writeContract({ address: token, abi, functionName: "setFrozen", args: [frozen] });
  await chain.waitForTransactionReceipt({ hash });
}

beforeAll(async () => {
  anvil = await startAnvil();
  chain = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) });
  token = await deployTestToken(asDeployer(), chain, 6);
  const { abi } = compileTestToken();
  await chain.waitForTransactionReceipt({
    hash: await asDeployer().writeContract({ address: token, abi, functionName: "mint", args: [HOT, 5_000_000_000n] }),
  });
  dir = await mkdtemp(path.join(tmpdir(), "cryptos-chain-withdrawals-"));
  keyFile = path.join(dir, "hot.key");
  await writeFile(keyFile, `${HOT_KEY}\n`, { mode: 0o600 });
  networksFile = path.join(dir, "networks.json");
  const network = {
    network: "ERC20",
    chain_id: anvil.chainId,
    rpc_url: anvil.rpcUrl,
    confirmations: CONFIRMATIONS,
    xpub: XPUB,
    explorer_tx_url: "https://explorer.example/tx/{hash}",
    currencies: [
      {
        currency: "USDT",
        token,
        decimals: 6,
        min_deposit: "1",
        withdraw_fee: "5",
        hot_wallet_daily_limit: "500",
      },
      { currency: "ETH", token: null, decimals: 18, min_deposit: "0.001", withdraw_fee: "0.002" },
    ],
  };
  await writeFile(networksFile, JSON.stringify({ networks: [network] }));
  t = await startTestApp({
    config: { chainNetworksFile: networksFile, hotWalletKeyFile: keyFile },
    logStream: { write: (line) => void lines.push(line) },
  });
  op = await t.operatorToken();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await anvil?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const s = () => t.app.services;

/** A funded user with `to` in their address book past its hold (the withdrawal rules of decision 031 apply). */
async function userWithBookAddress(
  database: Database,
  services: Services,
  currency: string,
  to: Address,
  fund: string,
  existing?: number,
) {
  const userId = existing ?? (await insertUser(database));
  await fundUser(services.ledger, userId, fund, currency);
  const past = new Date(Date.now() - 48 * 3_600_000);
  await database.db
    .insert(withdrawAddresses)
    .values({ userId, currency, network: "ERC20", address: to, label: "test", createdAt: past, usableFrom: past });
  return userId;
}

/** A funded user's withdrawal to `to`, completed by the operator through the API. */
/** What the console's hot-wallet page says was let through today of USDT (failed sends left out). */
async function usdtSentToday(): Promise<string> {
  const wallet = await t.send("adminHotWallet", { as: op });
  return wallet.body.data!.items.find((i) => i.currency === "USDT")!.sent_today;
}

async function approvedWithdrawal(
  currency: "USDT" | "ETH",
  amount: string,
  to: Address,
  fund = "1000",
  existing?: number,
) {
  const userId = await userWithBookAddress(t.database, s(), currency, to, fund, existing);
  const w = await s().withdrawals.placeWithdrawal(userId, { currency, network: "ERC20", address: to, amount });
  const reviewed = await t.send("adminWithdrawReview", { as: op, body: { id: w.id, action: "complete" } });
  answers.push(JSON.stringify(reviewed.body));
  expect(reviewed.body.code, reviewed.body.msg).toBe(1);
  return { userId, id: w.id, reviewed: reviewed.body.data! };
}

async function withdrawalOf(id: number) {
  const listed = await t.send("adminWithdrawList", { as: op, body: {}, query: { page: 1, list: 100 } });
  answers.push(JSON.stringify(listed.body));
  return listed.body.data!.items.find((w) => w.id === id)!;
}

const balances = async (userId: number, currency: string) => ({
  available: await s().ledger.balance({ userId, currency, kind: "available" }),
  frozen: await s().ledger.balance({ userId, currency, kind: "frozen" }),
});

describe("withdrawals sent by the hot wallet", () => {
  it("sends a token withdrawal of exactly the amount, and completes it only at N confirmations", async () => {
    const to = newAddress();
    const user = await signUp(t);
    const { id, userId, reviewed } = await approvedWithdrawal("USDT", "25", to, "1000", user.userId);
    expect(reviewed.status).toBe("sending");
    expect(reviewed.chain?.state).toBe("queued");
    await s().chainWithdrawals.pass();
    // Mined in one block (anvil mines per transaction): one confirmation of three.
    expect(await tokenBalance(to)).toBe(25_000_000n);
    let w = await withdrawalOf(id);
    expect(w.status).toBe("sending");
    expect(w.confirmations).toBe(1);
    await mine(1);
    await s().chainWithdrawals.pass();
    expect((await withdrawalOf(id)).status).toBe("sending");
    await mine(1);
    await s().chainWithdrawals.pass();
    w = await withdrawalOf(id);
    expect(w.status).toBe("completed");
    expect(w.confirmations).toBe(CONFIRMATIONS);
    const mined = await chain.getTransaction({ hash: w.tx_hash as Hex });
    expect(mined.from.toLowerCase()).toBe(HOT.toLowerCase());
    expect(mined.to?.toLowerCase()).toBe(token.toLowerCase());
    expect(w.explorer_url).toBe(`https://explorer.example/tx/${w.tx_hash}`);
    // The user sees it in the withdrawal log with its hash and explorer link (nothing of the console's detail), and
    // is told; amount + fee left frozen, nothing more.
    const log = await t.send("listWithdrawals", { as: user.token, query: { page: 1, list: 10 } });
    answers.push(JSON.stringify(log.body));
    const shown = log.body.data!.items.find((x) => x.id === id)!;
    expect(shown).toMatchObject({ status: "completed", tx_hash: w.tx_hash, explorer_url: w.explorer_url });
    expect(shown).not.toHaveProperty("chain");
    expect(await balances(userId, "USDT")).toEqual({ available: "970", frozen: "0" });
    const token2 = await tokenBalance(to);
    expect(token2).toBe(25_000_000n);
  });

  it("sends the native coin for exactly the amount", async () => {
    const to = newAddress();
    const { id, userId } = await approvedWithdrawal("ETH", "0.5", to, "2");
    await s().chainWithdrawals.pass();
    expect(await chain.getBalance({ address: to })).toBe(500_000_000_000_000_000n);
    await mine(CONFIRMATIONS - 1);
    await s().chainWithdrawals.pass();
    const w = await withdrawalOf(id);
    expect(w.status).toBe("completed");
    expect(await balances(userId, "ETH")).toEqual({ available: "1.498", frozen: "0" });
  });

  it("after a crash between storing the signed transaction and broadcasting it, sends that one transaction", async () => {
    const to = newAddress();
    const { id } = await approvedWithdrawal("USDT", "30", to);
    const before = await chain.getTransactionCount({ address: HOT });
    let stored: Hex | undefined;
    await expect(
      s().chainWithdrawals.pass({
        afterStore: (hash) => {
          stored = hash;
          throw new Error("crash after storing");
        },
      }),
    ).rejects.toThrow("crash after storing");
    expect(stored).toBeDefined();
    await expect(chain.getTransaction({ hash: stored! })).rejects.toThrow();
    expect(await tokenBalance(to)).toBe(0n);
    // Another instance over the same database (a restart): it broadcasts the stored transaction as it is.
    const again = createServices(t.database, systemClock, t.config);
    await again.chainWithdrawals.pass();
    await again.chainWithdrawals.pass();
    const sent = await chain.getTransaction({ hash: stored! });
    expect(sent.nonce).toBe(before);
    expect(await chain.getTransactionCount({ address: HOT })).toBe(before + 1);
    await mine(CONFIRMATIONS);
    await again.chainWithdrawals.pass();
    await s().chainWithdrawals.pass();
    const w = await withdrawalOf(id);
    expect(w.status).toBe("completed");
    expect(w.tx_hash).toBe(stored);
    expect(await tokenBalance(to)).toBe(30_000_000n);
    expect(await chain.getTransactionCount({ address: HOT })).toBe(before + 1);
  });

  it("returns amount + fee when the transfer reverts on chain", async () => {
    const to = newAddress();
    const { id, userId } = await approvedWithdrawal("USDT", "40", to);
    expect(await balances(userId, "USDT")).toEqual({ available: "955", frozen: "45" });
    await setFrozen(true);
    try {
      await s().chainWithdrawals.pass();
    } finally {
      await setFrozen(false);
    }
    await mine(CONFIRMATIONS);
    await s().chainWithdrawals.pass();
    const w = await withdrawalOf(id);
    expect(w.status).toBe("failed");
    expect(w.reason).toBe("chain_reverted");
    const receipt = await chain.getTransactionReceipt({ hash: w.tx_hash as Hex });
    expect(receipt.status).toBe("reverted");
    expect(await tokenBalance(to)).toBe(0n);
    expect(await balances(userId, "USDT")).toEqual({ available: "1000", frozen: "0" });
    const health = await t.send("adminLedgerHealth", { as: op });
    expect(health.body.data!.ok).toBe(true);
  });

  it("replaces a stuck transaction with a higher fee at the same nonce: mined once, paid once, audited", async () => {
    const to = newAddress();
    const { id } = await approvedWithdrawal("USDT", "35", to);
    const before = await chain.getTransactionCount({ address: HOT });
    await test().setAutomine(false);
    try {
      await s().chainWithdrawals.pass();
      const first = (await withdrawalOf(id)).chain!.hashes;
      expect(first).toHaveLength(1);
      const sped = await t.send("adminWithdrawSpeedup", { as: op, body: { id } });
      answers.push(JSON.stringify(sped.body));
      expect(sped.body.code, sped.body.msg).toBe(1);
      const hashes = sped.body.data!.chain!.hashes;
      expect(hashes).toHaveLength(2);
      expect(BigInt(hashes[1]!.max_fee_per_gas)).toBeGreaterThan(BigInt(hashes[0]!.max_fee_per_gas));
      await mine(CONFIRMATIONS);
      await s().chainWithdrawals.pass();
      const w = await withdrawalOf(id);
      expect(w.status).toBe("completed");
      expect(w.tx_hash).toBe(hashes[1]!.hash);
      expect(await tokenBalance(to)).toBe(35_000_000n);
      expect(await chain.getTransactionCount({ address: HOT })).toBe(before + 1);
      const audit = await t.send("adminAuditList", { as: op, body: { action: "withdrawal.speed_up" } });
      expect(audit.body.data!.items.some((e) => e.target_id === String(id))).toBe(true);
    } finally {
      await test().setAutomine(true);
    }
  });

  it("lets an operator cancel a stuck send safely: the cancel is mined at its nonce and the funds return", async () => {
    const to = newAddress();
    const sentBefore = await usdtSentToday();
    const { id, userId } = await approvedWithdrawal("USDT", "22", to);
    // Released to be sent: it counts against today's limit.
    expect(await usdtSentToday()).toBe(new Money(sentBefore).plus(22).toFixed());
    const before = await chain.getTransactionCount({ address: HOT });
    await test().setAutomine(false);
    try {
      await s().chainWithdrawals.pass();
      const cancelled = await t.send("adminWithdrawCancel", { as: op, body: { id } });
      answers.push(JSON.stringify(cancelled.body));
      expect(cancelled.body.code, cancelled.body.msg).toBe(1);
      expect(cancelled.body.data!.chain!.hashes.map((h) => h.cancel)).toEqual([false, true]);
      await mine(CONFIRMATIONS);
      await s().chainWithdrawals.pass();
      const w = await withdrawalOf(id);
      expect(w.status).toBe("failed");
      expect(w.reason).toBe("chain_cancelled");
      // Nothing left the wallet for it: it no longer counts against today's limit.
      expect(await usdtSentToday()).toBe(sentBefore);
      expect(await tokenBalance(to)).toBe(0n);
      expect(await chain.getTransactionCount({ address: HOT })).toBe(before + 1);
      expect(await balances(userId, "USDT")).toEqual({ available: "1000", frozen: "0" });
      const audit = await t.send("adminAuditList", { as: op, body: { action: "withdrawal.cancel_send" } });
      expect(audit.body.data!.items.some((e) => e.target_id === String(id))).toBe(true);
    } finally {
      await test().setAutomine(true);
    }
  });

  it("holds a withdrawal over the daily limit until an operator approves it", async () => {
    const to = newAddress();
    const { id, reviewed } = await approvedWithdrawal("USDT", "600", to, "700");
    expect(reviewed.chain?.state).toBe("held");
    await s().chainWithdrawals.pass();
    expect(await tokenBalance(to)).toBe(0n);
    const wallet = await t.send("adminHotWallet", { as: op });
    answers.push(JSON.stringify(wallet.body));
    const usdt = wallet.body.data!.items.find((i) => i.currency === "USDT")!;
    expect(usdt.waiting).toBe("600");
    expect(usdt.daily_limit).toBe("500");
    expect(usdt.short).toBe(false);
    const approved = await t.send("adminWithdrawApprove", { as: op, body: { id } });
    answers.push(JSON.stringify(approved.body));
    expect(approved.body.data!.chain?.state).toBe("queued");
    await s().chainWithdrawals.pass();
    await mine(CONFIRMATIONS);
    await s().chainWithdrawals.pass();
    expect((await withdrawalOf(id)).status).toBe("completed");
    expect(await tokenBalance(to)).toBe(600_000_000n);
    // More waiting than the hot wallet holds: the console is warned.
    const big = await approvedWithdrawal("USDT", "9000", newAddress(), "9100");
    expect(big.reviewed.chain?.state).toBe("held");
    const short = await t.send("adminHotWallet", { as: op });
    const usdtNow = short.body.data!.items.find((i) => i.currency === "USDT")!;
    expect(new Money(usdtNow.balance!).lt(usdtNow.waiting)).toBe(true);
    expect(usdtNow.short).toBe(true);
  });

  it("never writes the hot wallet's key to the log, an answer or the database", async () => {
    const bare = HOT_KEY.slice(2).toLowerCase();
    expect(lines.length).toBeGreaterThan(10);
    for (const text of [...lines, ...answers]) expect(text.toLowerCase().includes(bare)).toBe(false);
    const tables = ["chain_withdrawals", "chain_withdrawal_txs", "hot_wallet_nonces", "settings", "audit_log"];
    for (const table of tables) {
      const rows = await t.database.db.execute(`select * from ${table}`).catch(() => ({ rows: [] }));
      expect(JSON.stringify(rows).toLowerCase().includes(bare)).toBe(false);
    }
  });
});

describe("the hot wallet's key file", () => {
  it("refuses to start when the key file is readable by group or others", async () => {
    const loose = path.join(dir, "loose.key");
    await writeFile(loose, `${HOT_KEY}\n`);
    await chmod(loose, 0o644);
    const database = await openTestDatabase();
    try {
      const config = loadConfig({ LOG_LEVEL: "silent" }, { webDist: undefined, hotWalletKeyFile: loose });
      await expect(buildApp({ config, database, logger: false })).rejects.toThrow(
        /readable by group or others.*chmod 600/,
      );
    } finally {
      await database.close();
    }
  });
});

describe("two instances' senders on one database", () => {
  it("never use one nonce twice nor send one withdrawal twice", async () => {
    let first: Database;
    let second: Database;
    let done: () => Promise<void>;
    if (testDbKind() === "postgres") {
      const made = await createCrashDatabase(5);
      first = made.database;
      second = await openDatabase({ databaseUrl: made.url, poolSize: 5 });
      done = async () => {
        await second.close();
        await made.drop();
      };
    } else {
      first = await openTestDatabase();
      second = first;
      done = () => first.close();
    }
    try {
      await seedDatabase(first);
      const config = loadConfig({}, { chainNetworksFile: networksFile, hotWalletKeyFile: keyFile });
      const a: Services = createServices(first, systemClock, config);
      const b: Services = createServices(second, systemClock, config);
      // What a start does first: the file's networks checked and written to the database both instances read.
      await a.chain.prepare();
      const operatorId = (await a.admin.ensureOperator("ops@two.test", "two-instances-operator-1")).id;
      const before = await chain.getTransactionCount({ address: HOT });
      const sent: { id: number; to: Address }[] = [];
      for (let i = 0; i < 10; i++) {
        const to = newAddress();
        const userId = await userWithBookAddress(first, a, "USDT", to, "100");
        const w = await a.withdrawals.placeWithdrawal(userId, {
          currency: "USDT",
          network: "ERC20",
          address: to,
          amount: "21",
        });
        await a.withdrawals.reviewWithdrawal({ operatorId, ip: undefined, id: w.id, action: "complete" });
        sent.push({ id: w.id, to });
      }
      // Four senders at once, two per instance (connection pool), bypassing the lease that normally keeps one.
      await Promise.all([a, b, a, b].map((x) => x.chainWithdrawals.pass()));
      await mine(CONFIRMATIONS);
      await Promise.all([a.chainWithdrawals.pass(), b.chainWithdrawals.pass()]);
      expect(await chain.getTransactionCount({ address: HOT })).toBe(before + sent.length);
      const views = await a.withdrawals.withdrawals({}, 1, 100);
      for (const { id, to } of sent) {
        expect(views.items.find((w) => w.id === id)?.status).toBe("completed");
        expect(await tokenBalance(to)).toBe(21_000_000n);
      }
      const nonces = views.items.filter((w) => sent.some((x) => x.id === w.id)).map((w) => w.chain?.nonce);
      expect(new Set(nonces).size).toBe(sent.length);
    } finally {
      await done();
    }
  }, 60_000);
});
