package jobs_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
)

// memStore is an in-memory outbox that records what the relay did.
type memStore struct {
	mu       sync.Mutex
	rows     []postgres.OutboxMessage
	relayed  []int64
	failed   map[int64]time.Time
	released map[int64]time.Time
	cleanups []time.Time
}

func (m *memStore) ClaimPending(_ context.Context, limit int) ([]postgres.OutboxMessage, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := min(limit, len(m.rows))
	out := m.rows[:n]
	m.rows = m.rows[n:]
	return out, nil
}

func (m *memStore) MarkRelayed(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.relayed = append(m.relayed, id)
	return nil
}

func (m *memStore) MarkFailed(_ context.Context, id int64, _ error, next time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.failed[id] = next
	return nil
}

func (m *memStore) Release(_ context.Context, ids []int64, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, id := range ids {
		m.released[id] = at
	}
	return nil
}

func (m *memStore) DeleteRelayed(_ context.Context, before time.Time) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.cleanups = append(m.cleanups, before)
	return 0, nil
}

type failOn struct {
	id   int64
	seen []int64
}

func (f *failOn) EnqueueOutbox(_ context.Context, m postgres.OutboxMessage) error {
	f.seen = append(f.seen, m.ID)
	if m.ID == f.id {
		return errors.New("dial tcp 127.0.0.1:6379: connect: connection refused")
	}
	return nil
}

func TestRelayOnceStopsAtFirstFailure(t *testing.T) {
	t.Parallel()
	store := &memStore{failed: map[int64]time.Time{}, released: map[int64]time.Time{}}
	for id := int64(1); id <= 4; id++ {
		store.rows = append(store.rows, postgres.OutboxMessage{ID: id, TaskType: jobs.TypeMailSend, Payload: []byte(`{}`)})
	}
	q := &failOn{id: 2}
	relay := jobs.NewRelay(store, q, jobs.RelayConfig{Logger: quiet})
	before := time.Now()
	n, err := relay.RelayOnce(context.Background(), 30*time.Second)
	if err == nil || n != 1 {
		t.Fatalf("n=%d err=%v, want 1 and an error", n, err)
	}
	if !slices.Equal(q.seen, []int64{1, 2}) {
		t.Fatalf("tried %v: must stop at the first failure", q.seen)
	}
	if !slices.Equal(store.relayed, []int64{1}) {
		t.Fatalf("relayed %v", store.relayed)
	}
	next, ok := store.failed[2]
	if !ok || next.Before(before.Add(30*time.Second)) || next.After(time.Now().Add(30*time.Second)) {
		t.Fatalf("row 2 failed until %v (ok=%v), want now+30s", next, ok)
	}
	if len(store.released) != 2 || !store.released[3].Equal(next) || !store.released[4].Equal(next) {
		t.Fatalf("released %v, want rows 3 and 4 at %v", store.released, next)
	}
}

func TestRelayBacksOffWhileQueueIsDown(t *testing.T) {
	t.Parallel()
	store := &memStore{failed: map[int64]time.Time{}, released: map[int64]time.Time{}}
	q := &countingDown{}
	relay := jobs.NewRelay(store, q, jobs.RelayConfig{
		Interval: 10 * time.Millisecond, MinBackoff: 20 * time.Millisecond, MaxBackoff: 80 * time.Millisecond,
		Retention: 48 * time.Hour, Logger: quiet, NoListen: true,
	})
	// Every claim finds a row; the queue keeps failing.
	store.rows = make([]postgres.OutboxMessage, 1000)
	for i := range store.rows {
		store.rows[i].ID = int64(i + 1)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 600*time.Millisecond)
	defer cancel()
	start := time.Now()
	_ = relay.Run(ctx)
	elapsed := time.Since(start)
	// 20+40+80+80+... ms: about 9 tries in 600 ms. Polling at the 10 ms
	// interval instead would make about 60.
	if q.calls < 4 || q.calls > 15 {
		t.Fatalf("%d tries in %v, want backoff between 20 and 80 ms", q.calls, elapsed)
	}
	if len(store.cleanups) == 0 || time.Since(store.cleanups[0]) < 48*time.Hour {
		t.Fatalf("cleanup %v, want one before now-48h", store.cleanups)
	}
}

type countingDown struct{ calls int }

func (c *countingDown) EnqueueOutbox(context.Context, postgres.OutboxMessage) error {
	c.calls++
	return errors.New("connection refused")
}
