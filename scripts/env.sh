# Sourced by every project script: puts Node >= 22 and the project's Pulumi tools on PATH.
# Everything downloaded is cached outside the work tree so a new clone on the same machine reuses it.
EI_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EI_CACHE="${EDGE_INGRESS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/edge-ingress-pulumi}"
EI_NODE_VERSION="24.21.0"
export EI_ROOT EI_CACHE

ei_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ei_ensure_node() {
  if [ "$(ei_node_major)" -ge 22 ]; then return 0; fi
  local dir="$EI_CACHE/node-$EI_NODE_VERSION"
  if [ ! -x "$dir/node_modules/node/bin/node" ]; then
    echo "bootstrap: installing Node $EI_NODE_VERSION from the npm registry into $dir" >&2
    mkdir -p "$dir"
    # The `node` package's preinstall fetches the platform binary package from the same registry.
    (cd "$dir" && npm install --no-save --no-package-lock --prefix "$dir" "node@$EI_NODE_VERSION" >&2) || return 1
  fi
  export PATH="$dir/node_modules/node/bin:$PATH"
  [ "$(ei_node_major)" -ge 22 ] || { echo "bootstrap: Node >= 22 still not on PATH" >&2; return 1; }
}

# --- Pulumi -------------------------------------------------------------------------------------
# The CLI and our Node.js language host are built from tools/pulumi by scripts/pulumi-tools.sh into
# one directory per pinned version; harness/engine.ts asks ei_pulumi_bin for the same path.

# The exact @pulumi/pulumi version of package.json's devDependencies; the CLI is built at that version.
ei_pulumi_version() {
  node -e '
    const v = require(process.argv[1]).devDependencies["@pulumi/pulumi"] || "";
    if (!/^\d+\.\d+\.\d+$/.test(v)) { console.error(`package.json must pin @pulumi/pulumi exactly, found "${v}"`); process.exit(1); }
    console.log(v);' "$EI_ROOT/package.json"
}

ei_pulumi_bin() {
  local version
  version="$(ei_pulumi_version)" || return 1
  echo "$EI_CACHE/pulumi-v$version/bin"
}

# --- The language host ----------------------------------------------------------------------------
# Pulumi's own Node.js host, built from Pulumi's source, may sit in the shared tools directory beside the
# clone (on developer machines and in CI; $EI_SHARED_TOOLS overrides the place). When it is there and
# executable every engine command runs with it; otherwise with ours from tools/pulumi (docs/engine.md).
# This is the one place that chooses.
EI_SHARED_TOOLS="${EI_SHARED_TOOLS:-$EI_ROOT/../shared/tools}"

# The path of the host engine commands run with.
ei_language_host() {
  if [ -f "$EI_SHARED_TOOLS/pulumi-language-nodejs" ] && [ -x "$EI_SHARED_TOOLS/pulumi-language-nodejs" ]; then
    echo "$(cd "$EI_SHARED_TOOLS" && pwd -P)/pulumi-language-nodejs"
  else
    echo "$(ei_pulumi_bin)/pulumi-language-nodejs"
  fi
}

# The directory engine commands get first on PATH: the CLI, the chosen host and the dynamic provider
# plugin together. With our host that is ei_pulumi_bin. With the shared one it is a directory beside it
# holding a hard link to the CLI (a copy where links fail) and links to the other two: the CLI prefers a
# host on PATH but warns on every command when that is not the one next to its own resolved path.
ei_engine_tools() {
  local bin host dir tmp
  bin="$(ei_pulumi_bin)" || return 1
  host="$(ei_language_host)" || return 1
  if [ "$host" = "$bin/pulumi-language-nodejs" ]; then echo "$bin"; return 0; fi
  dir="$bin-host-$(printf %s "$host" | sha256sum | cut -c1-12)"
  # Up to date unless the CLI was rebuilt since (a link or a copy keeps the CLI's modification time).
  if ! { [ -x "$dir/pulumi" ] && [ ! "$bin/pulumi" -nt "$dir/pulumi" ] && [ "$(readlink "$dir/pulumi-language-nodejs")" = "$host" ] &&
    [ -e "$dir/pulumi-resource-pulumi-nodejs" ]; }; then
    [ -x "$bin/pulumi" ] || { echo "env.sh: no pulumi in $bin: run scripts/bootstrap.sh" >&2; return 1; }
    # Built aside and renamed, so a concurrent caller never sees half a directory.
    tmp="$(mktemp -d "$dir.tmp.XXXXXX")" && chmod 755 "$tmp" || return 1
    { ln -L "$bin/pulumi" "$tmp/pulumi" 2>/dev/null || cp -pL "$bin/pulumi" "$tmp/pulumi"; } &&
      ln -s "$host" "$tmp/pulumi-language-nodejs" &&
      ln -s "$bin/pulumi-resource-pulumi-nodejs" "$tmp/pulumi-resource-pulumi-nodejs" || { rm -rf "$tmp"; return 1; }
    rm -rf "$dir.old.$$"
    [ ! -e "$dir" ] || mv "$dir" "$dir.old.$$" 2>/dev/null || true
    mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
    rm -rf "$dir.old.$$"
  fi
  echo "$dir"
}

