// Bundles the server into dist/main.js. Our workspace packages are bundled in (they ship TypeScript source);
// everything from node_modules stays external and is loaded at run time.
import { cpSync, rmSync } from "node:fs";
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
