package jobs_test

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/mailmsg"
)

var quiet = slog.New(slog.DiscardHandler)

// eventually polls cond until it holds or the deadline passes.
func eventually(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after %v: %s", timeout, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// freeAddr returns a 127.0.0.1 address nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return addr
}

func outboxStats(t *testing.T, db *postgres.DB) postgres.OutboxStats {
	t.Helper()
	s, err := db.OutboxStats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// fastRelay is a relay tuned for tests: short polls and backoffs.
func fastRelay(db *postgres.DB, c *jobs.Client, interval time.Duration, noListen bool) *jobs.Relay {
	return jobs.NewRelay(db, c, jobs.RelayConfig{
		Interval: interval, MinBackoff: 50 * time.Millisecond, MaxBackoff: 200 * time.Millisecond,
		NoListen: noListen, Logger: quiet,
	})
}

// run starts fn in the background and stops it when the test ends.
func run(t *testing.T, fn func(ctx context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := fn(ctx); err != nil {
			t.Errorf("run: %v", err)
		}
	})
	t.Cleanup(func() { cancel(); wg.Wait() })
}

func startWorker(t *testing.T, redis asynq.RedisConnOpt, queue string, sender mailer.Sender, logger *slog.Logger) {
	t.Helper()
	w := jobs.NewWorker(jobs.WorkerConfig{
		Redis: redis, Queue: queue, Concurrency: 2,
		PollInterval: 50 * time.Millisecond, ShutdownTimeout: 2 * time.Second, Logger: quiet,
	}, jobs.NewServeMux(sender, codec, logger))
	run(t, w.Run)
}

func signupCode(code string) mailmsg.SignUpCode {
	return mailmsg.SignUpCode{Code: mailmsg.Secret(code), ValidMinutes: 10}
}

// testKey stands for FIELD_ENCRYPTION_KEY.
var testKey = bytes.Repeat([]byte{7}, 32)

// codec is what the server and the worker build from the key.
var codec = func() *jobs.MailCodec {
	c, err := jobs.NewMailCodec(testKey)
	if err != nil {
		panic(err)
	}
	return c
}()

func TestMain(m *testing.M) {
	jobs.SetRedisLogger(quiet)
	os.Exit(m.Run())
}
