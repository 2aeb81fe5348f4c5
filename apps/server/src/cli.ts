import { parseArgs } from "node:util";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { systemClock } from "./lib/clock";
import { AdminService } from "./modules/admin/service";

const USAGE = `Usage: npm run operator -- create <email> <password>
  Creates the operator, or sets the password of an existing one. Uses DATABASE_URL, else PGlite in DATA_DIR.`;

/** Operator accounts from the command line (DESIGN.md §7): the console has no sign-up. */
async function main(argv: string[]) {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  const [command, email, password] = positionals;
  if (command !== "create" || !email || !password) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    process.stderr.write(`Not an email address: ${email}\n`);
    return 2;
  }
  if (password.length < 12) {
    process.stderr.write("The password needs at least 12 characters.\n");
    return 2;
  }
  const config = loadConfig(process.env, {});
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  try {
    const { id, created } = await new AdminService(database.db, systemClock).ensureOperator(email, password);
    process.stdout.write(`${created ? "Created" : "Updated"} operator ${email} (id ${id}).\n`);
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
