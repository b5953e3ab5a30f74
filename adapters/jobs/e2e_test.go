package jobs_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/adapters/mailer/smtptest"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/adapters/testenv"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// realRedis returns the local Redis on a test database (9 unless
// TEST_REDIS_URL says otherwise), failing when it is unreachable.
func realRedis(t *testing.T) asynq.RedisConnOpt {
	t.Helper()
	url := os.Getenv("TEST_REDIS_URL")
	if url == "" {
		url = "redis://127.0.0.1:6379/9"
	}
	opt, err := jobs.RedisOpt(url)
	if err != nil {
		t.Fatal(err)
	}
	c := jobs.NewClient(opt, "")
	defer c.Close()
	if err := c.Ping(); err != nil {
		testenv.Missing(t, "Redis at "+url, err)
	}
	return opt
}

// uniqueQueue gives the test its own queue on the shared Redis and removes
// it afterwards (registered first, so it runs after the worker has stopped).
func uniqueQueue(t *testing.T, redis asynq.RedisConnOpt) string {
	t.Helper()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	q := "test-" + hex.EncodeToString(b)
	t.Cleanup(func() { dropQueue(t, redis, q) })
	return q
}

// dropQueue removes every key of a queue. asynq's Inspector.DeleteQueue
// leaves completed tasks behind, and ours are kept a day for deduplication.
func dropQueue(t *testing.T, opt asynq.RedisConnOpt, q string) {
	rc, ok := opt.MakeRedisClient().(redis.UniversalClient)
	if !ok {
		t.Logf("drop queue %s: unexpected client", q)
		return
	}
	defer rc.Close()
	ctx := context.Background()
	iter := rc.Scan(ctx, 0, "asynq:{"+q+"}*", 200).Iterator()
	var keys []string
	for iter.Next(ctx) {
		keys = append(keys, iter.Val())
	}
	if len(keys) > 0 {
		if err := rc.Del(ctx, keys...).Err(); err != nil {
			t.Logf("drop queue %s: %v", q, err)
		}
	}
	_ = rc.SRem(ctx, "asynq:queues", q).Err()
}

// syncBuffer is a log sink the worker's goroutines can share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Development setup end to end on the real Redis: a sign-up's mail goes
// through the outbox, the relay and the worker into an .eml file in
// MAIL_DIR, whose path is logged for the developer.
func TestEndToEndFileTransportOnRealRedis(t *testing.T) {
	t.Parallel()
	redis := realRedis(t)
	queue := uniqueQueue(t, redis)
	db, _ := pgtest.New(t)
	ctx := context.Background()

	var logs syncBuffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	dir := filepath.Join(t.TempDir(), "mail")
	sender, err := mailer.New(mailer.Config{Transport: "file", Dir: dir, From: "GradApply <no-reply@gradapply.example>"}, logger)
	if err != nil {
		t.Fatal(err)
	}
	client := jobs.NewClient(redis, queue)
	t.Cleanup(func() { _ = client.Close() })
	run(t, fastRelay(db, client, 50*time.Millisecond, false).Run)
	startWorker(t, redis, queue, sender, logger)

	err = db.InTx(ctx, func(ctx context.Context) error {
		return jobs.OutboxMailer{DB: db, Codec: codec}.Queue(ctx, "ko-KR", "신청자 <applicant@example.com>", signupCode("583920"))
	})
	if err != nil {
		t.Fatal(err)
	}

	var files []string
	eventually(t, 15*time.Second, "no .eml file in MAIL_DIR", func() bool {
		files, _ = filepath.Glob(filepath.Join(dir, "*.eml"))
		return len(files) > 0
	})
	if len(files) != 1 {
		t.Fatalf("files %v", files)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	d, err := smtptest.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	if d.Subject != "[GradApply] 이메일 인증 코드" || !strings.Contains(d.Text, "인증 코드: 583920") {
		t.Fatalf("mail %q:\n%s", d.Subject, d.Text)
	}
	eventually(t, 5*time.Second, "sent mail not logged", func() bool {
		return strings.Contains(logs.String(), "mail sent")
	})
	out := logs.String()
	if !strings.Contains(out, files[0]) {
		t.Fatalf("log lacks the file path:\n%s", out)
	}
	if strings.Contains(out, "583920") || strings.Contains(out, "applicant@example.com") {
		t.Fatalf("log leaks the code or the address:\n%s", out)
	}
	// The relay marks the row relayed after queueing it, so the worker may
	// deliver first (and now notes the delivery on the same row): wait for
	// the outbox to drain rather than read it at once.
	eventually(t, 5*time.Second, "outbox rows still pending", func() bool { return outboxStats(t, db).Pending == 0 })
}

// The same on the real Redis over SMTP, for several mails at once, each
// delivered exactly once.
func TestEndToEndSMTPOnRealRedis(t *testing.T) {
	t.Parallel()
	redis := realRedis(t)
	queue := uniqueQueue(t, redis)
	db, _ := pgtest.New(t)
	ctx := context.Background()
	smtp := smtptest.New(t, smtptest.Options{})
	sender, err := mailer.NewSMTPSender(mailer.SMTPConfig{Host: smtp.Host, Port: smtp.Port,
		From: "GradApply <no-reply@gradapply.example>", TLS: mailer.TLSNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	// Two relays compete for the rows, as a server and a worker process would.
	for range 2 {
		client := jobs.NewClient(redis, queue)
		t.Cleanup(func() { _ = client.Close() })
		run(t, fastRelay(db, client, 50*time.Millisecond, false).Run)
	}
	startWorker(t, redis, queue, sender, quiet)

	const n = 12
	m := jobs.OutboxMailer{DB: db, Codec: codec}
	for i := range n {
		to := "user" + string(rune('a'+i)) + "@example.com"
		if err := m.Queue(ctx, "en", to, mailmsg.ApplicationCompleted{
			School: "Graduate School of International Studies", Round: "2026 Fall", ExamNumber: "IS-" + to[4:5],
		}); err != nil {
			t.Fatal(err)
		}
	}
	got := smtp.WaitFor(t, n, 15*time.Second)
	seen := map[string]int{}
	for _, g := range got {
		seen[g.To[0]]++
	}
	for to, c := range seen {
		if c != 1 {
			t.Errorf("%s got %d mails", to, c)
		}
	}
	if len(seen) != n {
		t.Fatalf("%d distinct recipients, want %d", len(seen), n)
	}
	d, err := smtptest.Decode(got[0].Raw)
	if err != nil {
		t.Fatal(err)
	}
	if d.Subject != "[GradApply] Application to Graduate School of International Studies complete" || !strings.Contains(d.Text, "Exam number: IS-") {
		t.Fatalf("mail %q:\n%s", d.Subject, d.Text)
	}
}
