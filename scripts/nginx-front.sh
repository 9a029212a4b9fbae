#!/usr/bin/env bash
# Two `perform serve` on one PostgreSQL database behind nginx, started and stopped by one command:
#
#   scripts/nginx-front.sh start DIR --database URL [--port 8080] [--perform BINARY] [--demo]
#   scripts/nginx-front.sh stop DIR
#
# `start` runs the servers on free loopback ports (each trusting nginx's X-Forwarded-For), writes
# DIR/nginx.conf from examples/nginx/perform.conf.template, starts nginx on --port (0 picks a free
# one) and prints "front: http://127.0.0.1:PORT", each server's "server: PID PORT" and, with
# --demo, the demo trainee's "token: …". DIR keeps the pid files and logs; `stop DIR` stops nginx
# and both servers (SIGTERM: they drain) and leaves the logs. FRONT_ACCESS_LOG=off (the benchmark)
# turns the servers' access logs off; FRONT_SERVER_OPTIONS adds options to both `perform serve`
# (the benchmark's `--max-requests-per-address 1000`: its 64 connections are one client address).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

command=${1:-}
dir=${2:-}
[[ "$command" == start || "$command" == stop ]] && [[ -n "$dir" ]] || {
  echo "usage: $0 start DIR --database URL [--port 8080] [--perform BINARY] [--demo] | stop DIR" >&2
  exit 2
}
shift 2
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

if [[ "$command" == stop ]]; then
  [[ -f "$dir/nginx.pid" ]] && "$nginx_bin" -p "$dir" -c "$dir/nginx.conf" -s stop 2>/dev/null || true
  for file in "$dir"/server-*.pid; do
    [[ -f "$file" ]] || continue
    pid=$(cat "$file")
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$file"
  done
  exit 0
fi

database="" port=8080 perform="$root/.build/debug/perform" demo=()
while (($#)); do
  case "$1" in
    --database) database=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --perform) perform=$2; shift 2 ;;
    --demo) demo=(--demo); shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[[ -n "$database" ]] || { echo "--database URL is needed (postgresql://…)" >&2; exit 2; }
[[ -x "$nginx_bin" ]] || { echo "nginx is not installed: apt-get install nginx" >&2; exit 1; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# nginx keeps large request bodies under DIR; started as root, its workers are `nobody`, who must
# reach DIR (a DIR under a private home would answer those requests 500 in HTML).
chmod 755 "$dir"
# What is written below is its owner's alone: a server's output holds the demo trainee's token, its
# access log the trainees' requests (docs/security.md, "Files other local users could read"). A
# file left by an earlier run is made again rather than reused with its old mode.
umask 077
if [[ $(id -u) -eq 0 ]] && ! runuser -u nobody -- test -x "$dir"; then
  echo "nginx's workers (user nobody) cannot reach $dir: use a directory whose parents all may" \
    "(such as /tmp/front)" >&2
  exit 1
fi

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
ports=()
for name in first second; do
  rm -f "$dir/server-$name.out" "$dir/server-$name.err"
  : >"$dir/server-$name.out"
  # The first creates the demo trainee; the second only reads its token file.
  extra=()
  ((${#demo[@]})) && extra=(--demo --data-dir "$dir")
  "$perform" serve --host 127.0.0.1 --port 0 --database "$database" --trusted-proxy 127.0.0.1 \
    --access-log "${FRONT_ACCESS_LOG:-$dir/server-$name.access.log}" "${extra[@]}" \
    ${FRONT_SERVER_OPTIONS:-} \
    >"$dir/server-$name.out" 2>"$dir/server-$name.err" &
  echo $! >"$dir/server-$name.pid"
  for _ in $(seq 200); do
    grep -q '^listening: ' "$dir/server-$name.out" && break
    kill -0 "$(cat "$dir/server-$name.pid")" 2>/dev/null || break
    sleep 0.05
  done
  server_port=$(sed -n 's/^listening: .*:\([0-9]*\)$/\1/p' "$dir/server-$name.out")
  [[ -n "$server_port" ]] || { cat "$dir/server-$name.err" >&2; "$0" stop "$dir"; exit 1; }
  ports+=("$server_port")
  echo "server: $(cat "$dir/server-$name.pid") $server_port"
done
[[ "$port" == 0 ]] && port=$(free_port)
sed -e "s|@DIR@|$dir|g" -e "s|@PORT@|$port|g" -e "s|@FIRST@|${ports[0]}|g" \
  -e "s|@SECOND@|${ports[1]}|g" "$root/examples/nginx/perform.conf.template" >"$dir/nginx.conf"
"$nginx_bin" -p "$dir" -c "$dir/nginx.conf" -e "$dir/nginx-error.log" || {
  "$0" stop "$dir"
  exit 1
}
echo "front: http://127.0.0.1:$port"
token=$(sed -n 's/^token: //p' "$dir/server-first.out")
[[ -n "$token" ]] && echo "token: $token"
exit 0
