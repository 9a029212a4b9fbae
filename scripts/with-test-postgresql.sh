#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster: `scripts/with-test-postgresql.sh CMD ARGS…`.
# The cluster lives in a temporary directory (data, and the socket: no TCP port is opened), runs
# as the unprivileged user `perform-pg` when started as root (initdb refuses root; the user is
# created if missing), and is stopped and removed when the command ends, also when it fails or is
# interrupted. The command sees its URL in PERFORM_TEST_POSTGRESQL, for example
#   postgresql:///postgres?host=/tmp/perform-pg.XXXX&port=54321&user=perform
# and its exit status is the script's.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [[ -z "$bin" || ! -x "$bin/initdb" ]]; then
  echo "PostgreSQL's server is not installed (Debian package postgresql): make deps" >&2
  exit 1
fi

directory=$(mktemp -d /tmp/perform-pg.XXXXXX)
chmod 755 "$directory"
as_owner=()
if [[ $(id -u) -eq 0 ]]; then
  id perform-pg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin perform-pg
  chown perform-pg "$directory"
  as_owner=(runuser -u perform-pg --)
fi

stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$directory/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$directory"
}
trap stop EXIT
trap 'exit 130' INT TERM

# A port no one listens on: only the socket's name carries it, but two clusters must differ.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

"${as_owner[@]}" "$bin/initdb" -D "$directory/data" -U perform --auth=trust -E UTF8 \
  --locale=C.UTF-8 --no-sync >"$directory/initdb.log" 2>&1 || {
  cat "$directory/initdb.log" >&2
  exit 1
}
# The settings live in the cluster's configuration, so that a test can stop and start it again
# (`pg_ctl -D "$PERFORM_TEST_POSTGRESQL_DATA" start`, as its owner) at the same socket.
# fsync off: a throwaway cluster need not survive the machine's crash; PostgreSQL's own crash
# (a fast or immediate restart) still loses no committed transaction. PERFORM_TEST_POSTGRESQL_FSYNC=on
# (the server benchmark) syncs as a production server does.
cat >>"$directory/data/postgresql.conf" <<CONF
unix_socket_directories = '$directory'
port = $port
listen_addresses = ''
fsync = ${PERFORM_TEST_POSTGRESQL_FSYNC:-off}
full_page_writes = ${PERFORM_TEST_POSTGRESQL_FSYNC:-off}
max_connections = 400
CONF
"${as_owner[@]}" "$bin/pg_ctl" -D "$directory/data" -l "$directory/server.log" -w -t 60 \
  start >/dev/null || {
  cat "$directory/server.log" >&2
  exit 1
}

export PERFORM_TEST_POSTGRESQL="postgresql:///postgres?host=$directory&port=$port&user=perform"
export PERFORM_TEST_POSTGRESQL_DATA="$directory/data"
export PERFORM_TEST_POSTGRESQL_BIN="$bin"
# Who runs pg_ctl for this cluster: `runuser -u perform-pg --` as root, nothing otherwise.
export PERFORM_TEST_POSTGRESQL_OWNER="${as_owner[*]:-}"
echo "PostgreSQL for the tests: $PERFORM_TEST_POSTGRESQL"
status=0
"$@" || status=$?
exit "$status"
