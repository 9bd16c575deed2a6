#!/usr/bin/env bash
# The demo: starts the emulator on a free port, runs `pulumi up` of the root stack (examples/quickstart)
# on a throw-away local backend, prints the outputs, changes the IP policy behind Pulumi's back and
# shows `pulumi preview --refresh` reporting the drift, then stops the emulator. The root stack runs the
# example in place against this clone's build (no pack or install: it runs offline, in seconds, right
# after bootstrap); Pulumi.yaml says how, and test/e2e/examples.test.ts runs it as a user installs it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
ei_setup

work="$(mktemp -d)"
emu_pid=""
cleanup() {
  [ -n "$emu_pid" ] && kill "$emu_pid" 2>/dev/null && wait "$emu_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Starting the emulator"
EDGE_INGRESS_EMULATOR_ROOT_TOKEN="$(node -e 'process.stdout.write(require("crypto").randomBytes(24).toString("hex"))')"
export EDGE_INGRESS_EMULATOR_ROOT_TOKEN
node dist/emulator/cli.js --port 0 >"$work/emulator.out" 2>"$work/emulator.err" &
emu_pid=$!
url=""
for _ in $(seq 100); do
  url="$(head -n 1 "$work/emulator.out" 2>/dev/null || true)"
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { cat "$work/emulator.err" >&2; echo "demo: the emulator did not start" >&2; exit 1; }
echo "emulator at $url"

export PULUMI_BACKEND_URL="file://$work/state" PULUMI_CONFIG_PASSPHRASE="demo-passphrase"
mkdir -p "$work/state"
# Stack-level commands run beside a copy of Pulumi.yaml in $work, so the stack's config file
# (Pulumi.demo.yaml) is written there, not into the clone.
cp Pulumi.yaml "$work/"
(cd "$work" && pulumi stack init demo --non-interactive >/dev/null)
cfg=(--stack demo --config-file "$work/Pulumi.demo.yaml")
pulumi config set "${cfg[@]}" edgeingress:apiUrl "$url"
printf '%s' "$EDGE_INGRESS_EMULATOR_ROOT_TOKEN" | pulumi config set "${cfg[@]}" --secret edgeingress:apiKey

step "pulumi up"
pulumi up "${cfg[@]}" --yes --non-interactive --skip-preview

step "Stack outputs (the key's token stays a secret)"
(cd "$work" && pulumi stack output)

step "Changing the IP policy's description outside Pulumi, through the API"
policy="$(cd "$work" && pulumi stack output policyId)"
EDGE_INGRESS_API_URL="$url" EDGE_INGRESS_API_KEY="$EDGE_INGRESS_EMULATOR_ROOT_TOKEN" node -e '
  const { EdgeIngress } = require("./dist/sdk");
  const client = new EdgeIngress();
  client.ipPolicies.update(process.argv[1], { description: "changed by hand" })
    .then((p) => console.log(`${p.id} description is now "${p.description}"`))
    .finally(() => client.close());
' "$policy"

step "pulumi preview --refresh reports the drift"
pulumi preview "${cfg[@]}" --refresh --diff --non-interactive

step "Done; stopping the emulator"
