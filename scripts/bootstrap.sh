#!/usr/bin/env bash
# Brings everything a fresh clone needs: Node 24 (when the machine's is older), npm packages,
# the compiled package in dist/, the Pulumi CLI with its Node.js language host, and PostgreSQL's
# server programs for the team-state tests, Debian's Python packages for the Python SDK (scripts/python-deps.sh),
# and the Go modules the offline Go builds of the tests need (scripts/go-modules.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$EI_ROOT"
ei_ensure_node
echo "bootstrap: node $(node --version)" >&2
if [ -n "${CI:-}" ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # The lock file lists every platform's optional binaries, so `npm ci` installs exactly it and leaves the
  # work tree clean (`npm install` would rewrite the lock file).
  npm ci --no-audit --no-fund >&2
fi
npm run --silent build >&2
bash scripts/pulumi-tools.sh >&2
bash scripts/postgres.sh >&2
bash scripts/python-deps.sh >&2
bash scripts/go-modules.sh >&2
