package window

import (
	"sync"
	"time"
)

// Clock is the port through which every time-dependent rule reads "now".
type Clock interface{ Now() time.Time }

// SystemClock reads the machine's clock.
type SystemClock struct{}

// Now returns the current instant.
func (SystemClock) Now() time.Time { return time.Now() }

// FixedClock is a settable clock for tests; safe for concurrent use.
type FixedClock struct {
	mu sync.Mutex
	t  time.Time
}

// NewFixedClock returns a clock stopped at t.
func NewFixedClock(t time.Time) *FixedClock { return &FixedClock{t: t} }

// At returns a clock stopped at the given Asia/Seoul wall time.
func At(year int, month time.Month, day, hour, min int) *FixedClock {
	return NewFixedClock(time.Date(year, month, day, hour, min, 0, 0, Seoul))
}

// Now returns the stopped instant.
func (c *FixedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Set moves the clock to t.
func (c *FixedClock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// Advance moves the clock forward by d.
func (c *FixedClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}
