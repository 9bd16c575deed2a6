#!/usr/bin/env bash
# Plants each of five bugs this project once had, one at a time, runs the tests that guard it and
# restores the file: every line must report failed tests (the suite still catches them).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh" && ei_ensure_node >/dev/null && cd "$EI_ROOT"
[ -z "$(git status --porcelain -- provider sdk emulator)" ] || { echo "planted-bugs: commit or stash changes to provider/, sdk/ and emulator/ first" >&2; exit 1; }
plant() { # name file python-replacement tests...
  local name="$1" file="$2" py="$3"; shift 3
  python3 -c "
import sys
p='$file'; s=open(p).read(); old,new=$py
assert old in s, 'anchor missing'
open(p,'w').write(s.replace(old,new,1))"
  local out; out=$(npx jest --ci "$@" 2>&1 | grep -E "^Tests:")
  git checkout -q -- "$file"
  echo "$name :: $out"
}
plant "1 blank PATCH answer taken at face value (fromUpdateAnswer)" provider/framework/module-update.ts \
  '("  for (const key of inputKeys(decl)) if (!(key in sent) && key in olds) outs[key] = olds[key];\n", "")' test/provider/update-answers.test.ts
plant "2 timestamps compared as text (an offset or fractional form is a diff)" provider/framework/normalise.ts \
  '("timestamp: (v) => (typeof v === \"string\" ? (instant(v) ?? v) : v),", "timestamp: (v) => v,")' test/provider/framework/normalise.test.ts
plant "3 any 404 read as 'gone' (a wrong URL empties state)" sdk/core/errors.ts \
  '("if (status === 404 && !isResourceNotFound(wire, code)) {", "if (false) {")' test/sdk/core/http.test.ts test/provider/connection.test.ts
plant "4 modules updated in the fixed fail-closed order only (TlsEdge mTLS -> upstream fails)" provider/framework/module-update.ts \
  '("let steps = preferred.length > 1 ? bestValidOrder(preferred, holds) : preferred;", "let steps = preferred;")' test/provider/module-transitions.test.ts
plant "5 PATCH body with another id accepted by the emulator" emulator/server.ts \
  '("  if (body.id !== pathId) throw", "  if (false) throw")' test/emulator/patch-rules.test.ts
