#!/usr/bin/env bash
# The one test command (README, .ci/run): lint and types, the build, then unit and API tests on PGlite and
# PostgreSQL, then the browser tests against the built app in Debian's Chromium (decision 167). Prints
# "N passed, N failed" at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
mkdir -p .tmp

bash scripts/ensure-test-deps.sh

echo "== lint and types"
npx biome check .
# Import rules (decision 127): no cycles anywhere; the server's layers (routes -> service -> repo, workers ->
# services, no module in another's repo or tables); web features never import each other.
npx depcruise --config apps/server/.dependency-cruiser.cjs apps/server/src
npx depcruise --config apps/web/.dependency-cruiser.cjs apps/web/src
npx depcruise --config packages/.dependency-cruiser.cjs packages/contract/src packages/i18n/src
node scripts/check-file-sizes.mjs
npm run typecheck --silent

echo "== build (without a browser: the prerendered shells are drawn in Node, decision 139)"
bash scripts/without-browser.sh npm run build --silent
grep -q '<div class="shells"><div class="shell"' apps/web/dist/index.html ||
  { echo "the build put no prerendered shells in apps/web/dist/index.html"; exit 1; }
# One character outside Latin-1 doubles the memory V8 keeps a script's source in; the build writes ASCII
# (apps/server/build.mjs, decision 170).
if LC_ALL=C grep -l -P '[^\x00-\x7F]' apps/server/dist/*.js; then
  echo "the server bundle above is not ASCII: V8 would keep its source as a two-byte string"; exit 1
fi

# The server tests that start the server or the operator CLI as processes run this build, as npm start does
# (apps/server/test/crash-fixtures.ts nodeArgsFor).
export TEST_SERVER_BUILD=1

# One after the other (decision 167): side by side the two halves more than doubled each other's CPU and took 30 min.
echo "== unit and API tests (PGlite and PostgreSQL)"
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || vitest_status=$?
echo "== browser tests (Chromium)"
e2e_status=0
(cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$root/.tmp/playwright.json" npx playwright test --reporter=list,json) ||
  e2e_status=$?

node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json
if [ "$vitest_status" -ne 0 ] || [ "$e2e_status" -ne 0 ]; then exit 1; fi
