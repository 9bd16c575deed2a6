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
# resolved against this clone's SDK exactly as the test resolves it.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
node -e '
  const { writeProject } = require("./dist/cli/export.js");
  writeProject({}, 0, { outDir: process.argv[1], project: "go-modules", apiUrl: "", native: "go" });' "$work/program"
printf '\nreplace github.com/edge-ingress/pulumi/sdks/go/edgeingress => %s\n' "$sdk" >>"$work/program/go.mod"
cp "$sdk/go.sum" "$work/program/go.sum"
(cd "$work/program" && GOFLAGS=-mod=mod go list -m all >/dev/null)
echo "go-modules: the module cache holds what the offline Go builds need" >&2
