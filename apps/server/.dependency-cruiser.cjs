// The server's layers (docs/architecture.md, CONVENTIONS "Which layer may import which"), checked by
// `npx depcruise --config apps/server/.dependency-cruiser.cjs apps/server/src` in scripts/test.sh.
// routes -> service -> repo; a module may call another module's service, never its repo; workers call services.
const MODULE = "^apps/server/src/modules/([^/]+)/";
/** A module's SQL: `repo.ts`, or `<part>-repo.ts` beside the part of the module it serves. */
const REPO = "^apps/server/src/modules/[^/]+/[a-z-]*repo\\.ts$";
const DRIZZLE = "^(node_modules/drizzle-orm|drizzle-orm)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
