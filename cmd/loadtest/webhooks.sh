#!/usr/bin/env bash
# The paid-webhook figures of issue 18 in one run: pgbench TPC-B (scale 10,
# 50 clients) beside cmd/loadtest -step webhook with 1000 payments at 4, 20
# and 64 in flight, each against a fresh bin/server (or $SERVER) with demo
# data on its own database.
#   bash cmd/loadtest/webhooks.sh            (after make server)
#   SERVER=/tmp/old/bin/server bash cmd/loadtest/webhooks.sh   (another build)
set -euo pipefail
cd "$(dirname "$0")/../.."
PG=${PGBASE:-postgres://postgres@127.0.0.1:5432}
SERVER=${SERVER:-./bin/server}
USERS=${USERS:-1000}
SECRET=whsec_bG9hZHRlc3Qtd2ViaG9vay1zZWNyZXQtMDEyMzQ1Njc4OQ==
id=$$; bench=gradapply_pgbench_$id
files=$(mktemp -d); mail=$(mktemp -d)
srv=""; app=""
stop() {
  if [ -n "$srv" ]; then kill "$srv" 2>/dev/null; wait "$srv" 2>/dev/null || true; srv=""; fi
  if [ -n "$app" ]; then psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $app WITH (FORCE)" >/dev/null 2>&1 || true; app=""; fi
}
cleanup() { stop; psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $bench WITH (FORCE)" >/dev/null 2>&1 || true; rm -rf "$files" "$mail"; }
trap cleanup EXIT
[ -x "$SERVER" ] || go build -o bin/server ./cmd/server
go build -o "$files/loadtest" ./cmd/loadtest
psql "$PG/postgres" -qc "CREATE DATABASE $bench" >/dev/null
pgbench -q -i -s 10 "$PG/$bench" >/dev/null 2>&1
echo "== server $SERVER; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== pgbench -c 50 -j 2 -T 30 (TPC-B, scale 10)"
pgbench -c 50 -j 2 -T 30 "$PG/$bench" 2>/dev/null | grep -E "^tps|latency average"
for conc in 4 20 64; do
  app=gradapply_hook_${id}_$conc
  port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
  DATABASE_URL="$PG/$app?sslmode=disable" HTTP_ADDR=127.0.0.1:$port DEMO_DATA=true LOG_LEVEL=warn TESTPG_WEBHOOK_SECRET=$SECRET \
    FILE_DIR=$files MAIL_DIR=$mail JOB_QUEUE=hook-$id-$conc RATELIMIT_PREFIX=hook$id$conc: "$SERVER" >/dev/null 2>&1 & srv=$!
  for _ in $(seq 120); do curl -sf http://127.0.0.1:$port/actuator/health >/dev/null && break; sleep 0.5; done
  echo "== webhooks, $USERS payments, $conc in flight"
  "$files/loadtest" -step webhook -users "$USERS" -conc "$conc" -base http://127.0.0.1:$port -db "$PG/$app?sslmode=disable" -secret $SECRET | grep -vE "^step="
  stop
done
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
