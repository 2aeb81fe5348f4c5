#!/usr/bin/env bash
# Runs a command as on a machine without a browser, as most self-hosters' servers are: PATH holds only Node.js, npm
# and the shells, and CHROMIUM_PATH and Playwright's browser folder name nothing. The test command builds this way,
# so a build that came to need a browser again fails there (decision 139).
set -euo pipefail
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
for tool in node npm npx sh bash; do ln -s "$(command -v "$tool")" "$bin/$tool"; done
PATH="$bin" CHROMIUM_PATH=/nonexistent/chromium PLAYWRIGHT_BROWSERS_PATH=/nonexistent "$@"
