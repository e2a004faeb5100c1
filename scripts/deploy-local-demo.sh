#!/usr/bin/env bash
# Runs docs/operations/deployment.md on this machine without touching /etc: two production instances of the built
# server (ports 3001, 3002) on one new PostgreSQL database, behind nginx started from a temp dir
# with the guide's own upstream/proxy files; checks them through nginx, then removes everything.
# Needs: PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth), root or nginx installed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NGINX_PORT="${NGINX_PORT:-8088}"
PG="postgres://postgres@127.0.0.1:5432"
DB="atelier_deploy_demo_$$"
# The client's address: a loopback address other than nginx's own 127.0.0.1, so the check below
# tells "the real client" apart from "the proxy".
CLIENT_IP=127.0.0.7
WORK="$(mktemp -d /tmp/atelier-deploy-demo.XXXXXX)"
PIDS=()

say() { printf '==> %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }

cleanup() {
  local code=$?
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  [[ -f "$WORK/nginx.pid" ]] && nginx -p "$WORK" -c "$WORK/nginx.conf" -s stop 2>/dev/null || true
  psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
  [[ $code -eq 0 ]] && say "stopped, database $DB dropped, $WORK removed" || echo "exit code $code (cleaned up)" >&2
}
trap cleanup EXIT

if ! command -v nginx >/dev/null; then
  say "installing nginx-light from Debian (its service is not started: RUNLEVEL=1)"
  apt-get update -qq
  RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
fi
nginx -v

# systemd cannot run here; its parser can still check the guide's unit.
if command -v systemd-analyze >/dev/null; then
  mkdir -p "$WORK/units" && cp "$ROOT/docs/deploy/atelier@.service" "$WORK/units/"
  out=$(cd "$WORK/units" && systemd-analyze verify ./atelier@3001.service 2>&1) || fail "systemd-analyze: $out"
  [[ -z $out ]] || fail "systemd-analyze verify: $out"
  say "systemd-analyze verify docs/deploy/atelier@.service (as atelier@3001): clean"
else
  say "systemd-analyze not installed: unit file not verified"
fi

for port in 3001 3002 "$NGINX_PORT"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then fail "port $port is in use"; fi
done

if [[ ! -f "$ROOT/apps/server/dist/main.js" || ! -f "$ROOT/apps/web/dist/index.html" || ! -f "$ROOT/apps/web/dist-ssr/entry-server.js" ]]; then
  say "building (npm run build)"
  (cd "$ROOT" && npm run build >/dev/null)
fi

say "creating database $DB"
psql -q "$PG/postgres" -c "CREATE DATABASE $DB" >/dev/null

# The guide's /etc/atelier/atelier.env, with local stand-ins: no mail server is needed to start
# (nothing is mailed by this demo), no card payments, files on a disk both instances share.
cat >"$WORK/atelier.env" <<ENV
NODE_ENV=production
HOST=127.0.0.1
PUBLIC_URL=http://127.0.0.1:$NGINX_PORT
TRUST_PROXY=127.0.0.1
DATABASE_URL=$PG/$DB
SMTP_URL=smtp://127.0.0.1:2525
PAYMENT_PROVIDER=none
MEDIA_URL_SECRET=$(openssl rand -hex 32)
DATA_DIR=$WORK/data
ADMIN_EMAIL=owner@example.com
ADMIN_PASSWORD=$(openssl rand -hex 12)
ENV

for port in 3001 3002; do
  # What `EnvironmentFile=` + `Environment=PORT=%i` do in the unit.
  (set -a; source "$WORK/atelier.env"; PORT=$port; cd "$WORK"; exec node "$ROOT/apps/server/dist/main.js") \
    >"$WORK/app-$port.log" 2>&1 &
  PIDS+=("$!")
done

mkdir -p "$WORK/logs" "$WORK/conf"
cp "$ROOT/docs/deploy/atelier-upstream.conf" "$ROOT/docs/deploy/atelier-proxy.conf" "$WORK/conf/"
cat >"$WORK/nginx.conf" <<NGINX
daemon on;
pid $WORK/nginx.pid;
error_log $WORK/logs/error.log warn;
events { worker_connections 256; }
http {
    access_log $WORK/logs/access.log;
    client_body_temp_path $WORK/client_body;
    proxy_temp_path $WORK/proxy;
    fastcgi_temp_path $WORK/fastcgi;
    uwsgi_temp_path $WORK/uwsgi;
    scgi_temp_path $WORK/scgi;
    include $WORK/conf/atelier-upstream.conf;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        include $WORK/conf/atelier-proxy.conf;
    }
}
NGINX
nginx -t -q -p "$WORK" -c "$WORK/nginx.conf"
nginx -p "$WORK" -c "$WORK/nginx.conf"
say "nginx on 127.0.0.1:$NGINX_PORT -> 127.0.0.1:3001, 127.0.0.1:3002"

