// Bundles the server into dist/main.js. Our workspace packages are bundled in (they ship TypeScript source);
// everything from node_modules stays external and is loaded at run time.
import { cpSync, rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { build } from "esbuild";

const keepExternal = {
  name: "external-node-modules",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@cryptos/") ? undefined : { path: args.path, external: true },
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
  sourcemap: true,
  plugins: [keepExternal],
  logLevel: "warning",
});
cpSync("src/db/migrations", "dist/migrations", { recursive: true });

// A new data folder starts as a copy of this migrated, empty cluster instead of running initdb and every migration:
// PGlite's initdb starts a second PostgreSQL in the same process, which cost 10-70 s and 350 MB of memory on a first
// start. A folder, not an archive: PGlite unpacks an archive in memory (a 100 MB peak, 60 MB of it still resident
// minutes later), and a folder is copied by the file system.
const cluster = new PGlite("dist/pglite-template");
await migrate(drizzle(cluster), { migrationsFolder: "dist/migrations" });
await cluster.close();
