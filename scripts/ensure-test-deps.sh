#!/usr/bin/env bash
# Installs what the tests need beyond npm packages: Debian's Chromium (never a browser download) and nginx, and checks
# that the PostgreSQL and Redis the suite runs against are up. Under CI=true a missing service fails the run.
set -euo pipefail

# Debian packages the tests need: Chromium for the browser tests; nginx and openssl for the production set-up test
# (apps/server/test/deploy-nginx.test.ts runs deploy/nginx/cryptos.conf with a self-signed certificate).
packages=""
[ -x /usr/bin/chromium ] || packages="$packages chromium"
[ -x /usr/sbin/nginx ] || packages="$packages nginx"
command -v openssl >/dev/null || packages="$packages openssl"
if [ -n "$packages" ]; then
  echo "Installing Debian's$packages for the tests"
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
  fi
fi

missing=""
node -e "require('net').connect(5432,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" || missing="$missing PostgreSQL(127.0.0.1:5432)"
node -e "require('net').connect(6379,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" || missing="$missing Redis(127.0.0.1:6379)"
if [ -n "$missing" ]; then
  echo "Missing services:$missing" >&2
  if [ "${CI:-}" = "true" ]; then exit 1; fi
fi
