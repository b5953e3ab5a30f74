#!/usr/bin/env bash
# One run of the figures docs/api-apply.md reports, on one machine in one go:
# pgbench TPC-B (scale 10, 50 clients) beside cmd/loadtest's step save at 50
# and 200 applicants and the sign-in, against bin/server with demo data on
# its own database. Usage: bash cmd/loadtest/compare.sh  (after make server)
set -euo pipefail
cd "$(dirname "$0")/../.."
PG=${PGBASE:-postgres://postgres@127.0.0.1:5432}
id=$$; app=gradapply_load_$id; bench=gradapply_pgbench_$id
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
files=$(mktemp -d); mail=$(mktemp -d)
cleanup() {
  [ -n "${srv:-}" ] && kill "$srv" 2>/dev/null && wait "$srv" 2>/dev/null || true
  psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $app WITH (FORCE)" -qc "DROP DATABASE IF EXISTS $bench WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$files" "$mail"
}
trap cleanup EXIT
[ -x bin/server ] || go build -o bin/server ./cmd/server
DATABASE_URL="$PG/$app?sslmode=disable" HTTP_ADDR=127.0.0.1:$port DEMO_DATA=true LOG_LEVEL=warn \
  FILE_DIR=$files MAIL_DIR=$mail JOB_QUEUE=load-$id RATELIMIT_PREFIX=load$id: ./bin/server >/dev/null 2>&1 & srv=$!
for _ in $(seq 120); do curl -sf http://127.0.0.1:$port/actuator/health >/dev/null && break; sleep 0.5; done
psql "$PG/postgres" -qc "CREATE DATABASE $bench" >/dev/null
pgbench -q -i -s 10 "$PG/$bench" >/dev/null 2>&1
echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== pgbench -c 50 -j 2 -T 30 (TPC-B, scale 10)"
pgbench -c 50 -j 2 -T 30 "$PG/$bench" 2>/dev/null | grep -E "tps|latency average"
lt() { go run ./cmd/loadtest -base http://127.0.0.1:$port -db "$PG/$app?sslmode=disable" "$@"; }
echo "== BASIS_SAVE, 50 applicants";  lt -users 50 -duration 30s
echo "== BASIS_SAVE, 200 applicants"; lt -users 200 -duration 30s
echo "== sign-in, 50 clients";        lt -step login -users 50 -duration 20s
echo "== argon2id verification alone"
go test -run '^$' -bench BenchmarkVerifyDefault -benchtime 2s -cpu 1,2 ./adapters/password/ | grep Benchmark
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
