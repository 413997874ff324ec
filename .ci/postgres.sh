#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster for the tests; print its TEST_DATABASE_URL.
#
#   eval "$(.ci/postgres.sh start /tmp/sk-pg)"   # exports TEST_DATABASE_URL
#   .ci/postgres.sh stop /tmp/sk-pg
#
# The cluster lives in DIR, listens only on a unix socket there (no TCP port), is owned by
# the `postgres` user when run as root (PostgreSQL refuses to run as root), and trusts local
# connections: it is for tests only. fsync stays on (the crash test relies on it).
set -euo pipefail
cmd=$1
dir=$2
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed" >&2; exit 1; }
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case $cmd in
start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U scorekeeper --auth=trust -E UTF8 --locale=C.UTF-8 \
        >"$dir/initdb.log" 2>&1
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c max_connections=200" start \
        >/dev/null
    as_owner "$bin/createdb" -h "$dir" -U scorekeeper scorekeeper_test
    echo "export TEST_DATABASE_URL='postgresql+psycopg://scorekeeper@/scorekeeper_test?host=$dir'"
    ;;
stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true
    rm -rf "$dir"
    ;;
esac
