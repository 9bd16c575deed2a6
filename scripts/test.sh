#!/usr/bin/env bash
# The test command: bootstraps (Node 24, npm ci, build, Pulumi CLI) and runs every jest suite,
# the real-engine e2e suites included. Extra arguments go to jest (e.g. a path filter).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
ei_setup
# The static checks, two at a time (tsc and eslint each use one core); each one's output is printed
# whole, and any failure fails the run once all have finished.
# - Tests run through ts-jest without type checking: check the whole tree, tests included, once here.
# - Formatting (prettier) and lint (eslint, type-aware): a violation fails. `npm run format` fixes the first.
# - The language host's own Go tests (its modules are cached by the build above).
# - The generated Go and Python SDKs: the Go module builds and vets, the Python package compiles and imports.
checks="$(mktemp -d)"
check() {
  local name="$1"; shift
  if "$@" >"$checks/$name" 2>&1; then echo 0; else echo $?; fi >"$checks/$name.rc"
}
{ check typecheck npm run --silent typecheck; check go-test bash -c 'cd tools/pulumi && go test ./language-nodejs'; check sdks bash scripts/sdks-test.sh; } &
check format npm run --silent format:check
check lint npm run --silent lint
# The layers and no import cycle (dependency-cruiser, .dependency-cruiser.cjs; docs/design.md "Layers").
check layers npm run --silent layers
wait
failed=""
for name in typecheck format lint layers go-test sdks; do
  cat "$checks/$name"
  [ "$(cat "$checks/$name.rc")" = 0 ] || failed="$failed $name"
done
rm -rf "$checks"
[ -z "$failed" ] || { echo "failed:$failed" >&2; exit 1; }
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
