# Sourced by run.sh and ab_reads.sh: nginx serving WORK/www/workouts.json, the machine's ceiling.
#
# start_static_nginx WORK PORT: writes WORK/nginx/nginx.conf, starts nginx (its pid appended to
# the caller's `pids`, which its clean-up stops), waits until it serves the file and sets
# `nginx_url`; exits 1 with nginx's logs when it does not serve the same bytes.
start_static_nginx() {
  local work=$1 port=$2
  mkdir -p "$work/nginx"
  chmod 755 "$work" "$work/www"
  chmod 644 "$work/www/workouts.json"
  cat >"$work/nginx/nginx.conf" <<EOF
daemon off;
master_process on;
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  types { application/json json; }
  default_type application/json;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 60s;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  server {
    listen 127.0.0.1:$port;
    root $work/www;
  }
}
EOF
  "$nginx_bin" -p "$work/nginx" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf" \
    2>"$work/nginx/stderr.log" &
  pids+=($!)
  nginx_url="http://127.0.0.1:$port/workouts.json"
  for _ in $(seq 100); do
    curl -sf -o /dev/null "$nginx_url" && break
    sleep 0.1
  done
  if ! cmp -s <(curl -sf "$nginx_url") "$work/www/workouts.json"; then
    echo "nginx did not serve the file:" >&2
    cat "$work/nginx/stderr.log" "$work/nginx/error.log" >&2 || true
    exit 1
  fi
}
