import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { mnemonicToSeedSync } from "@scure/bip39";
import { type Address, createPublicClient, createWalletClient, http, isAddress, parseEther, parseUnits } from "viem";
import { english, generateMnemonic, generatePrivateKey, HDKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import type { NetworksFile } from "../src/modules/chain/networks-file";
import { ANVIL_KEYS, startAnvil } from "./anvil";
import { compileTestToken, deployTestToken } from "./token";

/**
 * `npm run devchain`: the whole on-chain loop on one machine. Starts anvil, deploys a test USDT, makes an exchange
 * (a new mnemonic whose account xpub the networks file names, and a funded hot wallet), writes the files the app
 * reads, and prints how to start it. `npm run devchain -- pay <address> <amount> [USDT|ETH]` pays a deposit address
 * from the customer's account while it runs. Everything lives in ./.devchain; none of it is for a real chain.
 */
const HELP = `npm run devchain                               start anvil and write .devchain/ (Ctrl-C stops it)
npm run devchain -- pay <address> <amount> [USDT|ETH]   pay from the customer's account (default USDT)
Options: --port <n> (8545), --block-time <seconds> (2), --confirmations <n> (3), --dir <folder> (.devchain)`;

interface DevchainState {
  rpcUrl: string;
  token: Address;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: "string", default: "8545" },
    "block-time": { type: "string", default: "2" },
    confirmations: { type: "string", default: "3" },
    dir: { type: "string", default: ".devchain" },
    help: { type: "boolean", default: false },
  },
});
const dir = resolve(values.dir);
const statePath = resolve(dir, "state.json");
/** anvil's second account stands for a customer with a wallet: 10,000 ETH, and USDT minted at start. */
const customer = privateKeyToAccount(ANVIL_KEYS[1]);

if (values.help) console.log(HELP);
else if (positionals[0] === "pay") await pay(positionals.slice(1));
else if (positionals.length === 0) await start();
else {
  console.error(HELP);
  process.exitCode = 2;
}

async function start() {
  mkdirSync(dir, { recursive: true });
  const anvil = await startAnvil({ port: Number(values.port), blockTime: Number(values["block-time"]) });
  const transport = http(anvil.rpcUrl);
  const chain = createPublicClient({ chain: foundry, transport });
  const funder = createWalletClient({ account: privateKeyToAccount(ANVIL_KEYS[0]), chain: foundry, transport });
  const token = await deployTestToken(funder, chain, 6);
  const { abi } = compileTestToken();

  const mnemonic = generateMnemonic(english);
  const xpub = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive("m/44'/60'/0'").publicExtendedKey;
  const hotKey = generatePrivateKey();
  const hot = privateKeyToAccount(hotKey);
  for (const hash of [
    await funder.sendTransaction({ to: hot.address, value: parseEther("100") }),
    await funder.writeContract({
      address: token,
      abi,
      functionName: "mint",
      args: [hot.address, parseUnits("100000", 6)],
    }),
    await funder.writeContract({
      address: token,
      abi,
      functionName: "mint",
      args: [customer.address, parseUnits("10000", 6)],
    }),
  ]) {
    await chain.waitForTransactionReceipt({ hash });
  }

  const networks: NetworksFile = {
    networks: [
      {
        network: "ERC20",
        chain_id: anvil.chainId,
        rpc_url: anvil.rpcUrl,
        confirmations: Number(values.confirmations),
        xpub,
        currencies: [
          { currency: "USDT", token, decimals: 6, min_deposit: "1", withdraw_fee: "1" },
          { currency: "ETH", token: null, decimals: 18, min_deposit: "0.001", withdraw_fee: "0.0005" },
        ],
      },
    ],
  };
  const networksPath = resolve(dir, "networks.json");
  const keyPath = resolve(dir, "hot-wallet.key");
  writeFileSync(networksPath, `${JSON.stringify(networks, null, 2)}\n`);
  writeFileSync(keyPath, `${hotKey}\n`, { mode: 0o600 });
  chmodSync(keyPath, 0o600);
  // On a real install the mnemonic is written down and kept offline; here it is kept for `operator -- sweep`.
  writeFileSync(resolve(dir, "mnemonic.txt"), `${mnemonic}\n`, { mode: 0o600 });
  writeFileSync(statePath, JSON.stringify({ rpcUrl: anvil.rpcUrl, token } satisfies DevchainState));

  console.log(`anvil (chain ${anvil.chainId}) at ${anvil.rpcUrl}, a block every ${values["block-time"]} s
TestUSDT (6 decimals) at ${token}
hot wallet ${hot.address}: 100 ETH, 100,000 USDT (key in ${keyPath}, mode 600)
customer  ${customer.address}: 10,000 ETH, 10,000 USDT (anvil's second account)
exchange mnemonic in ${resolve(dir, "mnemonic.txt")} (dev only: a real one never reaches the server)

Start the app on this chain, in another terminal:
  CHAIN_NETWORKS_FILE=${networksPath} HOT_WALLET_KEY_FILE=${keyPath} DATA_DIR=${resolve(dir, "data")} npm start
Sign up, open Deposit, pick USDT on ERC20 and copy your address; then pay it:
  npm run devchain -- pay <your address> 25 USDT
Ctrl-C stops the chain (its state is not kept; delete ${dir} before the next start).`);
  const stop = () => void anvil.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function pay([to, amount, currency = "USDT"]: string[]) {
  if (!to || !isAddress(to) || !amount || !/^\d+(\.\d+)?$/.test(amount) || !["USDT", "ETH"].includes(currency)) {
    console.error(HELP);
    process.exitCode = 2;
    return;
  }
  if (!existsSync(statePath)) throw new Error(`${statePath} not found: start \`npm run devchain\` first`);
  const state = JSON.parse(readFileSync(statePath, "utf8")) as DevchainState;
  const transport = http(state.rpcUrl);
  const chain = createPublicClient({ chain: foundry, transport });
  const wallet = createWalletClient({ account: customer, chain: foundry, transport });
  const hash =
    currency === "ETH"
      ? await wallet.sendTransaction({ to, value: parseEther(amount) })
      : await wallet.writeContract({
          address: state.token,
          abi: compileTestToken().abi,
          functionName: "transfer",
          args: [to, parseUnits(amount, 6)],
        });
  const receipt = await chain.waitForTransactionReceipt({ hash });
  console.log(`paid ${amount} ${currency} to ${to}: ${hash} in block ${receipt.blockNumber} (${receipt.status})`);
}
