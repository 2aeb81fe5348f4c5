import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { systemClock } from "./lib/clock";
import { AdminService } from "./modules/admin/service";
import { readHotWallet } from "./modules/chain/hot-wallet";
import { readNetworksFile } from "./modules/chain/networks-file";
import { ChainRegistry } from "./modules/chain/registry";
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
  if (!config.hotWalletKeyFile) {
    process.stderr.write("sweep needs HOT_WALLET_KEY_FILE.\n");
    return 2;
  }
  const hotWallet = await readHotWallet(config.hotWalletKeyFile).account();
  const wanted = (n: { network: string }) => !options.network || n.network === options.network;
  const fromFile = config.chainNetworksFile ? readNetworksFile(config.chainNetworksFile).networks.filter(wanted) : [];
  const mnemonic = await readStdin();
  // The file's networks are checked before the database opens: a wrong mnemonic is refused before anything.
  const early = mnemonicProblem(mnemonic, fromFile);
  if (early) {
    process.stderr.write(`Refused: ${early}.\n`);
    return 1;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  // The networks the server follows (decision 109): the stored ones, the file's and the console's; a file network
  // not yet written by a start counts too.
  const registry = new ChainRegistry(database.db);
  await registry.refresh();
  const stored = registry.configs().filter(wanted);
  const networks = [...stored, ...fromFile.filter((f) => !stored.some((s) => s.network === f.network))];
  const problem = networks.length ? mnemonicProblem(mnemonic, networks) : undefined;
  if (!networks.length || problem) {
    await database.close();
    process.stderr.write(
      problem
        ? `Refused: ${problem}.\n`
        : `No network${options.network ? ` ${options.network}` : ""} with a node to sweep.\n`,
    );
    return problem ? 1 : 2;
  }
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
