// The web's layers (CONVENTIONS "Which layer may import which"): app -> features -> components/lib/hooks. A
// feature never reaches into another feature's folders; what two features share moves down to components/ or lib/.
// Checked by `npx depcruise --config apps/web/.dependency-cruiser.cjs apps/web/src` in scripts/test.sh and, each
// rule once on a planted violation, by scripts/boundaries.test.ts.
const { noCircular } = require("../../scripts/depcruise-common.cjs");
const FEATURE = "^apps/web/src/features/([^/]+)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    noCircular,
    {
      name: "resolvable",
      comment: "Every import resolves: an alias the rules cannot follow would hide what they check.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "features-stay-apart",
      comment: "A feature never imports another feature; what two features share moves to components/ or lib/.",
      severity: "error",
      from: { path: FEATURE },
      to: { path: "^apps/web/src/features/", pathNot: `${FEATURE.replace("([^/]+)", "$1")}` },
    },
    {
      name: "shared-code-below-features",
      comment: "components/, lib/ and hooks/ serve every feature: they import no feature and not the app.",
      severity: "error",
      from: { path: "^apps/web/src/(components|lib|hooks)/" },
      to: { path: "^apps/web/src/(features|app)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$" },
    tsPreCompilationDeps: true,
    // tsconfig.json's "@/" alias; dependency-cruiser resolves `paths` from the tsconfig's folder only with a baseUrl,
    // which tsconfig.depcruise.json adds (and the rule "resolvable" fails if the alias ever stops resolving).
    tsConfig: { fileName: require("node:path").join(__dirname, "tsconfig.depcruise.json") },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
