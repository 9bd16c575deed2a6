#!/usr/bin/env bash
# Writes the Go and Python SDKs (sdks/go/edgeingress, sdks/python) from native/schema.json with the
# Pulumi CLI's own generator, `pulumi package gen-sdk`, which asks each language's host (Pulumi's own,
# from ../shared/tools). `--check` writes nothing and fails when the committed SDKs differ.
# The Go module's go.mod and go.sum are ours (the generator writes none): they are kept.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$EI_ROOT"
check=""
[ "${1:-}" = "--check" ] && check=1
ei_pulumi_env
shared="$(cd "$EI_SHARED_TOOLS" && pwd -P)" || { echo "sdks: no shared tools at $EI_SHARED_TOOLS (Pulumi's Go and Python hosts)" >&2; exit 1; }
export PATH="$shared:$PATH"
command -v go >/dev/null || { echo "sdks: the Go language host needs go on PATH" >&2; exit 1; }

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for language in go python; do
  pulumi package gen-sdk native/schema.json --language "$language" --out "$out" >&2
done
# The generator's Go tree is <out>/go/edgeingress (the import path's last part).
mkdir -p "$out/want/go"
mv "$out/go/edgeingress" "$out/want/go/edgeingress"
mv "$out/python" "$out/want/python"
# Pulumi's Python template parses the package's version with parver, which neither Debian nor this
# machine's package sources have: packaging (Debian's python3-packaging, and pip's own dependency) reads
# it the same way. Run from a source tree (PYTHONPATH, not installed) the version is pulumi-plugin.json's.
/usr/bin/python3 - "$out/want/python" <<'PY'
import pathlib, sys
root = pathlib.Path(sys.argv[1])
utilities = root / "edge_ingress_pulumi" / "_utilities.py"
text = utilities.read_text()
parver = "from parver import Version as PEP440Version\n"
adapter = """from packaging.version import Version as _Version


class PEP440Version:
    \"\"\"parver's Version.parse, as _get_semver_version reads it, from packaging's Version.\"\"\"

    def __init__(self, text):
        v = _Version(text)
        self.release = (tuple(v.release) + (0, 0, 0))[:3]
        self.pre_tag, self.pre = v.pre if v.pre else (None, None)
        self.dev = v.dev
        self.local = v.local

    @classmethod
    def parse(cls, text):
        return cls(text)


def _package_version(root_package):
    try:
        return importlib.metadata.version(root_package)
    except importlib.metadata.PackageNotFoundError:
        plugin = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pulumi-plugin.json")
        with open(plugin, encoding="utf-8") as f:
            return json.load(f)["version"]
"""
metadata = "pep440_version_string = importlib.metadata.version(root_package)"
assert parver in text and metadata in text, "the Python template changed: revisit scripts/sdks.sh"
text = text.replace(parver, adapter).replace(metadata, "pep440_version_string = _package_version(root_package)")
utilities.write_text(text)
pyproject = root / "pyproject.toml"
deps = pyproject.read_text()
assert '"parver>=0.2.1"' in deps, "the Python template changed: revisit scripts/sdks.sh"
pyproject.write_text(deps.replace('"parver>=0.2.1"', '"packaging>=20"'))
PY
for keep in go.mod go.sum; do [ ! -f "sdks/go/edgeingress/$keep" ] || cp "sdks/go/edgeingress/$keep" "$out/want/go/edgeingress/$keep"; done

if [ -n "$check" ]; then
  diff -r -x __pycache__ "$out/want" sdks >&2 || { echo "sdks: the SDKs are not current: run scripts/sdks.sh" >&2; exit 1; }
  exit 0
fi
rm -rf sdks/go/edgeingress.new sdks/python.new
mv "$out/want/go/edgeingress" sdks/go/edgeingress.new
mv "$out/want/python" sdks/python.new
rm -rf sdks/go/edgeingress sdks/python
mv sdks/go/edgeingress.new sdks/go/edgeingress
mv sdks/python.new sdks/python
echo "sdks: wrote sdks/go/edgeingress and sdks/python" >&2