wait_ready() { # polls until the URL answers 200, at most ~60 s
  for _ in $(seq 1 120); do
    [[ "$(curl -s -o /dev/null -w '%{http_code}' "$1")" == 200 ]] && return 0
    for pid in "${PIDS[@]}"; do kill -0 "$pid" 2>/dev/null || { cat "$WORK"/app-*.log >&2; fail "an instance exited"; }; done
    sleep 0.5
  done
  fail "$1 not ready"
}
wait_ready http://127.0.0.1:3001/api/ready
wait_ready http://127.0.0.1:3002/api/ready
say "both instances ready (one migrated and seeded under the start-up lock, the other found it done)"

through() { curl -sS --interface "$CLIENT_IP" "$@"; }
BASE="http://127.0.0.1:$NGINX_PORT"

code=$(through -o /dev/null -w '%{http_code}' "$BASE/api/ready")
[[ $code == 200 ]] || fail "GET /api/ready through nginx: $code"
say "GET /api/ready through nginx: 200"

page=$(through -w '\n%{http_code} %{content_type}' "$BASE/shop")
[[ $page == *"200 text/html"* && $page == *'<div id="root"'* ]] || fail "GET /shop through nginx: ${page: -60}"
say "GET /shop through nginx: 200 text/html"

# A client that claims another address in X-Forwarded-For; its ids are nginx's $request_id.
ids=()
for _ in $(seq 1 10); do
  id=$(through -o /dev/null -D - -H 'X-Forwarded-For: 203.0.113.66' "$BASE/api/health" |
    tr -d '\r' | awk -F': ' 'tolower($1)=="x-request-id"{print $2}')
  [[ -n $id ]] || fail "no X-Request-Id"
  ids+=("$id")
done
served() { local n=0; for id in "${ids[@]}"; do grep -q "\"reqId\":\"$id\"" "$WORK/app-$1.log" && n=$((n + 1)); done; echo "$n"; }
n1=$(served 3001); n2=$(served 3002)
say "10 requests by X-Request-Id in the instances' JSON logs: 3001 served $n1, 3002 served $n2"
((n1 > 0 && n2 > 0 && n1 + n2 == 10)) || fail "both instances must serve requests"

line=$(grep -h "\"reqId\":\"${ids[0]}\"" "$WORK"/app-*.log | grep '"msg":"request"')
ip=$(sed -E 's/.*"ip":"([^"]*)".*/\1/' <<<"$line")
[[ $ip == "$CLIENT_IP" ]] || fail "the app saw $ip, expected the client $CLIENT_IP: $line"
say "client address seen by the app: $ip (the real client; nginx is 127.0.0.1, the forged 203.0.113.66 ignored)"

hsts=$(through -o /dev/null -D - "$BASE/" | grep -ci '^strict-transport-security' || true)
say "HSTS on plain http PUBLIC_URL: ${hsts} header(s) (the app adds it only for https)"

say "graceful stop of 3001 (SIGTERM); nginx keeps answering from 3002"
kill -TERM "${PIDS[0]}"
codes=""
for _ in $(seq 1 6); do codes+="$(through -o /dev/null -w '%{http_code}' "$BASE/api/ready") "; done
wait "${PIDS[0]}" && rc=0 || rc=$?
[[ $codes == "200 200 200 200 200 200 " ]] || fail "during the stop: $codes"
grep -q 'shutting down: finishing in-flight requests' "$WORK/app-3001.log" || fail "no drain log line"
say "during and after the stop: $codes; 3001 exited with code $rc"
((rc == 0)) || fail "3001 did not exit cleanly"

say "OK"
