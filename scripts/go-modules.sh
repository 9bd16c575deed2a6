#!/usr/bin/env bash
# Fills the Go module cache with every module the tests' offline Go builds need, before any test runs:
# test/cli/native.test.ts builds the programs `edge-ingress export --native go` writes with GOPROXY=off,
# and loading their module graph reads the go.mod of modules no other build fetches (a dependency's old
# test requirement). Done here, with the module proxy on, nothing depends on which test or check ran first.
# Needs dist/ (npm run build). Quick when the cache already holds everything.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$EI_ROOT"
sdk="$EI_ROOT/sdks/go/edgeingress"
# Every module the Go SDK's packages build from.
(cd "$sdk" && go mod download)
# The module graph of an exported program, made by the exporter itself so it follows what export writes,
# with this clone's SDK where its replace expects the module `pulumi package add` writes, as the test
# lays it out (only go.mod files are read to load a graph).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
node -e '
  const { writeProject } = require("./dist/cli/export.js");
  writeProject({}, 0, { outDir: process.argv[1], project: "go-modules", apiUrl: "", native: "go" });' "$work/program"
replaced="$(sed -n 's|^replace \([^ ]*\) => \./sdks/edgeingress$|\1|p' "$work/program/go.mod")"
[ -n "$replaced" ] || { echo "go-modules: the exported go.mod has no replace => ./sdks/edgeingress" >&2; exit 1; }
mkdir -p "$work/program/sdks/edgeingress"
sed "s|^module .*|module $replaced|" "$sdk/go.mod" >"$work/program/sdks/edgeingress/go.mod"
cp "$sdk/go.sum" "$work/program/go.sum"
(cd "$work/program" && GOFLAGS=-mod=mod go list -m all >/dev/null)
echo "go-modules: the module cache holds what the offline Go builds need" >&2
