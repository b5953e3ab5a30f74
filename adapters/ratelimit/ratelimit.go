// Package ratelimit counts events in a time window on Redis, falling back
// to process memory while Redis cannot be reached so logins keep working.
package ratelimit

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Counter implements account.Counter and a once-only marker.
type Counter struct {
	Redis  *redis.Client
	Prefix string
	// Now is the in-memory fallback's clock (nil: time.Now); Redis keeps
	// its own through the keys' expiry.
	Now func() time.Time

	mu  sync.Mutex
	mem map[string]memEntry
}

type memEntry struct {
	n       int
	expires time.Time
}

// New makes a counter on a Redis client.
func New(rdb *redis.Client, prefix string) *Counter {
	return &Counter{Redis: rdb, Prefix: prefix, mem: map[string]memEntry{}}
}

func (c *Counter) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *Counter) fallback(op string, err error) {
	slog.Warn("ratelimit: redis unavailable, counting in memory", "op", op, "err", err)
}

// Count returns the current count.
func (c *Counter) Count(ctx context.Context, key string) (int, error) {
	if c.Redis != nil {
		n, err := c.Redis.Get(ctx, c.Prefix+key).Int()
		if err == nil || err == redis.Nil {
			return n, nil
		}
		c.fallback("count", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.mem[key]
	if !c.now().Before(e.expires) {
		return 0, nil
	}
	return e.n, nil
}

// Incr adds one; the window starts with the first event.
func (c *Counter) Incr(ctx context.Context, key string, window time.Duration) (int, error) {
	if c.Redis != nil {
		pipe := c.Redis.TxPipeline()
		incr := pipe.Incr(ctx, c.Prefix+key)
		pipe.ExpireNX(ctx, c.Prefix+key, window)
		if _, err := pipe.Exec(ctx); err == nil {
			return int(incr.Val()), nil
		} else {
			c.fallback("incr", err)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.mem[key]
	if now := c.now(); !now.Before(e.expires) {
		e = memEntry{expires: now.Add(window)}
	}
	e.n++
	c.mem[key] = e
	return e.n, nil
}

// Wait is how long until a key's window ends (0 when it has none).
func (c *Counter) Wait(ctx context.Context, key string) (time.Duration, error) {
	if c.Redis != nil {
		d, err := c.Redis.PTTL(ctx, c.Prefix+key).Result()
		if err == nil {
			return max(d, 0), nil
		}
		c.fallback("wait", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return max(c.mem[key].expires.Sub(c.now()), 0), nil
}

// Reset clears a key.
func (c *Counter) Reset(ctx context.Context, key string) error {
	if c.Redis != nil {
		if err := c.Redis.Del(ctx, c.Prefix+key).Err(); err != nil {
			c.fallback("reset", err)
		}
	}
	c.mu.Lock()
	delete(c.mem, key)
	c.mu.Unlock()
	return nil
}

// Once reports true the first time a key is seen within ttl (replay guard).
func (c *Counter) Once(ctx context.Context, key string, ttl time.Duration) bool {
	if c.Redis != nil {
		ok, err := c.Redis.SetNX(ctx, c.Prefix+"once:"+key, 1, ttl).Result()
		if err == nil {
			return ok
		}
		c.fallback("once", err)
	}
	n, _ := c.Incr(ctx, "once:"+key, ttl)
	return n == 1
}
