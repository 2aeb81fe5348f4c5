// Bundles the server into dist/main.js. Our workspace packages are bundled in (they ship TypeScript source);
// everything from node_modules stays external and is loaded at run time.
import { cpSync, rmSync, writeFileSync } from "node:fs";
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

// A new data folder starts from this migrated, empty cluster instead of running initdb and every migration: PGlite's
// initdb starts a second PostgreSQL in the same process, which cost 10-70 s and 350 MB of memory on a first start.
const cluster = new PGlite();
await migrate(drizzle(cluster), { migrationsFolder: "dist/migrations" });
writeFileSync("dist/pglite-template.tar.gz", Buffer.from(await (await cluster.dumpDataDir("gzip")).arrayBuffer()));
await cluster.close();
