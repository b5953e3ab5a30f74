package ratelimit

import (
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Client settings for a Redis that requests must not wait on: the counters
// fall back to memory when a call fails, so a failed call should fail at
// once rather than after go-redis's default retries (5 dial attempts 100 ms
// apart, each command tried 4 times with backoff: seconds per login while
// Redis is down).
const (
	DialTimeout  = 500 * time.Millisecond // a local or same-network Redis answers in a few ms
	ReadTimeout  = time.Second
	WriteTimeout = time.Second
)

// ClientOptions parses a Redis URL for the client of the counters and the
// health check: one dial attempt, no command retry, short timeouts. Values
// given in the URL's query (dial_timeout, read_timeout, write_timeout,
// max_retries) win.
func ClientOptions(url string) (*redis.Options, error) {
	o, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("ratelimit: REDIS_URL: %w", err)
	}
	if o.MaxRetries == 0 {
		o.MaxRetries = -1 // -1, not 0, turns retries off
	}
	o.DialerRetries = 1 // attempts, not retries: <= 0 means the default 5
	if o.DialTimeout == 0 {
		o.DialTimeout = DialTimeout
	}
	if o.ReadTimeout == 0 {
		o.ReadTimeout = ReadTimeout
	}
	if o.WriteTimeout == 0 {
		o.WriteTimeout = WriteTimeout
	}
	return o, nil
}
