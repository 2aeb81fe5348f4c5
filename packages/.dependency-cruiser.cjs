// The shared packages (contract, i18n) have no layers, only this: no import cycles. Checked by
// `npx depcruise --config packages/.dependency-cruiser.cjs packages/contract/src packages/i18n/src` in
// scripts/test.sh.
const { noCircular } = require("../scripts/depcruise-common.cjs");
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [noCircular],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.ts$" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
