#!/usr/bin/env bash
# Makes sure Debian's Python packages that Pulumi's Python SDK needs are installed: the Python SDK in
# sdks/python is imported, and the Python e2e program runs, with /usr/bin/python3 and the pure-Python
# Pulumi SDK of ../shared/tools/python (its README). As root with apt-get (CI: a fresh Debian machine)
# they are installed; without root nothing is, and the message says what to run.
set -euo pipefail

PACKAGES=(python3 python3-grpcio python3-protobuf python3-yaml python3-packaging python3-dill)

have_all() {
  [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import grpc, google.protobuf, yaml, packaging, dill' 2>/dev/null
}

if have_all; then exit 0; fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "python-deps: Debian's Python packages for Pulumi are missing; as root: apt-get update && apt-get install -y ${PACKAGES[*]}" >&2
  exit 0
fi
echo "python-deps: installing ${PACKAGES[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update >&2
apt-get install -y "${PACKAGES[@]}" >&2
have_all || { echo "python-deps: installed, but /usr/bin/python3 cannot import grpc, protobuf, yaml, packaging and dill" >&2; exit 1; }
