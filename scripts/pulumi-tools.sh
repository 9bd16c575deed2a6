#!/usr/bin/env bash
# Provides the Pulumi CLI, our Node.js language host, Pulumi's YAML language host and the dynamic provider plugin script in
# $(ei_pulumi_bin) = $EI_CACHE/pulumi-v<version>/bin, at the @pulumi/pulumi version package.json pins.
#  - A `pulumi` on PATH that reports that version, with a `pulumi-language-nodejs` beside it, is used as is.
#  - Otherwise both are built from tools/pulumi (Go modules only). Each binary is rebuilt only when a
#    hash of the sources it is built from changes, so a second run takes well under a second.
# See docs/engine.md.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
ei_ensure_node

log() { echo "pulumi-tools: $*" >&2; }
die() { log "$*"; exit 1; }

version="$(ei_pulumi_version)"
tools="$EI_ROOT/tools/pulumi"
bin="$(ei_pulumi_bin)"

for mod in pkg sdk; do
  pinned="$(sed -n "s|^[[:space:]]*github.com/pulumi/pulumi/$mod/v3 v\([^ ]*\).*|\1|p" "$tools/go.mod")"
  [ "$pinned" = "$version" ] ||
    die "tools/pulumi/go.mod pins github.com/pulumi/pulumi/$mod/v3 at '$pinned' but package.json pins @pulumi/pulumi $version; make them equal"
done
sdk_js="$EI_ROOT/node_modules/@pulumi/pulumi"
installed="$(node -p 'require(process.argv[1]).version' "$sdk_js/package.json" 2>/dev/null || true)"
[ "$installed" = "$version" ] ||
  die "node_modules has @pulumi/pulumi '${installed:-none}', expected $version: run npm ci (scripts/bootstrap.sh)"

mkdir -p "$bin"
# One run at a time per cache directory: a second run waits, then finds everything built.
exec 9>"$bin/.lock"
flock 9

# The dynamic provider plugin is a small script shipped in the npm package; it finds the provider code
# from its working directory (the program's), so any clone's copy will do. A copy, not a link: the
# cache outlives the clone that filled it.
install_dynamic_provider() {
  install -m 0755 "$sdk_js/pulumi-resource-pulumi-nodejs" "$bin/.pulumi-resource-pulumi-nodejs.tmp"
  mv -f "$bin/.pulumi-resource-pulumi-nodejs.tmp" "$bin/pulumi-resource-pulumi-nodejs"
}

# Pulumi YAML programs (the native provider's e2e suite): Pulumi's own host, built from its Go module
# as served by the module proxy (a read-only module directory, so built from a writable copy). Its
# module pins its own Pulumi SDK; the stamp holds its version, so it is built once per machine.
build_yaml_host() {
  command -v go >/dev/null || die "Go is needed to build pulumi-language-yaml; install it and retry"
  local yaml_version="v1.25.0"
  local yaml_stamp="$bin/.pulumi-language-yaml.stamp"
  if [ ! -x "$bin/pulumi-language-yaml" ] || [ "$(cat "$yaml_stamp" 2>/dev/null)" != "$yaml_version" ]; then
    log "building pulumi-language-yaml $yaml_version (a few minutes on 2 cores when nothing is cached)"
    local start=$SECONDS dir work
    dir="$(cd "$tools" && go mod download -json "github.com/pulumi/pulumi-yaml@$yaml_version" | node -e '
      let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).Dir));')"
    [ -d "$dir" ] || die "go mod download gave no directory for github.com/pulumi/pulumi-yaml@$yaml_version"
    work="$(mktemp -d)"
    cp -r "$dir/." "$work" && chmod -R u+w "$work"
    (cd "$work" && CGO_ENABLED=0 go build -tags osusergo,grpcnotrace \
      -ldflags "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=$yaml_version" \
      -o "$bin/.pulumi-language-yaml.tmp" ./cmd/pulumi-language-yaml) || { rm -rf "$work"; die "building pulumi-language-yaml failed"; }
    rm -rf "$work"
    mv -f "$bin/.pulumi-language-yaml.tmp" "$bin/pulumi-language-yaml"
    echo "$yaml_version" >"$yaml_stamp"
    log "built pulumi-language-yaml in $((SECONDS - start))s"
  fi
}

# 1. A matching CLI and host already installed elsewhere on PATH.
while IFS= read -r candidate; do
  dir="$(cd "$(dirname "$candidate")" && pwd -P)"
  [ "$dir" != "$(cd "$bin" && pwd -P)" ] || continue
  [ -x "$dir/pulumi-language-nodejs" ] || continue
  [ "$("$candidate" version 2>/dev/null)" = "v$version" ] || continue
  log "using pulumi v$version and pulumi-language-nodejs from $dir"
  ln -sfn "$dir/pulumi" "$bin/pulumi"
  ln -sfn "$dir/pulumi-language-nodejs" "$bin/pulumi-language-nodejs"
  rm -f "$bin/.pulumi.stamp" "$bin/.pulumi-language-nodejs.stamp"
  install_dynamic_provider
  build_yaml_host
  exit 0
done < <(type -ap pulumi || true)

# 2. Build what is missing or out of date.
command -v go >/dev/null || die "Go is needed to build the Pulumi CLI (tools/pulumi); install it and retry"

sources_hash() { (cd "$tools" && sha256sum "$@" | sha256sum | cut -c1-16); }

# build NAME PACKAGE HASH [NOTE]: builds PACKAGE into $bin/NAME unless its stamp already holds HASH.
build() {
  local name="$1" pkg="$2" hash="$3" stamp="$bin/.$1.stamp"
  if [ -x "$bin/$name" ] && [ ! -L "$bin/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$hash" ]; then
    return 0
  fi
  log "building $name v$version${4:+ ($4)}"
  local start=$SECONDS
  # Build next to the target, then rename: an interrupted build never leaves a broken binary.
  (cd "$tools" && CGO_ENABLED=0 go build -tags osusergo,grpcnotrace \
    -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$version" \
    -o "$bin/.$name.tmp" "$pkg")
  mv -f "$bin/.$name.tmp" "$bin/$name"
  echo "$hash" >"$stamp"
  log "built $name in $((SECONDS - start))s"
}

build pulumi github.com/pulumi/pulumi/pkg/v3/cmd/pulumi "$(sources_hash go.mod go.sum tools.go)" \
  "about 6 minutes on 2 cores when nothing is cached"
build pulumi-language-nodejs ./language-nodejs \
  "$(sources_hash go.mod go.sum $(cd "$tools" && ls language-nodejs/*.go | grep -v '_test\.go$'))"
install_dynamic_provider

build_yaml_host
log "ready: $bin"
