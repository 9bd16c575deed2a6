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
# one directory per pinned version; test/support/engine.ts asks ei_pulumi_bin for the same path.

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
  bin="$(ei_pulumi_bin)" || return 1
  self="$(ei_self_node_path)" || return 1
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
