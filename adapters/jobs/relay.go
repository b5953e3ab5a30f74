package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/gradapply/gradapply/adapters/postgres"
)

// OutboxStore is what the relay needs of the outbox; *postgres.DB is one.
type OutboxStore interface {
	ClaimPending(ctx context.Context, limit int) ([]postgres.OutboxMessage, error)
	MarkRelayed(ctx context.Context, id int64) error
	MarkFailed(ctx context.Context, id int64, cause error, nextTry time.Time) error
	Release(ctx context.Context, ids []int64, at time.Time) error
	DeleteRelayed(ctx context.Context, before time.Time) (int64, error)
}

// outboxListener is the optional wake-up on commit (*postgres.DB has it).
type outboxListener interface {
	ListenOutbox(ctx context.Context, notify func()) error
}

// OutboxEnqueuer puts one outbox row on the queue, idempotently per row;
// *Client is one.
type OutboxEnqueuer interface {
	EnqueueOutbox(ctx context.Context, m postgres.OutboxMessage) error
}

// RelayConfig tunes the relay; zero values take the defaults.
type RelayConfig struct {
	Interval   time.Duration // poll period when idle; default 1 s
	BatchSize  int           // rows per claim; default 100
	MinBackoff time.Duration // first wait after a failure; default 1 s
	MaxBackoff time.Duration // longest wait; default 1 min
	// Retention is how long relayed rows stay before cleanup; default 7 days.
	Retention time.Duration
	// CleanupInterval is how often the cleanup runs; default 1 h.
	CleanupInterval time.Duration
	// NoListen turns off LISTEN/NOTIFY wake-ups (which hold one connection).
	NoListen bool
	Logger   *slog.Logger
	// Clock drives the waits and stamps; nil is the system clock. Tests
	// give a fake one to count retries without waiting.
	Clock Clock
}

// Clock is the relay's time: now, one-shot timers and tickers.
type Clock interface {
	Now() time.Time
	NewTimer(d time.Duration) Timer
	NewTicker(d time.Duration) Timer
}

// Timer is a timer or ticker of a Clock.
type Timer interface {
	C() <-chan time.Time
	Stop()
}

type systemClock struct{}

func (systemClock) Now() time.Time                  { return time.Now() }
func (systemClock) NewTimer(d time.Duration) Timer  { return sysTimer{time.NewTimer(d)} }
func (systemClock) NewTicker(d time.Duration) Timer { return sysTicker{time.NewTicker(d)} }

type sysTimer struct{ t *time.Timer }

func (t sysTimer) C() <-chan time.Time { return t.t.C }
func (t sysTimer) Stop()               { t.t.Stop() }

type sysTicker struct{ t *time.Ticker }

func (t sysTicker) C() <-chan time.Time { return t.t.C }
func (t sysTicker) Stop()               { t.t.Stop() }

// Relay moves committed outbox rows to the queue. Several relays (in several
// processes) may run at once: claims are leased, and the task id
// "outbox-<id>-<created>" absorbs a row relayed twice.
type Relay struct {
	store OutboxStore
	queue OutboxEnqueuer
	cfg   RelayConfig
	log   *slog.Logger
	kick  chan struct{}
	clock Clock
}

// NewRelay builds a relay; call Run to start it.
func NewRelay(store OutboxStore, queue OutboxEnqueuer, cfg RelayConfig) *Relay {
	if cfg.Interval <= 0 {
		cfg.Interval = time.Second
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 100
	}
	if cfg.MinBackoff <= 0 {
		cfg.MinBackoff = time.Second
	}
	if cfg.MaxBackoff < cfg.MinBackoff {
		cfg.MaxBackoff = max(time.Minute, cfg.MinBackoff)
	}
	if cfg.Retention <= 0 {
		cfg.Retention = 7 * 24 * time.Hour
	}
	if cfg.CleanupInterval <= 0 {
		cfg.CleanupInterval = time.Hour
	}
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	clock := cfg.Clock
	if clock == nil {
		clock = systemClock{}
	}
	return &Relay{store: store, queue: queue, cfg: cfg, log: log.With("component", "outbox-relay"),
		kick: make(chan struct{}, 1), clock: clock}
}

// Kick asks for a relay pass now instead of at the next tick. It never blocks.
func (r *Relay) Kick() {
	select {
	case r.kick <- struct{}{}:
	default:
	}
}

