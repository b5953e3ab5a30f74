#!/usr/bin/env bash
# The capacity figures of docs/deploy.md, on one machine in one go: pgbench
# TPC-B (scale 10, -c 50 -j 2 -T 30) beside cmd/loadtest's step save
# (BASIS_SAVE) and deadline mix (-mix deadline) at 50 and 200 applicants,
# each against bin/server with demo data on a database of its own, once
# with a pool of 20 connections and once with 40 (pool_max_conns); then the
# sign-in (50 clients) and argon2id alone, the figures of docs/api-apply.md.
#   bash cmd/loadtest/compare.sh                 (after make server)
#   DURATION=30s POOLS="20 40 64" bash cmd/loadtest/compare.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
PG=${PGBASE:-postgres://postgres@127.0.0.1:5432}
REDIS=${REDIS_URL:-redis://127.0.0.1:6379/12}
DURATION=${DURATION:-20s}
POOLS=${POOLS:-20 40}
SECRET=whsec_bG9hZHRlc3Qtd2ViaG9vay1zZWNyZXQtMDEyMzQ1Njc4OQ==
id=$$; bench=gradapply_pgbench_$id
work=$(mktemp -d)
srv=""; app=""
stop() {
  if [ -n "$srv" ]; then kill "$srv" 2>/dev/null; wait "$srv" 2>/dev/null || true; srv=""; fi
  if [ -n "$app" ]; then psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $app WITH (FORCE)" >/dev/null 2>&1 || true; app=""; fi
}
cleanup() { stop; psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $bench WITH (FORCE)" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
[ -x bin/server ] || go build -o bin/server ./cmd/server
go build -o "$work/loadtest" ./cmd/loadtest
echo "== $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GB; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
psql "$PG/postgres" -qc "CREATE DATABASE $bench" >/dev/null
pgbench -q -i -s 10 "$PG/$bench" >/dev/null 2>&1
echo "== pgbench -c 50 -j 2 -T 30 (TPC-B, scale 10)"
pgbench -c 50 -j 2 -T 30 "$PG/$bench" 2>/dev/null | grep -E "^tps|latency average"
for pool in $POOLS; do
  app=gradapply_load_${id}_$pool
  port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
  mkdir -p "$work/$pool/files" "$work/$pool/mail"
  DATABASE_URL="$PG/$app?sslmode=disable&pool_max_conns=$pool" REDIS_URL=$REDIS HTTP_ADDR=127.0.0.1:$port PUBLIC_URL=http://127.0.0.1:$port \
    DEMO_DATA=true LOG_LEVEL=error METRICS_ADDR=off TESTPG_WEBHOOK_SECRET=$SECRET \
    FILE_DIR="$work/$pool/files" MAIL_DIR="$work/$pool/mail" JOB_QUEUE=load-$id-$pool RATELIMIT_PREFIX=load$id$pool: \
    ./bin/server >"$work/server-$pool.log" 2>&1 & srv=$!
  for _ in $(seq 240); do curl -sf "http://127.0.0.1:$port/actuator/health/readiness" >/dev/null && break; sleep 0.5; done
  lt() { "$work/loadtest" -base "http://127.0.0.1:$port" -db "$PG/$app?sslmode=disable" -duration "$DURATION" "$@"; }
  for users in 50 200; do
    echo "== pool $pool: BASIS_SAVE, $users applicants, $DURATION"
    lt -users "$users" | grep -vE "^step=" || true
    echo "== pool $pool: deadline mix, $users applicants, $DURATION"
    lt -mix deadline -users "$users" -secret $SECRET | grep -vE "^deadline mix: users=" || true
  done
  if [ "$pool" = "${POOLS%% *}" ]; then # the sign-in figures of docs/api-apply.md, once
    echo "== pool $pool: sign-in, 50 clients, $DURATION"
    lt -step login -users 50 | grep -vE "^step=" || true
  fi
  stop
done
echo "== argon2id verification alone"
go test -run '^$' -bench BenchmarkVerifyDefault -benchtime 2s -cpu 1,2 ./adapters/password/ | grep Benchmark
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
