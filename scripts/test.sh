#!/usr/bin/env bash
# `npm test`: every layer of tests, in order (DESIGN.md section 8). Set TEST_DATABASE_URL to a
# PostgreSQL server to run the API and ledger tests against it as well as PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results

step() { printf '\n== %s\n' "$1"; }

step "prerequisites (Chromium and a Chinese font for the browser tests, Redis for the API tests, nginx and its brotli module for the tests through the edge, promtool, pgBackRest and systemd-analyze for the alert, backup and release tests)"
bash scripts/ensure-browser.sh
bash scripts/ensure-redis.sh
bash scripts/ensure-nginx.sh
bash scripts/ensure-ops-tools.sh

step "lint and format (Biome)"
npx biome check .

step "type check (every workspace, two at a time: each tsc uses one core)"
node -p "require('./package.json').workspaces.join('\\n')" | xargs -P 2 -I{} npm run typecheck --if-present -w {}

step "player app and operator console builds (the release test packs them; the browser tests serve them)"
npm run build -w apps/web
npm run build -w apps/admin

step "unit, component and API tests (Vitest)${TEST_DATABASE_URL:+, PGlite and PostgreSQL}"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "chaos run (two server processes on PostgreSQL, venue faults, a kill -9; README: Chaos run)"
  npm run chaos
fi

step "browser tests (Playwright, Chromium: the player app at 390x844, the console at 1440x900${TEST_DATABASE_URL:+; two compiled nodes on PostgreSQL behind nginx over HTTPS})"
npm test -w e2e

node scripts/test-summary.mjs test-results/vitest.json e2e/artifacts/report.json
