import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { systemClock } from "./lib/clock";
import { AdminService } from "./modules/admin/service";
import { readHotWallet } from "./modules/chain/hot-wallet";
import { readNetworksFile } from "./modules/chain/networks-file";
import { depositSigners, mnemonicProblem, type SweepStep, sweep, sweepTotals } from "./modules/chain/sweep";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const out = (line: string) => process.stdout.write(`${line}\n`);

function printStep(s: SweepStep, dryRun: boolean) {
  const what =
    s.kind === "gas"
      ? `gas top-up of ${s.amount} ${s.currency} from the hot wallet to`
      : `${s.amount} ${s.currency} from`;
  const tx = dryRun ? `(gas at most ${s.gas})` : `tx ${s.tx_hash}`;
  out(`${s.network} #${s.index} ${what} ${s.address} ${tx}`);
}

/** `operator sweep`: parses and wires; the work is modules/chain/sweep.ts. The mnemonic never leaves this process. */
export async function sweepCommand(options: { dryRun: boolean; network: string | undefined }): Promise<number> {
  const config = loadConfig(process.env, {});
  if (!config.chainNetworksFile || !config.hotWalletKeyFile) {
    process.stderr.write("sweep needs CHAIN_NETWORKS_FILE and HOT_WALLET_KEY_FILE.\n");
    return 2;
  }
  const all = readNetworksFile(config.chainNetworksFile).networks;
  const networks = options.network ? all.filter((n) => n.network === options.network) : all;
  if (!networks.length) {
    process.stderr.write(`No network ${options.network} in CHAIN_NETWORKS_FILE.\n`);
    return 2;
  }
  const hotWallet = readHotWallet(config.hotWalletKeyFile);
  const mnemonic = await readStdin();
  const problem = mnemonicProblem(mnemonic, networks);
  if (problem) {
    process.stderr.write(`Refused: ${problem}.\n`);
    return 1;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  try {
    out(`${options.dryRun ? "Plan (dry run, nothing is sent)" : "Sweeping"} to the hot wallet ${hotWallet.address}:`);
    const steps = await sweep({
      db: database.db,
      admin: new AdminService(database.db, systemClock),
      networks,
      signerAt: depositSigners(mnemonic),
      hotWallet,
      dryRun: options.dryRun,
      onStep: (s) => printStep(s, options.dryRun),
    });
    const totals = sweepTotals(steps);
    if (!totals.length) out("Nothing to sweep.");
    for (const t of totals) {
      out(
        `${options.dryRun ? "Would move" : "Moved"} ${t.amount} ${t.currency} on ${t.network} from ${t.addresses} address(es).`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}
