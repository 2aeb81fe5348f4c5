// The server's layers and boundaries (docs/architecture.md, CONVENTIONS "Which layer may import which"), checked by
// `npx depcruise --config apps/server/.dependency-cruiser.cjs apps/server/src` in scripts/test.sh and, each rule
// once on a planted violation, by scripts/boundaries.test.ts.
// routes -> service -> repo; a module may call another module's service, never its repo; workers call services;
// a module reads its own tables only (decision 127); no import cycles.
const { noCircular } = require("../../scripts/depcruise-common.cjs");
const MODULE = "^apps/server/src/modules/([^/]+)/";
/** A module's SQL: `repo.ts`, or `<part>-repo.ts` beside the part of the module it serves. */
const REPO = "^apps/server/src/modules/[^/]+/[a-z-]*repo\\.ts$";
const DRIZZLE = "^(node_modules/drizzle-orm|drizzle-orm)";
const SCHEMA = "apps/server/src/db/schema/";

/**
 * Which files of db/schema/ hold each module's tables. Its code imports those, and any module's `<owner>-views.ts`
 * (views an owner defines for others to join), and no other schema file: another module's data comes through that
 * module's service. A module not listed owns no table.
 */
const TABLES_OF = {
  accounts: ["accounts", "users"],
  addressbook: ["addressbook"],
  admin: ["admin"],
  alerts: ["alerts"],
  chain: ["chain", "chain-anchors", "chain-withdrawals"],
  funds: ["funds"],
  identity: ["identity"],
  incidents: ["incidents"],
  leases: ["leases"],
  ledger: ["ledger"],
  market: ["market", "tick-log"],
  messages: ["messages"],
  reserves: ["reserves"],
  settings: ["settings"],
  staking: ["staking"],
  updown: ["updown"],
};

/** The libraries only some starts load (decision 085); apps/server/test/start-libraries.test.ts checks a start too. */
const DEFERRED_LIBRARIES = [
  "viem",
  "pg",
  "ioredis",
  "nodemailer",
  "sharp",
  "file-type",
  "ccxt",
  "tar-stream",
  "prom-client",
];

const file = (name) => `^${SCHEMA}${name}\\.ts$`;
const VIEWS = `^${SCHEMA}[a-z-]+-views\\.ts$`;

/** One rule per module: its files import its schema files and views only (no exception, decision 163). */
function ownTablesRules() {
  const modules = Object.keys(TABLES_OF);
  const rules = modules.map((module) => ({
    name: "module-reads-own-tables",
    comment: `modules/${module} imports its own tables (${TABLES_OF[module].join(", ")}) and views only; another module's data comes through its service.`,
    severity: "error",
    from: { path: `^apps/server/src/modules/${module}/` },
    to: { path: `^${SCHEMA}`, pathNot: [...TABLES_OF[module].map(file), VIEWS] },
  }));
  // Every other module (console, content, exports, metrics, system, ...) owns none.
  rules.push({
    name: "module-reads-own-tables",
    comment: "A module that owns no table reads others' data through their services (or their views).",
    severity: "error",
    from: { path: "^apps/server/src/modules/", pathNot: modules.map((m) => `^apps/server/src/modules/${m}/`) },
    to: { path: `^${SCHEMA}`, pathNot: VIEWS },
  });
  return rules;
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    noCircular,
    ...ownTablesRules(),
    {
      name: "chain-builds-on-funds",
      comment:
        "The chain module writes funds' rows through funds' services (OnChainFunds, WithdrawalsService); funds reaches the chain only through the ports it defines (DepositAddresses, ChainSends): the two never import each other (decision 163).",
      severity: "error",
      from: { path: "^apps/server/src/modules/funds/" },
      to: { path: "^apps/server/src/modules/chain/" },
    },
    {
      name: "routes-stay-thin",
      comment: "A route maps HTTP to a service call: no repo, no drizzle, no transaction of its own.",
      severity: "error",
      from: { path: "^apps/server/src/modules/[^/]+/routes\\.ts$" },
      to: { path: [REPO, DRIZZLE, "^apps/server/src/db/(transaction|schema)"] },
    },
    {
      name: "workers-call-services",
      comment:
        "Workers reach a module through its service (and the market's price sources), never its repo, tables or drizzle.",
      severity: "error",
      from: { path: "^apps/server/src/workers/" },
      to: {
        // A type names what a worker is handed; it calls nothing.
        dependencyTypesNot: ["type-only"],
        path: ["^apps/server/src/modules/", DRIZZLE, "^apps/server/src/db/(schema|transaction)"],
        pathNot: [
          "^apps/server/src/modules/([^/]+/service|services)\\.ts$",
          "^apps/server/src/modules/market/sources/",
        ],
      },
    },
    {
      name: "no-other-modules-repo",
      comment: "A module may call another module's service, never its repo.",
      severity: "error",
      from: { path: MODULE },
      to: { path: REPO, pathNot: "^apps/server/src/modules/$1/" },
    },
    {
      name: "repo-only-in-its-module",
      comment: "Outside the modules (app, plugins, workers, modules/services.ts) nobody touches a repo.",
      severity: "error",
      from: { pathNot: MODULE },
      to: { path: REPO },
    },
    {
      name: "tables-only-in-modules",
      comment: "Outside the modules (app, plugins, workers, lib) nobody imports a table; db/ itself may.",
      severity: "error",
      from: { pathNot: ["^apps/server/src/modules/[^/]+/", "^apps/server/src/db/"] },
      to: { path: `^${SCHEMA}` },
    },
    {
      name: "libraries-on-first-use",
      comment:
        "A library only some starts use is imported where it is first needed (lib/load-once.ts, decision 085), never statically: its types with `import type`. The operator's sweep (CLI only) may.",
      severity: "error",
      from: { path: "^apps/server/src/", pathNot: "^apps/server/src/modules/chain/sweep\\.ts$" },
      to: {
        path: `node_modules/(${DEFERRED_LIBRARIES.join("|")})/`,
        dependencyTypesNot: ["type-only", "dynamic-import"],
      },
    },
    {
      name: "sql-in-repo-files",
      comment: "SQL lives in repo files (and the schema and database client); elsewhere drizzle's types at most.",
      severity: "error",
      from: { pathNot: ["[/-]repo\\.ts$", "^apps/server/src/db/"] },
      to: { path: DRIZZLE, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.ts$" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
