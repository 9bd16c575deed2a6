#!/usr/bin/env bash
# The test command: bootstraps (Node 24, npm ci, build, Pulumi CLI) and runs every jest suite,
# the real-engine e2e suites included. Extra arguments go to jest (e.g. a path filter).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
ei_setup
# Tests run through ts-jest without type checking: check the whole tree, tests included, once here.
npm run --silent typecheck
# Formatting (prettier) and lint (eslint, type-aware): a violation fails the run. `npm run format` fixes the first.
npm run --silent format:check
npm run --silent lint
# The language host's own Go tests (its modules are cached by the build above).
(cd tools/pulumi && go test ./language-nodejs)
# The generated Go and Python SDKs: the Go module builds and vets, the Python package compiles and imports.
bash scripts/sdks-test.sh
# Which Node.js language host the real-engine suites run with (scripts/env.sh chooses; docs/engine.md).
ei_language_host_line
report="$(mktemp)"
set +e
npx jest --ci --json --outputFile="$report" "$@"
code=$?
set -e
# A closing line in the plain form CI reads, whatever the runner prints above it. A failed global
# teardown (the secret audit) fails the run before jest writes its report: the exit code says so.
node -e '
try {
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`);
} catch {
  console.log(`jest exited with ${process.argv[2]} and no report: its global setup or teardown (the secret audit) failed, see above`);
}' "$report" "$code" || true
rm -f "$report"
exit $code
