#!/usr/bin/env bash
# Plants bugs one at a time, each a one-line mistake breaking one rule users hold us to (CONTRIBUTING.md,
# "Planted bugs"), runs the test files that guard it and restores the file: every line must report
# failed tests, or the script fails. It works in a private copy of the tree (node_modules and dist/
# linked), so jest, tsc or eslint running in the tree meanwhile (scripts/test.sh) never see a planted bug.
# `planted-bugs.sh 7` runs bug 7 alone.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh" && ei_ensure_node >/dev/null && cd "$EI_ROOT" || exit 1
only="${1:-}"
started=$SECONDS
# The copy holds the working tree as it is (uncommitted changes too); it is outside the tree, so no tool run there sees it.
work="$(mktemp -d "${TMPDIR:-/tmp}/ei-planted-bugs.XXXXXX")" && backup="$(mktemp)" || exit 1
trap 'rm -rf "$work" "$backup" "$backup.times"' EXIT
# A file that changes while it is read (a test run's output) is no reason to stop: tar's status 1.
tar -C "$EI_ROOT" -cf - --warning=no-file-changed --warning=no-file-removed \
  --exclude=node_modules --exclude=./dist --exclude=./.git --exclude=./.cache --exclude=./.pulumi-state . | tar -C "$work" -xf -
codes=("${PIPESTATUS[@]}")
[ "${codes[0]}" -le 1 ] && [ "${codes[1]}" = 0 ] || { echo "planted-bugs: the tree could not be copied to $work" >&2; exit 1; }
ln -s "$EI_ROOT/node_modules" "$work/node_modules"
[ ! -d "$EI_ROOT/dist" ] || ln -s "$EI_ROOT/dist" "$work/dist"
cd "$work" || exit 1

