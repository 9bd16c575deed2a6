#!/usr/bin/env bash
# The test command: bootstraps (Node 24, npm ci, build, Pulumi CLI) and runs every jest suite,
# the real-engine e2e suites included. Extra arguments go to jest (e.g. a path filter).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
ei_setup
# The static checks, two at a time (tsc and eslint each use one core), beside jest: the run's longest
# test file waits on the provider's pacing for most of its time, not on a core, so jest starts at once
# rather than after the checks. Each check's output is printed whole after jest, and any failure fails
# the run.
# - Tests run through @swc/jest, which strips types without checking them: check the whole tree, tests included, once here.
# - Formatting (prettier) and lint (eslint, type-aware): a violation fails. `npm run format` fixes the first.
# - The language host's own Go tests (its modules are cached by the build above). -trimpath: the compiled
#   packages' cache entries then do not name the module cache's path, so a later clone reuses them (about
#   150 s of CPU otherwise); -count=1: the tests still run each time.
# - The generated Go and Python SDKs: the Go module builds and vets, the Python package compiles and imports.
# - The layers and no import cycle (dependency-cruiser, .dependency-cruiser.cjs; docs/design.md "Layers").
# - The planted bugs, each caught by the fast tier (scripts/planted-bugs.sh): it plants them in a private
#   copy of the tree, so jest and tsc here never see one.
checks="$(mktemp -d)"
check() {
  local name="$1"; shift
  if "$@" >"$checks/$name" 2>&1; then echo 0; else echo $?; fi >"$checks/$name.rc"
}
{ check typecheck npm run --silent typecheck; check go-test bash -c 'cd tools/pulumi && go test -trimpath -count=1 ./language-nodejs'; check sdks bash scripts/sdks-test.sh; } &
typecheck_and_go=$!
{ check format npm run --silent format:check; check lint npm run --silent lint; check layers npm run --silent layers; check planted-bugs bash scripts/planted-bugs.sh; } &
format_lint_layers=$!
# Which Node.js language host the real-engine suites run with (scripts/env.sh chooses; docs/engine.md).
ei_language_host_line
# The paced tier (jest.config.js) as a run of its own, one worker per file, beside the main run: its files
# wait out the provider's pacing for minutes, and in one run they would hold workers the computing files
# need. Its output is printed whole after the main run's.
paced_files="$(node -p 'require("./jest.config.js").projects.find((p) => p.displayName === "paced").testMatch.length')"
report="$(mktemp)"
paced_report="$(mktemp)"
paced_log="$(mktemp)"
set +e
npx jest --ci --selectProjects paced --maxWorkers "$paced_files" --passWithNoTests --json --outputFile="$paced_report" "$@" >"$paced_log" 2>&1 &
paced=$!
npx jest --ci --selectProjects fast long protocol engine --passWithNoTests --json --outputFile="$report" "$@"
code=$?
wait "$paced"
paced_code=$?
set -e
cat "$paced_log"
[ "$code" != 0 ] || code=$paced_code
wait "$typecheck_and_go" "$format_lint_layers"
failed=""
for name in typecheck format lint layers planted-bugs go-test sdks; do
  cat "$checks/$name"
  [ "$(cat "$checks/$name.rc")" = 0 ] || failed="$failed $name"
done
rm -rf "$checks"
# A closing line in the plain form CI reads, whatever the runner prints above it. A failed global
# teardown (the secret audit) fails the run before jest writes its report: the exit code says so.
node -e '
try {
  const [passed, failed] = process.argv.slice(1, 3).map((file) => JSON.parse(require("fs").readFileSync(file, "utf8")))
    .reduce(([p, f], r) => [p + r.numPassedTests, f + r.numFailedTests], [0, 0]);
  console.log(`${passed} passed, ${failed} failed`);
} catch {
  console.log(`jest exited with ${process.argv[3]} and no report: its global setup or teardown (the secret audit) failed, see above`);
}' "$report" "$paced_report" "$code" || true
[ -z "$failed" ] || { echo "failed:$failed" >&2; [ "$code" != 0 ] || code=1; }
rm -f "$report" "$paced_report" "$paced_log"
exit $code
