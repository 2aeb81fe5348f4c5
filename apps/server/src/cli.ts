import { parseArgs } from "node:util";
import { backupCommand } from "./backup-command";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { systemClock } from "./lib/clock";
import { AdminService } from "./modules/admin/service";
import { sweepCommand } from "./sweep-command";

const USAGE = `Usage: npm run operator -- create <email> <password>
  Creates the operator, or sets the password of an existing one and signs out every session it has.
       npm run operator -- totp-reset <email>
  Turns the operator's two-step sign-in off (a lost authenticator) and signs out every session it has; they can
  set it up again after signing in.
       npm run operator -- sweep [--dry-run] [--network <name>] < mnemonic
  Moves every deposit address's balance to the hot wallet (gas for token transfers sent from the hot wallet
  first). The mnemonic is read from standard input, checked against CHAIN_NETWORKS_FILE's xpub, never stored;
  the hot wallet is HOT_WALLET_KEY_FILE's. --dry-run prints the plan and sends nothing.
       npm run operator -- backup --out <file>
  A consistent backup (database and uploads) while the server runs, with <file>.sha256 beside it.
       npm run operator -- restore --from <file>
  Fills an empty DATA_DIR (or the empty database at DATABASE_URL) from a backup, then compares it with the snapshot.
       npm run operator -- migrate --to <postgres url>
  Copies the PGlite folder (server stopped) into an empty PostgreSQL database and compares both sides.
Uses DATABASE_URL, else PGlite in DATA_DIR. --help (after any command too) prints this.`;

const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      "dry-run": { type: "boolean" },
      network: { type: "string" },
      out: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
    },
  });

/** Operator accounts from the command line (docs/design/console.md): the console has no sign-up. */
async function main(argv: string[]) {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    // parseArgs names what it refused ("Unknown option '--x'", "Option '--out <value>' argument missing").
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, email, password] = positionals;
  const fileOption = { backup: values.out, restore: values.from, migrate: values.to } as Record<
    string,
    string | undefined
  >;
  const given = [values.out, values.from, values.to].filter((v) => v !== undefined).length;
  if (command && command in fileOption) {
    const argument = fileOption[command];
    if (positionals.length !== 1 || !argument || given !== 1 || values["dry-run"] !== undefined || values.network) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    return backupCommand(command as "backup" | "restore" | "migrate", argument);
  }
  if (given) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (command === "sweep" && positionals.length === 1) {
    return sweepCommand({ dryRun: values["dry-run"] === true, network: values.network });
  }
  if (values["dry-run"] !== undefined || values.network !== undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const valid =
    (command === "create" && email && password && positionals.length === 3) ||
    (command === "totp-reset" && email && positionals.length === 2);
  if (!valid || !email) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    process.stderr.write(`Not an email address: ${email}\n`);
    return 2;
  }
  if (command === "create" && (password ?? "").length < 12) {
    process.stderr.write("The password needs at least 12 characters.\n");
    return 2;
  }
  const config = loadConfig(process.env, {});
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  try {
    const admin = new AdminService(database.db, systemClock);
    if (command === "totp-reset") {
      if (!(await admin.resetTotp(email))) {
        process.stderr.write(`No operator ${email}.\n`);
        return 1;
      }
      process.stdout.write(`Two-step sign-in is off for ${email}; its sessions are signed out.\n`);
      return 0;
    }
    const { id, created, sessionsEnded } = await admin.setPassword(email, password ?? "");
    const ended = created ? "" : ` Signed out ${sessionsEnded} session${sessionsEnded === 1 ? "" : "s"}.`;
    process.stdout.write(`${created ? "Created" : "Updated"} operator ${email} (id ${id}).${ended}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`operator: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