# Sets cpu_now to the CPU time of the processes this shell waited for (user and system, bash's `times`), in
# hundredths of a second. Called as a command, not in $(…): a subshell's `times` counts its own children.
cpu_now=0
children_cpu() {
  times >"$backup.times"
  cpu_now=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%d", t * 100 }' "$backup.times")
}
n=0
ran=0
caught=0
missed=""
plant() { # name file python-replacement tests...
  local name="$1" file="$2" py="$3" at=$SECONDS cpu out
  shift 3
  n=$((n + 1))
  [ -z "$only" ] || [ "$only" = "$n" ] || return 0
  ran=$((ran + 1))
  children_cpu
  cpu=$cpu_now
  cp -p "$file" "$backup"
  # Each anchor occurs exactly once: a line that moved or doubled plants nothing, and says so.
  if out=$(python3 -c "
p='$file'; s=open(p).read(); old,new=$py
count=s.count(old)
if count != 1: raise SystemExit(f'the anchor occurs {count} times in {p}')
open(p,'w').write(s.replace(old,new,1))" 2>&1); then
    # The fast project alone, in this process (no workers for a file or two), through jest's own bin (no npx).
    out=$(node node_modules/.bin/jest --ci --selectProjects fast --runInBand "$@" 2>&1 | grep -E "^Tests:")
  fi
  cp -p "$backup" "$file"
  children_cpu
  cpu=$((cpu_now - cpu))
  # Caught: tests failed (not a suite that failed to load, which says nothing of the rule).
  if [[ "$out" =~ [1-9][0-9]*\ failed ]]; then caught=$((caught + 1)); else missed="$missed $n"; fi
  echo "$n $name :: $out ($((SECONDS - at)) s, $((cpu / 100)) s CPU)"
}

# The bugs, one plant each: name, file, (anchor, replacement) as Python strings, the test files that catch it.
# In a function, so bash has read all of it before the first runs (an edit meanwhile changes nothing).
bugs() {
  plant "blank PATCH answer taken at face value (fromUpdateAnswer)" provider/framework/module-update.ts \
    '("  for (const key of inputKeys(decl)) if (!(key in sent) && key in olds) outs[key] = olds[key];\n", "")' test/provider/update-answers.test.ts
  plant "timestamps compared as text (an offset or fractional form is a diff)" provider/framework/normalise.ts \
    '("timestamp: (v) => (typeof v === \"string\" ? (instant(v) ?? v) : v),", "timestamp: (v) => v,")' test/provider/framework/normalise.test.ts
  plant "any 404 read as 'gone' (a wrong URL empties state)" sdk/core/errors.ts \
    '("if (status === 404 && !isResourceNotFound(wire, code)) {", "if (false) {")' test/sdk/core/http.test.ts test/provider/connection.test.ts
  plant "modules updated in the fixed fail-closed order only (TlsEdge mTLS -> upstream fails)" provider/framework/module-update.ts \
    '("let steps = preferred.length > 1 ? bestValidOrder(preferred, holds) : preferred;", "let steps = preferred;")' test/provider/framework/module-order.test.ts
  plant "PATCH body with another id accepted by the emulator" emulator/server.ts \
    '("  if (body.id !== pathId) throw", "  if (false) throw")' test/emulator/patch-rules.test.ts
  plant "an immutable field updated in place (the diff asks no replace)" provider/framework/diff.ts \
    '("const immutable = new Set(immutableKeys(decl));", "const immutable = new Set<string>();")' \
    test/provider/framework.test.ts test/native/server.test.ts
  plant "delete-before-replace not declared for a kind with account-unique fields" provider/framework/diff.ts \
    '("const deleteBeforeReplace = replaces.length > 0 && (decl.unique ?? []).length > 0;", "const deleteBeforeReplace = false;")' \
    test/provider/kinds/reserved-domain.test.ts test/provider/kinds/event-source.test.ts
  plant "a secret output not marked secret by the native provider (an API key's token)" native/server.ts \
    '("return [...(decl.secretOutputs ?? []), ...secretInputs(decl), SPELLED];", "return [...secretInputs(decl), SPELLED];")' test/native/server.test.ts
  plant "a secret input (an owned child's credentials) given back unmarked by the native Check" native/server.ts \
    '(".setInputs(toStruct(inputs, [...[...news.secret].filter((k) => !plain.includes(k)), ...secretInputs(decl)]))", ".setInputs(toStruct(inputs, [...news.secret].filter((k) => !plain.includes(k))))")' \
    test/native/server.test.ts
  plant "a secret output not in the dynamic class's additionalSecretOutputs" provider/framework/resource.ts \
    '("    ...(lists.secretOutputs ?? []),\n", "")' test/provider/framework/resource.test.ts
  plant "a secret input sent to state in plaintext by the dynamic class" provider/framework/resource.ts \
    '("props[key] = lists.secretInputs?.includes(key) && value !== undefined ? pulumi.secret(value) : value;", "props[key] = value;")' \
    test/provider/framework/resource.test.ts
  plant "a CIDR compared by spelling (an IPv6 block in another case is a diff)" provider/framework/normalise.ts \
    '("cidr: (v) => (typeof v === \"string\" ? (canonicalCidr(v) ?? v) : v),", "cidr: (v) => v,")' \
    test/provider/kinds/ip-policy-rule.test.ts
  plant "a set compared in order (the service's order is a diff)" provider/framework/normalise.ts \
    '("return [...byKey.keys()].sort().map((k) => byKey.get(k));", "return v;")' test/provider/framework/normalise.test.ts
  plant "a PEM compared by its line endings (CRLF or wrapping is a diff)" provider/framework/normalise.ts \
    '("pem: (v) => (typeof v === \"string\" ? v.replace(/\\s+/g, \"\") : v),", "pem: (v) => v,")' test/provider/framework/normalise.test.ts
  plant "null and absent compared as different values" provider/framework/normalise.ts \
    '("  if (value == null) return undefined;\n", "  if (value === undefined) return undefined;\n")' test/provider/framework/normalise.test.ts
  plant "a 429 failed instead of waited out (not retryable)" sdk/core/retry.ts \
    '("return failure.status === 429 || (idempotent && failure.status >= 500);", "return idempotent && failure.status >= 500;")' \
    test/sdk/core/retry.test.ts
  plant "a 429 without Retry-After not waited out, but retried as a 5xx (maxRetries)" sdk/core/retry.ts \
    '("if (pacing && failure.status === 429) {", "if (pacing && failure.status === 429 && failure.retryAfter !== undefined) {")' \
    test/sdk/core/retry.test.ts
  plant "Retry-After ignored while the account is paced (the pacer's own wait instead)" sdk/core/retry.ts \
    '("pacing.pacer.refused(parseRetryAfter(failure.retryAfter, now), pacing.waitMs, ++refusals);", "pacing.pacer.refused(undefined, pacing.waitMs, ++refusals);")' \
    test/sdk/core/retry.test.ts
  plant "Retry-After ignored without pacing (the backoff's own wait instead)" sdk/core/retry.ts \
    '("const delay = parseRetryAfter(failure.retryAfter, now) ?? backoffDelay(retry);", "const delay = backoffDelay(retry);")' \
    test/sdk/core/retry.test.ts
  plant "a look-alike made before the request taken for a lost create's" provider/framework/lost-create.ts \
    '("    else if (created >= since) ours.push(item);", "    else ours.push(item);")' test/provider/lost-create.test.ts
  plant "a lost create sent again under a new idempotency key (a duplicate)" provider/framework/lost-create.ts \
    '("return claim(await api.create(params, { idempotencyKey }));", "return claim(await api.create(params, { idempotencyKey: randomUUID() }));")' \
    test/provider/lost-create.test.ts
  plant "a route-level 404 (a wrong path, a proxy) read as 'gone'" sdk/core/errors.ts \
    '("return code !== undefined && !ROUTE_CODES.has(code) && wire.status_code === 404", "return code !== undefined && wire.status_code === 404")' \
    test/sdk/core/http.test.ts test/provider/connection.test.ts
  plant "a server that answers 200 but is not the API taken as the API" runtime/connection.ts \
    '("if (!Array.isArray(page?.keys)) throw", "if (!page) throw")' test/provider/connection.test.ts
  plant "a hand-added child missed by refresh (children taken from state)" provider/framework/refresh.ts \
    '("const all = decl.owns ? { ...outs, ...(await readOwned(decl, CHILD_RULES, client, obj.id, outs, obj)) } : outs;", "const all = outs;")' \
    test/provider/owned-children.test.ts test/provider/drift-matrix.test.ts
  plant "adopt with a fixed field that differs converged instead of refused" provider/framework/create.ts \
    '("  if (replaces.length) {\n", "  if (false) {\n")' test/provider/adopt.test.ts
  plant "check's failure not naming the field" provider/framework/check.ts \
    '("reason: `${formatPath(issue.path) || decl.name}: ${issue.message}`", "reason: issue.message")' \
    test/provider/framework/check.test.ts
  plant "refresh reading one GET per resource instead of by the page" provider/framework/page-reads.ts \
    '("const paged = by === \"pages\" && typeof api.list?.().pages === \"function\";", "const paged = by === \"pages\" && typeof api.list?.pages === \"function\";")' \
    test/provider/framework/page-reads.test.ts -t "API keys: each read from the page"
  plant "the emulator counting characters, not bytes (accepts what the service refuses)" emulator/state/validation.ts \
    '("const bytes = Buffer.byteLength(value, \"utf8\");", "const bytes = value.length;")' test/emulator/state/ip-policy.test.ts
}
summary() {
  [ "$ran" -gt 0 ] || { echo "planted-bugs: there is no bug $only (1 to $n)" >&2; return 1; }
  children_cpu
  echo "planted-bugs: $caught of $ran caught in $((SECONDS - started)) s, $((cpu_now / 100)) s CPU${missed:+; not caught:$missed}"
  [ -z "$missed" ]
}
bugs; summary; exit
