package postgres_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
)

// TestOutbox runs the outbox cases on one database (creating one per case is
// the slow part), each on an empty outbox.
func TestOutbox(t *testing.T) {
	t.Parallel()
	db, _ := pgtest.New(t)
	for name, fn := range map[string]func(*testing.T, *postgres.DB){
		"EnqueueJoinsTransaction":       outboxEnqueueJoinsTransaction,
		"EnqueueRejectsBadInput":        outboxEnqueueRejectsBadInput,
		"ClaimLeasesRows":               outboxClaimLeasesRows,
		"ConcurrentClaimsAreDisjoint":   outboxConcurrentClaimsAreDisjoint,
		"MarkFailedThenRelayed":         outboxMarkFailedThenRelayed,
		"DeleteRelayedKeepsPendingRows": outboxDeleteRelayedKeepsPendingRows,
		"ListenWakesOnCommitOnly":       outboxListenWakesOnCommitOnly,
	} {
		if _, err := db.Pool.Exec(context.Background(), "TRUNCATE outbox"); err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) { fn(t, db) })
	}
}

func pending(t *testing.T, db *postgres.DB) int64 {
	t.Helper()
	s, err := db.OutboxStats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return s.Pending
}

func outboxEnqueueJoinsTransaction(t *testing.T, db *postgres.DB) {
	ctx := context.Background()

	boom := errors.New("boom")
	err := db.InTx(ctx, func(ctx context.Context) error {
		if err := db.Enqueue(ctx, "mail:send", map[string]string{"to": "a@example.com"}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("InTx: %v", err)
	}
	if n := pending(t, db); n != 0 {
		t.Fatalf("rolled-back enqueue left %d rows", n)
	}

	err = db.InTx(ctx, func(ctx context.Context) error {
		return db.Enqueue(ctx, "mail:send", map[string]any{"to": "b@example.com", "data": map[string]any{"code": "012345"}})
	})
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := db.ClaimPending(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 {
		t.Fatalf("claimed %d rows, want 1", len(msgs))
	}
	m := msgs[0]
	if m.TaskType != "mail:send" || m.Attempts != 0 || m.LastError != "" {
		t.Fatalf("unexpected row %+v", m)
	}
	var got struct {
		To   string            `json:"to"`
		Data map[string]string `json:"data"`
	}
	if err := json.Unmarshal(m.Payload, &got); err != nil {
		t.Fatal(err)
	}
	if got.To != "b@example.com" || got.Data["code"] != "012345" {
		t.Fatalf("payload round trip: %s", m.Payload)
	}
}

func outboxEnqueueRejectsBadInput(t *testing.T, db *postgres.DB) {
	ctx := context.Background()
	if err := db.Enqueue(ctx, "", 1); err == nil {
		t.Fatal("empty task type accepted")
	}
	if err := db.Enqueue(ctx, "mail:send", make(chan int)); err == nil {
		t.Fatal("unmarshalable payload accepted")
	}
	if n := pending(t, db); n != 0 {
		t.Fatalf("%d rows after rejected enqueues", n)
	}
}

func outboxClaimLeasesRows(t *testing.T, db *postgres.DB) {
	ctx := context.Background()
	for i := range 3 {
		if err := db.Enqueue(ctx, "mail:send", i); err != nil {
			t.Fatal(err)
		}
	}
	first, err := db.ClaimPending(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != 2 || first[0].ID >= first[1].ID {
		t.Fatalf("first claim: %+v", first)
	}
	second, err := db.ClaimPending(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(second) != 1 || second[0].ID == first[0].ID || second[0].ID == first[1].ID {
		t.Fatalf("second claim got a leased row: %+v", second)
	}
	if again, _ := db.ClaimPending(ctx, 10); len(again) != 0 {
		t.Fatalf("leased rows claimed again: %+v", again)
	}

	// Release makes a row due again without counting an attempt.
	if err := db.Release(ctx, []int64{first[0].ID}, time.Now().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	back, err := db.ClaimPending(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 1 || back[0].ID != first[0].ID || back[0].Attempts != 0 {
		t.Fatalf("after release: %+v", back)
	}
}

func outboxConcurrentClaimsAreDisjoint(t *testing.T, db *postgres.DB) {
	ctx := context.Background()
	const rows = 60
	for i := range rows {
		if err := db.Enqueue(ctx, "mail:send", i); err != nil {
			t.Fatal(err)
		}
	}
	var (
		mu   sync.Mutex
		seen = map[int64]int{}
		wg   sync.WaitGroup
		errs = make(chan error, 4)
	)
	for range 4 {
		wg.Go(func() {
			for {
				msgs, err := db.ClaimPending(ctx, 7)
				if err != nil {
					errs <- err
					return
				}
				if len(msgs) == 0 {
					return
				}
				mu.Lock()
				for _, m := range msgs {
					seen[m.ID]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if len(seen) != rows {
		t.Fatalf("claimed %d distinct rows, want %d", len(seen), rows)
	}
	for id, n := range seen {
		if n != 1 {
			t.Fatalf("row %d claimed %d times", id, n)
		}
	}
}

func outboxMarkFailedThenRelayed(t *testing.T, db *postgres.DB) {
	ctx := context.Background()
	if err := db.Enqueue(ctx, "mail:send", "x"); err != nil {
		t.Fatal(err)
	}
	msgs, _ := db.ClaimPending(ctx, 1)
	if len(msgs) != 1 {
		t.Fatalf("claim: %+v", msgs)
	}
	id := msgs[0].ID

	// Failed with a retry in the future: not due.
	if err := db.MarkFailed(ctx, id, errors.New("dial tcp: connection refused"), time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.ClaimPending(ctx, 10); len(got) != 0 {
		t.Fatalf("row claimed before its next try: %+v", got)
	}
	// Failed again, due now: claimed with the count and the last error.
	if err := db.MarkFailed(ctx, id, errors.New("still down"), time.Now().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	got, err := db.ClaimPending(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Attempts != 2 || got[0].LastError != "still down" {
		t.Fatalf("after two failures: %+v", got)
	}

	if err := db.MarkRelayed(ctx, id); err != nil {
		t.Fatal(err)
	}
	if n := pending(t, db); n != 0 {
		t.Fatalf("relayed row still pending (%d)", n)
	}
	// The queue holds the job now: the row keeps no copy of its content.
	var payload string
	if err := db.Pool.QueryRow(ctx, "SELECT payload::text FROM outbox WHERE id = $1", id).Scan(&payload); err != nil {
		t.Fatal(err)
	}
	if payload != "{}" {
		t.Fatalf("relayed row keeps its payload: %s", payload)
	}
	// A late failure report for a relayed row changes nothing.
	if err := db.MarkFailed(ctx, id, errors.New("late"), time.Now().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.ClaimPending(ctx, 10); len(got) != 0 {
		t.Fatalf("relayed row claimed again: %+v", got)
	}
	if err := db.MarkRelayed(ctx, id+1000); err == nil {
		t.Fatal("MarkRelayed of a missing row succeeded")
	}
}

func outboxDeleteRelayedKeepsPendingRows(t *testing.T, db *postgres.DB) {
	ctx := context.Background()
	for i := range 3 {
		if err := db.Enqueue(ctx, "mail:send", i); err != nil {
			t.Fatal(err)
		}
	}
	msgs, _ := db.ClaimPending(ctx, 10)
	if len(msgs) != 3 {
		t.Fatalf("claim: %+v", msgs)
	}
	oldRelayed, newRelayed, oldPending := msgs[0].ID, msgs[1].ID, msgs[2].ID
	for _, id := range []int64{oldRelayed, newRelayed} {
		if err := db.MarkRelayed(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	backdate := func(id int64, column string) {
		t.Helper()
		_, err := db.Pool.Exec(ctx, fmt.Sprintf("UPDATE outbox SET %s = now() - interval '30 days' WHERE id = $1", column), id)
		if err != nil {
			t.Fatal(err)
		}
	}
	backdate(oldRelayed, "relayed_at")
	backdate(oldRelayed, "created_at")
	backdate(oldPending, "created_at")

	n, err := db.DeleteRelayed(ctx, time.Now().Add(-7*24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("deleted %d rows, want 1", n)
	}
	var ids []int64
	rows, err := db.Pool.Query(ctx, "SELECT id FROM outbox ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		_ = rows.Scan(&id)
		ids = append(ids, id)
	}
	if len(ids) != 2 || ids[0] != newRelayed || ids[1] != oldPending {
		t.Fatalf("left rows %v, want [%d %d]", ids, newRelayed, oldPending)
	}
}

func outboxListenWakesOnCommitOnly(t *testing.T, db *postgres.DB) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	woke := make(chan struct{}, 16)
	done := make(chan error, 1)
	go func() { done <- db.ListenOutbox(ctx, func() { woke <- struct{}{} }) }()
	// The first call announces that LISTEN is in place.
	select {
	case <-woke:
	case <-time.After(5 * time.Second):
		t.Fatal("listener did not start")
	}

	commit := make(chan struct{})
	txDone := make(chan error, 1)
	go func() {
		txDone <- db.InTx(context.Background(), func(ctx context.Context) error {
			if err := db.Enqueue(ctx, "mail:send", 1); err != nil {
				return err
			}
			<-commit
			return nil
		})
	}()
	select {
	case <-woke:
		t.Fatal("notified before commit")
	case <-time.After(200 * time.Millisecond):
	}
	close(commit)
	if err := <-txDone; err != nil {
		t.Fatal(err)
	}
	select {
	case <-woke:
	case <-time.After(5 * time.Second):
		t.Fatal("no notification after commit")
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("ListenOutbox returned %v", err)
	}
}
