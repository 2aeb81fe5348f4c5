import { spawn } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  type LocalAccount,
  type PublicClient,
  parseEther,
} from "viem";
import { english, generateMnemonic, generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANVIL_ACCOUNT_XPUB, ANVIL_KEYS, ANVIL_MNEMONIC, type Anvil, startAnvil } from "../devchain/anvil";
import { compileTestToken, deployTestToken } from "../devchain/token";
import { auditLog, depositAddresses } from "../src/db/schema";
import { depositAddressAt } from "../src/modules/chain/addresses";
import type { ChainNetworkConfig } from "../src/modules/chain/networks-file";
import { accountXpubOf, depositSigners, mnemonicProblem, sweep } from "../src/modules/chain/sweep";
import { nodeArgsFor } from "./crash-fixtures";
import { insertUser } from "./fixtures";
import { startTestApp, type TestApp, testDbKind } from "./helper";

/**
 * Issue 39 item 5: `operator sweep` moves deposit addresses' balances to the hot wallet, against a real anvil node
 * and a TestUSDT compiled by solc. ANVIL_MNEMONIC is the exchange's mnemonic; its children 0/0..0/9 are anvil's
 * pre-funded accounts, so the deposit addresses here are 0/20 and 0/21.
 */
let anvil: Anvil;
let chain: PublicClient;
let token: Address;
let network: ChainNetworkConfig;
let t: TestApp;
let dir: string;
let networksFile: string;
let keyFile: string;
let hot: LocalAccount;
const { abi } = compileTestToken();
const TOKEN_INDEX = 20;
const NATIVE_INDEX = 21;
/** The xpub's children TOKEN_INDEX and NATIVE_INDEX: the deposit addresses holding a token and the native coin. */
let tokenHolder: Address;
let nativeHolder: Address;

beforeAll(async () => {
  tokenHolder = await depositAddressAt(ANVIL_ACCOUNT_XPUB, TOKEN_INDEX);
  nativeHolder = await depositAddressAt(ANVIL_ACCOUNT_XPUB, NATIVE_INDEX);
  anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  chain = createPublicClient({ chain: foundry, transport });
  const funder = createWalletClient({ account: privateKeyToAccount(ANVIL_KEYS[0]), chain: foundry, transport });
  token = await deployTestToken(funder, chain, 6);
  const hotKey = generatePrivateKey();
  hot = privateKeyToAccount(hotKey);
  await chain.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: hot.address, value: parseEther("5") }),
  });
  network = {
    network: "ERC20",
    chain_id: anvil.chainId,
    rpc_url: anvil.rpcUrl,
    confirmations: 3,
    xpub: ANVIL_ACCOUNT_XPUB,
    currencies: [
      { currency: "USDT", token, decimals: 6, min_deposit: "1", withdraw_fee: "1" },
      { currency: "ETH", token: null, decimals: 18, min_deposit: "0.001", withdraw_fee: "0.0005" },
    ],
  };
  dir = await mkdtemp(path.join(tmpdir(), "cryptos-chain-sweep-"));
  networksFile = path.join(dir, "networks.json");
  await writeFile(networksFile, JSON.stringify({ networks: [network] }));
  keyFile = path.join(dir, "hot.key");
  await writeFile(keyFile, `${hotKey}\n`, { mode: 0o600 });
  await chmod(keyFile, 0o600);
  t = await startTestApp({ config: { chainNetworksFile: networksFile, hotWalletKeyFile: keyFile } });
  // Two users' deposit addresses, as the chain service allocates them (index and address of the xpub's child).
  for (const index of [TOKEN_INDEX, NATIVE_INDEX]) {
    const userId = await insertUser(t.database);
    await t.database.db.insert(depositAddresses).values({
      userId,
      network: "ERC20",
      index,
      address: (await depositAddressAt(ANVIL_ACCOUNT_XPUB, index)).toLowerCase(),
      createdAt: new Date(),
    });
  }
  await chain.waitForTransactionReceipt({
    hash: await funder.writeContract({
      address: token,
      abi,
      functionName: "mint",
      args: [tokenHolder, 123_456_789n],
    }),
  });
  await chain.waitForTransactionReceipt({
    hash: await funder.sendTransaction({
      to: nativeHolder,
      value: parseEther("2"),
    }),
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await anvil?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const tokenOf = (address: Address) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [address] });
const nonces = () =>
  Promise.all([hot.address, tokenHolder, nativeHolder].map((address) => chain.getTransactionCount({ address })));
const sweepAudits = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, "chain.sweep"));
const run = (dryRun: boolean) =>
  sweep({
    db: t.database.db,
    admin: t.app.services.admin,
    networks: [network],
    signerAt: depositSigners(ANVIL_MNEMONIC),
    hotWallet: hot,
    dryRun,
  });

