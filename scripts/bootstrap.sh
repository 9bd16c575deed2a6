#!/usr/bin/env bash
# Brings everything a fresh clone needs: Node 24 (when the machine's is older), npm packages,
# the compiled package in dist/, the Pulumi CLI with its Node.js language host, and PostgreSQL's
# server programs for the team-state tests.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$EI_ROOT"
ei_ensure_node
echo "bootstrap: node $(node --version)" >&2
if [ -n "${CI:-}" ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # Not `npm ci`: the registry reachable here does not serve other platforms' optional binaries
  # (e.g. a resolver's darwin build), so the lock file cannot list them and `npm ci` refuses it as out
  # of sync. `npm install` installs exactly the locked versions all the same.
  npm install --no-audit --no-fund >&2
fi
npm run --silent build >&2
bash scripts/pulumi-tools.sh >&2
bash scripts/postgres.sh >&2