// Run relays until ctx ends, then returns nil. Failures (Redis or the database
// unreachable) are logged and retried with exponential backoff; a row leaves
// the outbox only once the queue has accepted it.
func (r *Relay) Run(ctx context.Context) error {
	if l, ok := r.store.(outboxListener); ok && !r.cfg.NoListen {
		lctx, stop := context.WithCancel(ctx)
		var wg sync.WaitGroup
		wg.Go(func() { r.listen(lctx, l) })
		// Its connection must be back in the pool before the pool closes.
		defer wg.Wait()
		defer stop()
	}
	cleanup := r.clock.NewTicker(r.cfg.CleanupInterval)
	defer cleanup.Stop()
	r.cleanup(ctx)

	var backoff time.Duration
	var failingSince time.Time
	for {
		n, err := r.RelayOnce(ctx, r.nextBackoff(backoff))
		if ctx.Err() != nil {
			return nil
		}
		wait := r.cfg.Interval
		switch {
		case err != nil:
			backoff = r.nextBackoff(backoff)
			wait = backoff
			if failingSince.IsZero() {
				failingSince = r.clock.Now()
				r.log.WarnContext(ctx, "outbox relay failing; mail is delayed, not lost", "err", err, "retryIn", wait)
			} else {
				r.log.DebugContext(ctx, "outbox relay still failing", "err", err, "retryIn", wait)
			}
		default:
			if !failingSince.IsZero() {
				r.log.InfoContext(ctx, "outbox relay recovered", "downFor", r.clock.Now().Sub(failingSince).Round(time.Second), "relayed", n)
				failingSince = time.Time{}
			}
			backoff = 0
			if n == r.cfg.BatchSize {
				wait = 0 // more may be waiting
			}
		}
		timer := r.clock.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil
		case <-cleanup.C():
			timer.Stop()
			r.cleanup(ctx)
		case <-r.kick:
			// While failing, a kick does not cut the backoff short.
			if err != nil {
				select {
				case <-timer.C():
				case <-ctx.Done():
					return nil
				}
			}
			timer.Stop()
		case <-timer.C():
		}
	}
}

func (r *Relay) nextBackoff(cur time.Duration) time.Duration {
	if cur <= 0 {
		return r.cfg.MinBackoff
	}
	return min(cur*2, r.cfg.MaxBackoff)
}

// RelayOnce relays one batch and reports how many rows reached the queue. On
// the first failure it stops: the failed row is marked (attempt counted) and
// the rest are released, both due again after retryIn.
func (r *Relay) RelayOnce(ctx context.Context, retryIn time.Duration) (int, error) {
	msgs, err := r.store.ClaimPending(ctx, r.cfg.BatchSize)
	if err != nil {
		return 0, fmt.Errorf("jobs: relay: %w", err)
	}
	for i, m := range msgs {
		if err := r.queue.EnqueueOutbox(ctx, m); err != nil {
			// The store calls must run even if ctx has just ended.
			bg := context.WithoutCancel(ctx)
			next := r.clock.Now().Add(retryIn)
			rest := make([]int64, 0, len(msgs)-i-1)
			for _, o := range msgs[i+1:] {
				rest = append(rest, o.ID)
			}
			err = fmt.Errorf("jobs: relay outbox %d: %w", m.ID, err)
			return i, errors.Join(err, r.store.MarkFailed(bg, m.ID, err, next), r.store.Release(bg, rest, next))
		}
		if err := r.store.MarkRelayed(context.WithoutCancel(ctx), m.ID); err != nil {
			// The row stays leased and comes back after the lease; its task
			// id makes the second relay a no-op.
			return i, fmt.Errorf("jobs: relay: %w", err)
		}
	}
	return len(msgs), nil
}

func (r *Relay) cleanup(ctx context.Context) {
	n, err := r.store.DeleteRelayed(ctx, r.clock.Now().Add(-r.cfg.Retention))
	switch {
	case err != nil && ctx.Err() == nil:
		r.log.WarnContext(ctx, "outbox cleanup failed", "err", err)
	case n > 0:
		r.log.InfoContext(ctx, "outbox cleanup", "deleted", n)
	}
}

// listen turns commit notifications into kicks, reconnecting after errors.
func (r *Relay) listen(ctx context.Context, l outboxListener) {
	delay := r.cfg.MinBackoff
	for ctx.Err() == nil {
		started := r.clock.Now()
		err := l.ListenOutbox(ctx, r.Kick)
		if ctx.Err() != nil {
			return
		}
		if r.clock.Now().Sub(started) > time.Minute {
			delay = r.cfg.MinBackoff
		}
		r.log.DebugContext(ctx, "outbox listener stopped; polling continues", "err", err, "retryIn", delay)
		wait := r.clock.NewTimer(delay)
		select {
		case <-ctx.Done():
			wait.Stop()
			return
		case <-wait.C():
		}
		delay = min(delay*2, r.cfg.MaxBackoff)
	}
}
