package jobs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
)

// redisHolds reports every key of mr whose value (any type) contains s.
func redisHolds(mr *miniredis.Miniredis, s string) []string {
	var found []string
	for _, k := range mr.Keys() {
		var vals []string
		switch mr.Type(k) {
		case "string":
			v, _ := mr.Get(k)
			vals = append(vals, v)
		case "hash":
			fields, _ := mr.HKeys(k)
			for _, f := range fields {
				vals = append(vals, f, mr.HGet(k, f))
			}
		case "list":
			v, _ := mr.List(k)
			vals = append(vals, v...)
		case "set":
			v, _ := mr.Members(k)
			vals = append(vals, v...)
		case "zset":
			v, _ := mr.ZMembers(k)
			vals = append(vals, v...)
		}
		for _, v := range vals {
			if strings.Contains(v, s) {
				found = append(found, k)
				break
			}
		}
	}
	return found
}

// A sign-up code is a password for a few minutes: it sits sealed in the
// outbox row, in the queued task and in whatever else Redis holds, the row
// keeps nothing once relayed, and only the mail that reaches the recipient
// shows it.
func TestSignUpCodeNeverInPlainTextInOutboxOrQueue(t *testing.T) {
	t.Parallel()
	db, _ := pgtest.New(t)
	ctx := context.Background()
	mr := miniredis.RunT(t)
	redis := asynq.RedisClientOpt{Addr: mr.Addr()}
	const code, to = "583920", "hong@example.com"

	err := db.InTx(ctx, func(ctx context.Context) error {
		return jobs.OutboxMailer{DB: db, Codec: codec}.Queue(ctx, "ko", to, signupCode(code))
	})
	if err != nil {
		t.Fatal(err)
	}
	var payload string
	if err := db.Pool.QueryRow(ctx, "SELECT payload::text FROM outbox").Scan(&payload); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(payload, code) || !strings.Contains(payload, "sealed:v1:") {
		t.Fatalf("outbox row holds the code in plain text: %s", payload)
	}

	client := jobs.NewClient(redis, "mail")
	t.Cleanup(func() { _ = client.Close() })
	run(t, fastRelay(db, client, 50*time.Millisecond, false).Run)
	eventually(t, 10*time.Second, "row not relayed", func() bool { return outboxStats(t, db).Pending == 0 })
	if err := db.Pool.QueryRow(ctx, "SELECT payload::text FROM outbox").Scan(&payload); err != nil {
		t.Fatal(err)
	}
	if payload != "{}" {
		t.Fatalf("relayed row keeps its payload: %s", payload)
	}

	insp := asynq.NewInspector(redis)
	t.Cleanup(func() { _ = insp.Close() })
	tasks, err := insp.ListPendingTasks("mail")
	if err != nil || len(tasks) != 1 {
		t.Fatalf("pending tasks %v (%v)", tasks, err)
	}
	if p := string(tasks[0].Payload); strings.Contains(p, code) || !strings.Contains(p, "sealed:v1:") {
		t.Fatalf("task payload holds the code in plain text: %s", p)
	}
	if keys := redisHolds(mr, code); len(keys) != 0 {
		t.Fatalf("Redis holds the code in plain text under %v", keys)
	}

	s := &fakeSender{}
	startWorker(t, redis, "mail", s, quiet)
	eventually(t, 10*time.Second, "mail not sent", func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.sent) == 1
	})
	if m := s.sent[0]; m.To != to || !strings.Contains(m.Text, "인증 코드: "+code) || !strings.Contains(m.HTML, code) {
		t.Fatalf("the mail lacks the code: %+v", m)
	}
	// Done, the task is kept (asynq's retention) still sealed.
	if keys := redisHolds(mr, code); len(keys) != 0 {
		t.Fatalf("Redis holds the code in plain text under %v after sending", keys)
	}
}
