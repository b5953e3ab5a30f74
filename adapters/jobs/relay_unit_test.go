package jobs_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
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

// fakeClock is a Clock that moves only when the test says so. Every timer
// the relay makes is announced on made, so the test can wait for the relay
// to be idle before moving time.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
	made   chan time.Duration
}

type fakeTimer struct {
	c      chan time.Time
	at     time.Time
	every  time.Duration // 0: one-shot
	active bool
	clock  *fakeClock
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2030, 12, 31, 23, 59, 59, 0, time.UTC), made: make(chan time.Duration, 100)}
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeClock) add(d, every time.Duration) *fakeTimer {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := &fakeTimer{c: make(chan time.Time, 1), at: f.now.Add(d), every: every, active: true, clock: f}
	f.timers = append(f.timers, t)
	return t
}

func (f *fakeClock) NewTimer(d time.Duration) jobs.Timer {
	t := f.add(d, 0)
	f.made <- d
	return t
}

func (f *fakeClock) NewTicker(d time.Duration) jobs.Timer { return f.add(d, d) }

// Advance moves time and fires what is due.
func (f *fakeClock) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
	for _, t := range f.timers {
		for t.active && !t.at.After(f.now) {
			select {
			case t.c <- t.at:
			default:
			}
			if t.every == 0 {
				t.active = false
			} else {
				t.at = t.at.Add(t.every)
			}
		}
	}
}

func (t *fakeTimer) C() <-chan time.Time { return t.c }
func (t *fakeTimer) Stop() {
	t.clock.mu.Lock()
	t.active = false
	t.clock.mu.Unlock()
}

// nextWait waits (in real time, briefly) for the relay's next timer.
func (f *fakeClock) nextWait(t *testing.T) time.Duration {
	t.Helper()
	select {
	case d := <-f.made:
		return d
	case <-time.After(5 * time.Second):
		t.Fatal("the relay made no timer")
		return 0
	}
}

func TestRelayOnceStopsAtFirstFailure(t *testing.T) {
	t.Parallel()
	store := &memStore{failed: map[int64]time.Time{}, released: map[int64]time.Time{}}
	for id := int64(1); id <= 4; id++ {
		store.rows = append(store.rows, postgres.OutboxMessage{ID: id, TaskType: jobs.TypeMailSend, Payload: []byte(`{}`)})
	}
	q := &failOn{id: 2}
	clock := newFakeClock()
	relay := jobs.NewRelay(store, q, jobs.RelayConfig{Logger: quiet, Clock: clock})
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
	want := clock.Now().Add(30 * time.Second)
	if next, ok := store.failed[2]; !ok || !next.Equal(want) {
		t.Fatalf("row 2 failed until %v (ok=%v), want %v", next, ok, want)
	}
	if len(store.released) != 2 || !store.released[3].Equal(want) || !store.released[4].Equal(want) {
		t.Fatalf("released %v, want rows 3 and 4 at %v", store.released, want)
	}
}

// While the queue is down the relay retries after 20, 40, 80, 80 ms (its
// backoff), one try per wait, each failed row due again when the next try
// comes; once the queue is back and the outbox empty it polls at the interval. Counted on a fake
// clock: no real waiting, no timing slack.
func TestRelayBacksOffWhileQueueIsDown(t *testing.T) {
	t.Parallel()
	store := &memStore{failed: map[int64]time.Time{}, released: map[int64]time.Time{}}
	store.rows = make([]postgres.OutboxMessage, 6)
	for i := range store.rows {
		store.rows[i].ID = int64(i + 1)
	}
	q := &countingDown{}
	clock := newFakeClock()
	start := clock.Now()
	relay := jobs.NewRelay(store, q, jobs.RelayConfig{
		Interval: 10 * time.Millisecond, MinBackoff: 20 * time.Millisecond, MaxBackoff: 80 * time.Millisecond,
		Retention: 48 * time.Hour, Logger: quiet, NoListen: true, Clock: clock, BatchSize: 1,
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = relay.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()

	wantWaits := []time.Duration{20, 40, 80, 80, 80}
	var elapsed time.Duration
	for i, w := range wantWaits {
		w *= time.Millisecond
		got := clock.nextWait(t)
		if got != w {
			t.Fatalf("wait %d: %v, want %v", i+1, got, w)
		}
		if c := q.calls.Load(); c != int64(i+1) {
			t.Fatalf("%d tries before wait %d, want %d", c, i+1, i+1)
		}
		// The row that failed is due when the next try comes.
		if due := store.dueOf(int64(i + 1)); !due.Equal(start.Add(elapsed + w)) {
			t.Fatalf("row %d due at %v, want %v", i+1, due.Sub(start), elapsed+w)
		}
		clock.Advance(w)
		elapsed += w
	}
	q.up.Store(true)
	// A full batch (one row) may mean more wait: no pause; then the empty
	// outbox is polled at the interval.
	if got := clock.nextWait(t); got != 0 {
		t.Fatalf("after a full batch the relay waits %v, want 0", got)
	}
	clock.Advance(0)
	if got := clock.nextWait(t); got != 10*time.Millisecond {
		t.Fatalf("after recovery the relay waits %v, want the 10ms interval", got)
	}
	if c := q.calls.Load(); c != int64(len(wantWaits)+1) {
		t.Fatalf("%d tries, want %d", c, len(wantWaits)+1)
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	if len(store.cleanups) != 1 || !store.cleanups[0].Equal(start.Add(-48*time.Hour)) {
		t.Fatalf("cleanup %v, want one at start-48h", store.cleanups)
	}
}

func (m *memStore) dueOf(id int64) time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.failed[id]
}

// countingDown fails every enqueue until up is set.
type countingDown struct {
	calls atomic.Int64
	up    atomic.Bool
}

func (c *countingDown) EnqueueOutbox(context.Context, postgres.OutboxMessage) error {
	c.calls.Add(1)
	if c.up.Load() {
		return nil
	}
	return errors.New("connection refused")
}
