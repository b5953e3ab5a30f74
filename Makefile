# GradApply: `make run` serves with demo data, `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help
GO ?= go
APPS := apps/applicant apps/admin apps/e2e
export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/gradapply?sslmode=disable
export REDIS_URL ?= redis://127.0.0.1:6379/0

.PHONY: help run build deps apps build-applicant build-admin server check test test-go test-apps test-applicant test-admin test-e2e e2e-run test-cluster vet browser clean audit clean-test-db

help:
	@echo "make run   - build everything and serve with demo data on http://localhost:8080"
	@echo "make test  - go vet, go tests (PostgreSQL, Redis, SMTP), vitest, browser end-to-end tests"
	@echo "make audit - axe-core and Lighthouse on the built apps (prints a table; fails on axe violations)"

# npm ci only where node_modules is missing or older than the lockfile.
deps:
	@for d in $(APPS); do \
	  if [ ! -d $$d/node_modules ] || [ $$d/package-lock.json -nt $$d/node_modules/.package-lock.json ]; then \
	    echo "npm ci in $$d"; (cd $$d && npm ci --no-audit --no-fund --loglevel=error) || exit 1; \
	  fi; \
	done

# The two builds at once (the applicant's typecheck runs on one core), each
# one's output printed whole when it ends.
apps: deps
	@$(MAKE) --no-print-directory -j2 --output-sync=target build-applicant build-admin
	node apps/applicant/scripts/compress.mjs apps/applicant/dist apps/admin/dist

build-applicant: deps
	cd apps/applicant && npm run build --silent

build-admin: deps
	cd apps/admin && npm run build --silent

server:
	$(GO) build -o bin/server ./cmd/server
	$(GO) build -o bin/worker ./cmd/worker

build: apps server

check:
	@$(GO) build -o bin/server ./cmd/server && ./bin/server check

run: check build
	DEMO_DATA=$${DEMO_DATA:-true} COOKIE_SECURE=$${COOKIE_SECURE:-false} ./bin/server

# go vet, staticcheck and gosec, at pinned versions fetched by the go command
# (kept out of go.mod: gosec would pull its own dependencies into ours). A
# high gosec finding that is accepted carries `#nosec <rule> -- reason` beside it.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOSEC ?= github.com/securego/gosec/v2/cmd/gosec@v2.30.0
vet:
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...
	$(GO) run $(GOSEC) -quiet -severity high -fmt text ./...

# Tests that need PostgreSQL, Redis or the PDF font fail when it is missing:
# the opt-out (GRADAPPLY_TEST_SKIP_MISSING=1, for a plain `go test`) is removed
# here, so `make test` never prints ok over skipped tests. The timeout makes a
# deadlock fail in minutes, not after go test's default ten.
GO_TEST_TIMEOUT ?= 5m
# The file store's S3 tests run on versitygw: .ci/run installs it here; when
# it is not there, the tests look on PATH and fail with the install command.
VERSITYGW ?= $(wildcard $(HOME)/.cache/gradapply/bin/versitygw)
test-go:
	env -u GRADAPPLY_TEST_SKIP_MISSING VERSITYGW=$(VERSITYGW) $(GO) test -count=1 -timeout $(GO_TEST_TIMEOUT) ./...

# Deadline day on more than one machine, on this one (cmd/cluster): its own
# PostgreSQL database, Redis, versitygw and SMTP server, two servers and two
# workers behind haproxy; a server and a worker killed (SIGKILL) and Redis
# restarted during the run; it prints its counts and fails unless lost = 0.
test-cluster:
	env -u GRADAPPLY_TEST_SKIP_MISSING VERSITYGW=$(VERSITYGW) $(GO) test -tags cluster -count=1 -v -timeout 5m -run '^TestCluster$$' ./cmd/cluster/

# Both apps at once (the admin's typecheck runs on one core), each app's
# output printed whole when it ends; either failing fails test-apps.
test-apps: deps
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-applicant test-admin

test-applicant: deps
	cd apps/applicant && npx eslint . && npx vitest run

test-admin: deps
	cd apps/admin && npm run typecheck --silent && npx eslint . && npx vitest run

# Chromium for the browser tests: Debian's package, never a downloaded build.
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-nanum >/dev/null; \
	  else echo "Chromium is missing: run  sudo apt-get install -y chromium fonts-nanum"; exit 1; fi; \
	fi

test-e2e: browser apps server
	cd apps/e2e && node run.mjs

# The browser tests on what is already built (make test builds first).
e2e-run:
	cd apps/e2e && node run.mjs

# Outside judges: axe-core on every applicant page and the admin login,
# Lighthouse (mobile) on the home, login and sign-up pages; own server and database.
audit: browser apps server
	cd apps/e2e && CHROME_PATH=/usr/bin/chromium node audit.mjs

# make test in three waves, each timed (the first failure stops it). On two
# cores no single part keeps both busy (the Go tests wait on PostgreSQL,
# the app builds on one-core type checks), so the first wave runs at once:
#   1. vet, the Go tests, the apps' lint and unit tests, and the builds the
#      browser tests use;
#   2. the cluster run, alone (it kills processes and times their recovery);
#   3. the browser tests (E2E_WORKERS servers and browsers side by side).
WAVE1 = vet test-go test-apps apps server
test:
	@s=$$(date +%s); $(MAKE) --no-print-directory -j5 --output-sync=target $(WAVE1) || exit 1; \
	  echo "make test: $(WAVE1) took $$(( $$(date +%s) - s )) s"
	@s=$$(date +%s); $(MAKE) --no-print-directory test-cluster || exit 1; \
	  echo "make test: test-cluster took $$(( $$(date +%s) - s )) s"
	@s=$$(date +%s); $(MAKE) --no-print-directory browser e2e-run || exit 1; \
	  echo "make test: test-e2e took $$(( $$(date +%s) - s )) s"

clean:
	rm -rf bin apps/*/dist

# The Go tests copy each database from a migrated template (adapters/postgres/pgtest);
# this drops the templates and any test database a killed run left behind.
clean-test-db:
	psql "$${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}" -qAt \
	  -c "SELECT datname FROM pg_database WHERE datname LIKE 'gradapply\_tmpl\_%' OR datname LIKE 'gradapply\_test\_%'" | \
	  while read -r d; do psql "$${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}" -qc "DROP DATABASE IF EXISTS \"$$d\" WITH (FORCE)"; done
