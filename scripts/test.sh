#!/usr/bin/env bash
# The one test command (README, .ci/run): lint and types, unit and API tests on PGlite and PostgreSQL,
# then the browser tests against the built app in Debian's Chromium. Prints "N passed, N failed" at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
mkdir -p .tmp

bash scripts/ensure-test-deps.sh

echo "== lint and types"
npx biome check .
node scripts/check-feature-imports.mjs
# The server's layers: routes -> service -> repo, workers -> services, no module in another's repo.
npx depcruise --config apps/server/.dependency-cruiser.cjs apps/server/src
npm run typecheck --silent

echo "== unit and API tests (PGlite and PostgreSQL)"
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || vitest_status=$?

echo "== build"
npm run build --silent

echo "== browser tests (Chromium)"
e2e_status=0
(cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$root/.tmp/playwright.json" npx playwright test --reporter=list,json) || e2e_status=$?

node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json
if [ "$vitest_status" -ne 0 ] || [ "$e2e_status" -ne 0 ]; then exit 1; fi