describe("operator sweep", () => {
  it("accepts only the mnemonic whose m/44'/60'/0' xpub the networks file names", () => {
    expect(accountXpubOf(ANVIL_MNEMONIC)).toBe(ANVIL_ACCOUNT_XPUB);
    expect(mnemonicProblem(`  ${ANVIL_MNEMONIC}\n`, [network])).toBeUndefined();
    expect(mnemonicProblem(generateMnemonic(english), [network])).toMatch(/not the one CHAIN_NETWORKS_FILE names/);
    expect(mnemonicProblem("not a mnemonic", [network])).toBeDefined();
  });

  it("plans in a dry run and sends nothing", async () => {
    const before = await nonces();
    const steps = await run(true);
    expect(steps.map((s) => [s.index, s.kind, s.currency, s.amount, s.tx_hash])).toEqual([
      [TOKEN_INDEX, "gas", "ETH", expect.stringMatching(/^0\.0\d+$/), null],
      [TOKEN_INDEX, "sweep", "USDT", "123.456789", null],
      [NATIVE_INDEX, "sweep", "ETH", expect.stringMatching(/^1\.9999\d+$/), null],
    ]);
    expect(await nonces()).toEqual(before);
    expect(await tokenOf(hot.address)).toBe(0n);
    expect(await sweepAudits()).toEqual([]);
  });

  it("tops up gas for the token address, moves its tokens, then the native coin, and audits what moved", async () => {
    const hotBefore = await chain.getBalance({ address: hot.address });
    const steps = await run(false);
    expect(steps.map((s) => [s.index, s.kind, s.currency])).toEqual([
      [TOKEN_INDEX, "gas", "ETH"],
      [TOKEN_INDEX, "sweep", "USDT"],
      [NATIVE_INDEX, "sweep", "ETH"],
    ]);
    for (const s of steps) expect((await chain.getTransactionReceipt({ hash: s.tx_hash! })).status).toBe("success");
    const [gas, tokens, native] = steps;
    const topUp = await chain.getTransaction({ hash: gas!.tx_hash! });
    expect(topUp.from.toLowerCase()).toBe(hot.address.toLowerCase());
    expect(topUp.to).toBe(tokenHolder.toLowerCase());
    expect(tokens!.amount).toBe("123.456789");
    expect(await tokenOf(hot.address)).toBe(123_456_789n);
    expect(await tokenOf(tokenHolder)).toBe(0n);
    // The native address is emptied to the wei: its balance less exactly the gas of its one transfer.
    expect(await chain.getBalance({ address: nativeHolder })).toBe(0n);
    const moved = await chain.getTransaction({ hash: native!.tx_hash! });
    expect(moved.to).toBe(hot.address.toLowerCase());
    const topUpReceipt = await chain.getTransactionReceipt({ hash: gas!.tx_hash! });
    expect(await chain.getBalance({ address: hot.address })).toBe(
      hotBefore + moved.value - topUp.value - topUpReceipt.gasUsed * topUpReceipt.effectiveGasPrice,
    );
    const audits = await sweepAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ operatorId: null, reason: "cli" });
    expect(JSON.stringify(audits[0]!.after)).toContain(tokens!.tx_hash);
    expect(JSON.stringify(audits[0]!.after)).not.toContain(ANVIL_MNEMONIC);
    // Nothing is left to sweep (what gas the token transfer did not use is dust, left where it is).
    expect(await run(true)).toEqual([]);
  });
});

/** The CLI runs from a folder of its own: nothing it reads may depend on where the operator stands. */
const cliFolder = fileURLToPath(new URL("../src", import.meta.url));
function sweepCli(mnemonic: string, ...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgsFor("cli"), "sweep", ...args], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        DATABASE_URL: "",
        CHAIN_NETWORKS_FILE: networksFile,
        HOT_WALLET_KEY_FILE: keyFile,
      },
      cwd: cliFolder,
    });
    let out = "";
    const collect = (c: Buffer) => {
      out += c.toString();
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("close", (code) => resolve({ code, out }));
    child.stdin.end(mnemonic);
  });
}

// The command line itself, once (PGlite project): a mnemonic that is not the file's is refused before anything.
describe.runIf(testDbKind() === "pglite")("npm run operator -- sweep", () => {
  it("refuses another mnemonic, read from standard input, and never prints it", async () => {
    const other = generateMnemonic(english);
    const { code, out } = await sweepCli(other, "--dry-run");
    expect(code).toBe(1);
    expect(out).toMatch(/Refused: the mnemonic's m\/44'\/60'\/0' xpub is not the one CHAIN_NETWORKS_FILE names/);
    expect(out).not.toContain(other.split(" ").slice(0, 2).join(" "));
  }, 60_000);
});
