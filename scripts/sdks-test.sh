#!/usr/bin/env bash
# Builds and checks the generated SDKs: the Go module builds and vets (in the machine's Go build cache:
# the Pulumi Go SDK's first build takes minutes, later ones seconds), and the Python package
# byte-compiles and imports with Debian's interpreter and the Pulumi Python SDK of ../shared/tools
# (scripts/python-deps.sh installs what it needs from Debian).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$EI_ROOT"
# -trimpath as Pulumi's Go language host builds programs, so this build fills the cache entries a Go
# program's build (test/e2e/native-go.test.ts) reads; vet too, so it reuses those packages rather than
# compiling every dependency again under its paths (about 300 s of CPU with a new module cache).
(cd sdks/go/edgeingress && go build -trimpath ./... && go vet -trimpath ./...)
python="$(cd "$EI_SHARED_TOOLS" && pwd -P)/python"
# Byte code goes to a scratch directory, not into the tree.
export PYTHONPYCACHEPREFIX="$(mktemp -d)"
trap 'rm -rf "$PYTHONPYCACHEPREFIX"' EXIT
/usr/bin/python3 -m compileall -q sdks/python/edge_ingress_pulumi
PYTHONPATH="$EI_ROOT/sdks/python:$python" /usr/bin/python3 -c 'import edge_ingress_pulumi as e; e.IpPolicy; e.Provider; e.config'
echo "sdks: the Go SDK builds and vets, the Python SDK compiles and imports" >&2
