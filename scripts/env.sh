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