# One line naming the host and where it came from, for the test command's output.
ei_language_host_line() {
  local host kind version
  host="$(ei_language_host)" || return 1
  case "$host" in
    "$(ei_pulumi_bin)"/*)
      # Ours has no -version flag (it would start serving): its version is the one stamped at build.
      kind="the project's own, built from tools/pulumi/language-nodejs"
      version="v$(ei_pulumi_version)" ;;
    *)
      kind="Pulumi's own, from the shared tools directory"
      version="$(timeout 10 "$host" -version 2>/dev/null)" || version="(version unknown)" ;;
  esac
  echo "language host: pulumi-language-nodejs $version at $host ($kind)"
}

# A NODE_PATH entry holding @edge-ingress/pulumi -> this clone. A program inside the repo resolves the
# package by self-reference, but its dynamic provider process cannot (docs/engine.md). Kept outside
# the work tree, so nothing walking the tree meets a link back to its root.
ei_self_node_path() {
  local dir
  dir="$EI_CACHE/node-path/$(printf %s "$EI_ROOT" | sha256sum | cut -c1-12)"
  if [ "$(readlink "$dir/@edge-ingress/pulumi" 2>/dev/null)" != "$EI_ROOT" ]; then
    mkdir -p "$dir/@edge-ingress" && ln -sfn "$EI_ROOT" "$dir/@edge-ingress/pulumi" || return 1
  fi
  echo "$dir"
}

# Node.js's compiled-code cache for the processes the tests' commands start (NODE_COMPILE_CACHE):
# keyed by file content and Node version, so one directory serves every clone.
ei_compile_cache() {
  echo "$EI_CACHE/node-compile-cache"
}

# Puts the tools on PATH and exports the settings that keep the CLI offline and non-interactive.
# The state backend (PULUMI_BACKEND_URL) is left to the caller: each test picks its own directory.
ei_pulumi_env() {
  ei_ensure_node || return 1
  local bin self
  bin="$(ei_engine_tools)" || return 1
  self="$(ei_self_node_path)" || return 1
  EI_LANGUAGE_HOST="$(ei_language_host)" || return 1
  export EI_LANGUAGE_HOST
  case ":$PATH:" in *":$bin:"*) ;; *) export PATH="$bin:$PATH" ;; esac
  case ":${NODE_PATH:-}:" in *":$self:"*) ;; *) export NODE_PATH="$self${NODE_PATH:+:$NODE_PATH}" ;; esac
  export PULUMI_SKIP_UPDATE_CHECK=true
  export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
  # A private home: no credentials or plugins from ~/.pulumi leak into local runs.
  export PULUMI_HOME="${PULUMI_HOME:-$EI_CACHE/pulumi-home}"
  # Local stacks only; a caller that cares about its secrets sets its own passphrase.
  export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE-edge-ingress-local}"
  mkdir -p "$PULUMI_HOME"
}

# What the demo and the tests start with: a bootstrapped clone, Node and the Pulumi tools on PATH, cwd at the root.
ei_setup() {
  bash "$EI_ROOT/scripts/bootstrap.sh" && ei_ensure_node && ei_pulumi_env && cd "$EI_ROOT"
}
