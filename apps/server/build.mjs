// Bundles the server into dist/main.js (and the operator's dist/cli.js): our workspace packages and most libraries
// in one file each, beside the chunks of what both share and of each dynamic import(). A start read some 500 files
// of node_modules, each resolved, read and compiled apart (decision 086).
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { build } from "esbuild";

/**
 * Libraries loaded from node_modules at run time: those that find files beside their own code (PGlite's WASM, the
 * Swagger UI's pages, native addons), and those only some starts load (decision 085), which would otherwise be
 * parsed by every start.
 */
const EXTERNAL = new Set([
  "@electric-sql/pglite",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "@node-rs/argon2",
  "bufferutil",
  "ccxt",
  "file-type",
  "ioredis",
  "nodemailer",
  "pg",
  "prom-client",
  "sharp",
  "tar-stream",
  "utf-8-validate",
  "viem",
]);
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

const keepExternal = {
  name: "external-libraries",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      EXTERNAL.has(packageOf(args.path)) ? { path: args.path, external: true } : undefined,
    );
  },
};

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: { main: "src/main.ts", cli: "src/cli.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // A dynamic import() becomes a chunk of its own, and the libraries it imports stay in it: without splitting, the
  // bundled drizzle-orm/node-postgres's `import pg from "pg"` was hoisted to main.js and every start loaded pg. The
  // chunks sit beside main.js, as the code's `new URL("./...", import.meta.url)` (migrations, pglite-template) expects.
  splitting: true,
  chunkNames: "[name]-[hash]",
  sourcemap: true,
  plugins: [keepExternal],
  // The bundled libraries' CommonJS modules call require() (for Node's own modules, among others).
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  logLevel: "warning",
});

// V8 keeps a script's source in memory for as long as the script lives, one byte a character if every character is
// Latin-1, two bytes otherwise. esbuild writes strings and identifiers in ASCII but keeps the libraries' comments as
// they are, and a few em dashes in them made the 5.8 MB of main.js an 11.6 MB string of the server's heap. Escaped,
// the comments stay readable, and the code, its line numbers and its stack traces stay the same.
for (const file of readdirSync("dist").filter((name) => name.endsWith(".js"))) {
  const code = readFileSync(`dist/${file}`, "utf8");
  const ascii = code.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (ascii !== code) writeFileSync(`dist/${file}`, ascii);
}

cpSync("src/db/migrations", "dist/migrations", { recursive: true });

// A new data folder starts as a copy of this migrated, empty cluster instead of running initdb and every migration:
// PGlite's initdb starts a second PostgreSQL in the same process, which cost 10-70 s and 350 MB of memory on a first
// start. A folder, not an archive: PGlite unpacks an archive in memory (a 100 MB peak, 60 MB of it still resident
// minutes later), and a folder is copied by the file system.
const cluster = new PGlite("dist/pglite-template");
await migrate(drizzle(cluster), { migrationsFolder: "dist/migrations" });
await cluster.close();
