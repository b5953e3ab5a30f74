package jobs_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/adapters/mailer/smtptest"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
)

// The outbox delivering after Redis comes back: a sign-up while Redis is down
// still succeeds, the relay keeps failing without losing the row, and once
// Redis is up the mail reaches the SMTP server.
func TestOutboxDeliversAfterRedisComesBack(t *testing.T) {
	t.Parallel()
	db, _ := pgtest.New(t)
	ctx := context.Background()
	addr := freeAddr(t) // Redis will listen here later
	redis := asynq.RedisClientOpt{Addr: addr, DialTimeout: 200 * time.Millisecond,
		ReadTimeout: time.Second, WriteTimeout: time.Second}
	smtp := smtptest.New(t, smtptest.Options{})
	sender, err := mailer.NewSMTPSender(mailer.SMTPConfig{Host: smtp.Host, Port: smtp.Port,
		From: "GradApply <no-reply@gradapply.example>", TLS: mailer.TLSNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}

	// The request: its change and its mail in one transaction, Redis down.
	err = db.InTx(ctx, func(ctx context.Context) error {
		return jobs.OutboxMailer{DB: db, Codec: codec}.Queue(ctx, "ko", "hong@example.com", signupCode("042917"))
	})
	if err != nil {
		t.Fatalf("queueing a mail with Redis down failed the request: %v", err)
	}

	// Redis exists but is not started; created first, it stops last, after
	// the worker has said goodbye to it.
	mr := miniredis.NewMiniRedis()
	t.Cleanup(mr.Close)
	client := jobs.NewClient(redis, "mail")
	t.Cleanup(func() { _ = client.Close() })
	run(t, fastRelay(db, client, 50*time.Millisecond, false).Run)
	startWorker(t, redis, "mail", sender, quiet)

	// Each try costs go-redis's own dial retries (about 2 s), so wait for one.
	eventually(t, 15*time.Second, "relay never tried", func() bool {
		s := outboxStats(t, db)
		return s.Pending == 1 && s.MaxAttempt >= 1
	})
	if n := len(smtp.Mails()); n != 0 {
		t.Fatalf("%d mails with Redis down", n)
	}

	if err := mr.StartAddr(addr); err != nil {
		t.Fatalf("start Redis on %s: %v", addr, err)
	}

	got := smtp.WaitFor(t, 1, 15*time.Second)
	if len(got) != 1 || !slices.Equal(got[0].To, []string{"hong@example.com"}) {
		t.Fatalf("delivered %+v", got)
	}
	d, err := smtptest.Decode(got[0].Raw)
	if err != nil {
		t.Fatal(err)
	}
	if d.Subject != "[GradApply] 이메일 인증 코드" || !strings.Contains(d.Text, "042917") {
		t.Fatalf("mail %q:\n%s", d.Subject, d.Text)
	}
	eventually(t, 5*time.Second, "row still pending after delivery", func() bool { return outboxStats(t, db).Pending == 0 })
}

// A committed row wakes the relay through LISTEN/NOTIFY, and Kick wakes it
// without: neither waits for the (here hour-long) poll.
func TestRelayWakesWithoutPolling(t *testing.T) {
	t.Parallel()
	for _, listen := range []bool{true, false} {
		name := map[bool]string{true: "listen", false: "kick"}[listen]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			db, _ := pgtest.New(t)
			ctx := context.Background()
			mr := miniredis.RunT(t)
			client := jobs.NewClient(asynq.RedisClientOpt{Addr: mr.Addr()}, "mail")
			t.Cleanup(func() { _ = client.Close() })
			relay := fastRelay(db, client, time.Hour, !listen)
			mailer := jobs.OutboxMailer{DB: db, Codec: codec}

			// A first row proves the relay's opening pass is over.
			if err := mailer.Queue(ctx, "en", "a@example.com", signupCode("111111")); err != nil {
				t.Fatal(err)
			}
			run(t, relay.Run)
			eventually(t, 10*time.Second, "first row not relayed", func() bool { return outboxStats(t, db).Pending == 0 })

			err := db.InTx(ctx, func(ctx context.Context) error {
				return mailer.Queue(ctx, "en", "b@example.com", signupCode("222222"))
			})
			if err != nil {
				t.Fatal(err)
			}
			if !listen {
				relay.Kick()
			}
			eventually(t, 10*time.Second, "second row not relayed", func() bool { return outboxStats(t, db).Pending == 0 })
		})
	}
}

// A row relayed twice (a lease that ran out under a slow relay) is one task.
func TestOutboxRowRelayedTwiceIsOneTask(t *testing.T) {
	t.Parallel()
	db, _ := pgtest.New(t)
	ctx := context.Background()
	mr := miniredis.RunT(t)
	redis := asynq.RedisClientOpt{Addr: mr.Addr()}
	client := jobs.NewClient(redis, "mail")
	t.Cleanup(func() { _ = client.Close() })

	if err := (jobs.OutboxMailer{DB: db, Codec: codec}).Queue(ctx, "ko", "a@example.com", signupCode("123456")); err != nil {
		t.Fatal(err)
	}
	msgs, err := db.ClaimPending(ctx, 10)
	if err != nil || len(msgs) != 1 {
		t.Fatalf("claim: %v %v", msgs, err)
	}
	for range 2 {
		if err := client.EnqueueOutbox(ctx, msgs[0]); err != nil {
			t.Fatalf("enqueue: %v", err)
		}
	}
	insp := asynq.NewInspector(redis)
	t.Cleanup(func() { _ = insp.Close() })
	info, err := insp.GetQueueInfo("mail")
	if err != nil {
		t.Fatal(err)
	}
	if info.Size != 1 {
		t.Fatalf("queue holds %d tasks, want 1", info.Size)
	}
	task, err := insp.GetTaskInfo("mail", jobs.OutboxTaskID(msgs[0]))
	if err != nil {
		t.Fatal(err)
	}
	if task.Type != jobs.TypeMailSend || task.MaxRetry != 20 {
		t.Fatalf("task %+v", task)
	}

	// A recreated database numbers its rows from 1 again; Redis still holds
	// the old task, and the new row must not pass for it.
	reborn := msgs[0]
	reborn.CreatedAt = reborn.CreatedAt.Add(time.Hour)
	if err := client.EnqueueOutbox(ctx, reborn); err != nil {
		t.Fatal(err)
	}
	if info, _ := insp.GetQueueInfo("mail"); info.Size != 2 {
		t.Fatalf("queue holds %d tasks, want 2: the new row was taken for the old", info.Size)
	}
}
