#!/usr/bin/env bash
# Makes sure PostgreSQL's server programs (15 or newer) are installed: test/e2e/team-state.test.ts starts
# a throwaway server from them (initdb + pg_ctl into a temporary directory, test/support/postgres.ts).
# Where they are missing and this runs as root with apt-get (CI: a fresh Debian machine, run as root),
# Debian's `postgresql` package is installed. Without root nothing is installed: the message says what
# to run, and the team-state tests fail naming the missing binaries.
set -euo pipefail

have_server() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ "$(basename "$(dirname "$dir")")" -ge 15 ] && return 0
  done
  return 1
}

if have_server; then exit 0; fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "postgres: PostgreSQL 15+ server programs are missing; as root: apt-get update && apt-get install -y postgresql" >&2
  exit 0
fi
echo "postgres: installing Debian's postgresql package" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update >&2
# The tests start their own servers, so the package need not create and start a cluster of its own:
# postgresql-common first, its setting turned off, then the server (as the official images do).
apt-get install -y postgresql-common >&2
sed -ri 's/^#?\s*(create_main_cluster)\s*=.*$/\1 = false/' /etc/postgresql-common/createcluster.conf
apt-get install -y postgresql >&2
have_server || { echo "postgres: the postgresql package installed no server programs under /usr/lib/postgresql" >&2; exit 1; }
