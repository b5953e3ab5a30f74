// Package cluster holds `make test-cluster` (cluster_test.go, build tag
// "cluster"): GradApply as deployed on more than one machine, on one. It
// starts a throwaway PostgreSQL database, a Redis of its own (AOF on, as
// deployed for the job queue), versitygw as the object store, an SMTP
// server, two bin/server replicas (RUN_WORKER=false) and two bin/worker
// processes behind haproxy (Debian's, setting X-Forwarded-For and
// connecting from 127.0.0.2, the one address in TRUSTED_PROXIES), and
// drives applicants through the proxy while it kills a server and a worker
// with SIGKILL and restarts Redis. Afterwards it counts every save, upload,
// submission, payment and mail the clients were told succeeded and fails
// unless each exists exactly once (lost = 0), and checks that a staff read
// is logged with the client's address, not the proxy's.
//
// It is a Go test rather than a program so that it starts its services
// with the same helpers as the other tests (pgtest, s3test, smtptest), and
// it sits behind a build tag so that `go test ./...` does not start
// haproxy; run it with `make test-cluster`.
package cluster
