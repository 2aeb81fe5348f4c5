import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cruise, type IConfiguration, type ICruiseResult } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, describe, expect, it } from "vitest";

/*
 * Each import rule of the test command (scripts/test.sh runs them on the real tree) shown failing once: the real
 * configurations, over small trees that each plant one violation beside imports the rule allows.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const configOf = (file: string) => require(path.join(root, file)) as IConfiguration;
const trees: string[] = [];

afterAll(async () => {
  await Promise.all(trees.map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * Writes `files` under a new folder and cruises `dirs` there with `config` (and the tree's own `tsConfig`, for the
 * web's alias): the violations, as "rule: from -> to" (a cycle once, from where the cruise met it).
 */
async function violations(config: IConfiguration, files: Record<string, string>, dirs: string[], tsConfig?: string) {
  const base = await mkdtemp(path.join(tmpdir(), "boundaries-"));
  trees.push(base);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(base, name)), { recursive: true });
    await writeFile(path.join(base, name), text);
  }
  const tsConfigFile = tsConfig && path.join(base, tsConfig);
  const result = await cruise(
    dirs,
    {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
      baseDir: base,
      ...(tsConfigFile ? { tsConfig: { fileName: tsConfigFile } } : {}),
    },
    {},
    // As the command line does: the parsed tsconfig, whose baseUrl the alias resolves from.
    tsConfigFile ? { tsConfig: extractTSConfig(tsConfigFile) } : {},
  );
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

const exporting = (name: string) => `export const ${name} = 1;\n`;

describe("the import rules fail on a planted violation", () => {
  it("server: an import cycle, a module importing another module's tables, funds importing the chain", async () => {
    const found = await violations(
      configOf("apps/server/.dependency-cruiser.cjs"),
      {
        "apps/server/src/db/schema/index.ts": 'export * from "./market";\nexport * from "./updown";\n',
        "apps/server/src/db/schema/market.ts": exporting("pairs"),
        "apps/server/src/db/schema/market-views.ts":
          'import { pairs } from "./market";\nexport const enabledPairs = pairs;\n',
        "apps/server/src/db/schema/updown.ts": exporting("updownOrders"),
        "apps/server/src/db/schema/funds.ts": exporting("deposits"),
        "apps/server/src/db/schema/chain.ts": exporting("chainDeposits"),
        // The chain's own tables: allowed; funds' deposits: refused (no exception since decision 163).
        "apps/server/src/modules/chain/repo.ts": [
          'import { chainDeposits } from "../../db/schema/chain";',
          'import { deposits } from "../../db/schema/funds";',
          "export const all = [chainDeposits, deposits];",
        ].join("\n"),
        // The chain calls funds' services: allowed; funds importing the chain: refused (its ports instead).
        "apps/server/src/modules/chain/service.ts":
          'import { onChain } from "../funds/on-chain";\nexport const c = onChain;\n',
        "apps/server/src/modules/funds/on-chain.ts": exporting("onChain"),
        "apps/server/src/modules/funds/deposits.ts":
          'import { addressAt } from "../chain/addresses";\nexport const d = addressAt;\n',
        "apps/server/src/modules/chain/addresses.ts": exporting("addressAt"),
        // Allowed: its own tables and the market's view. Refused: the market's table.
        "apps/server/src/modules/updown/repo.ts": [
          'import { pairs } from "../../db/schema/market";',
          'import { enabledPairs } from "../../db/schema/market-views";',
          'import { updownOrders } from "../../db/schema/updown";',
          "export const all = [pairs, enabledPairs, updownOrders];",
        ].join("\n"),
        // A module that owns no table, through the index: refused.
        "apps/server/src/modules/exports/service.ts":
          'import { deposits } from "../../db/schema";\nexport const d = deposits;\n',
        "apps/server/src/modules/console/service.ts": 'import { b } from "./view";\nexport const a = b;\n',
        "apps/server/src/modules/console/view.ts": 'import { a } from "./service";\nexport const b = a;\n',
      },
      ["apps/server/src"],
    );
    expect(found).toEqual([
      "chain-builds-on-funds: apps/server/src/modules/funds/deposits.ts -> apps/server/src/modules/chain/addresses.ts",
      "module-reads-own-tables: apps/server/src/modules/chain/repo.ts -> apps/server/src/db/schema/funds.ts",
      "module-reads-own-tables: apps/server/src/modules/exports/service.ts -> apps/server/src/db/schema/index.ts",
      "module-reads-own-tables: apps/server/src/modules/updown/repo.ts -> apps/server/src/db/schema/market.ts",
      "no-circular: apps/server/src/modules/console/service.ts -> apps/server/src/modules/console/view.ts",
    ]);
  });

  it("server: a static import of a library only some starts use", async () => {
    const found = await violations(
      configOf("apps/server/.dependency-cruiser.cjs"),
      {
        "node_modules/viem/package.json": JSON.stringify({ name: "viem", main: "index.js" }),
        "node_modules/viem/index.js": "export const http = 1;\n",
        // Refused: every start would load viem.
        "apps/server/src/modules/chain/rpc.ts": 'import { http } from "viem";\nexport const rpc = http;\n',
        // Allowed: on first use, its types, and the operator's sweep (the CLI only).
        "apps/server/src/modules/chain/viem.ts": 'export const loadViem = () => import("viem");\n',
        "apps/server/src/modules/chain/checks.ts":
          'import type { http } from "viem";\nexport type Http = typeof http;\n',
        "apps/server/src/modules/chain/sweep.ts": 'import { http } from "viem";\nexport const sweep = http;\n',
      },
      ["apps/server/src"],
    );
    expect(found).toEqual([
      "libraries-on-first-use: apps/server/src/modules/chain/rpc.ts -> node_modules/viem/index.js",
    ]);
  });

  it("web: a feature importing another feature (by alias or path), and a cycle", async () => {
    const found = await violations(
      configOf("apps/web/.dependency-cruiser.cjs"),
      {
        "apps/web/tsconfig.depcruise.json": JSON.stringify({
          compilerOptions: { baseUrl: ".", paths: { "@/*": ["./src/*"] } },
        }),
        "apps/web/src/lib/format.ts": exporting("format"),
        "apps/web/src/features/market/chart.ts": exporting("chart"),
        "apps/web/src/features/market/list.ts": 'import { chart } from "./chart";\nexport const list = chart;\n',
        "apps/web/src/features/home/home.ts": [
          'import { format } from "@/lib/format";',
          'import { chart } from "@/features/market/chart";',
          'import { list } from "../market/list";',
          "export const home = [format, chart, list];",
        ].join("\n"),
        // The app composes features: allowed.
        "apps/web/src/app/router.ts": 'import { home } from "@/features/home/home";\nexport const routes = home;\n',
        "apps/web/src/components/a.ts": 'import { b } from "./b";\nexport const a = b;\n',
        "apps/web/src/components/b.ts": 'import { a } from "./a";\nexport const b = a;\n',
      },
      ["apps/web/src"],
      "apps/web/tsconfig.depcruise.json",
    );
    expect(found).toEqual([
      "features-stay-apart: apps/web/src/features/home/home.ts -> apps/web/src/features/market/chart.ts",
      "features-stay-apart: apps/web/src/features/home/home.ts -> apps/web/src/features/market/list.ts",
      "no-circular: apps/web/src/components/a.ts -> apps/web/src/components/b.ts",
    ]);
  });

  it("packages: a cycle", async () => {
    const found = await violations(
      configOf("packages/.dependency-cruiser.cjs"),
      {
        "packages/contract/src/ws.ts": 'import type { Read } from "./ws-read";\nexport type Ws = Read;\n',
        "packages/contract/src/ws-read.ts": 'import type { Ws } from "./ws";\nexport type Read = Ws | 1;\n',
        "packages/i18n/src/index.ts": exporting("catalogue"),
      },
      ["packages/contract/src", "packages/i18n/src"],
    );
    expect(found).toEqual(["no-circular: packages/contract/src/ws-read.ts -> packages/contract/src/ws.ts"]);
  });
});
