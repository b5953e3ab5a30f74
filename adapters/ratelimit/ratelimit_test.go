package ratelimit_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/gradapply/gradapply/adapters/ratelimit"
)

const window = 10 * time.Minute

type quiet struct{}

func (quiet) Printf(context.Context, string, ...any) {}

func TestMain(m *testing.M) {
	// The fallback warns on every call; the tests provoke it on purpose.
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	redis.SetLogger(quiet{})
	m.Run()
}

// The window starts with the first event: the key gets the window as its
// expiry once, later events do not extend it, and the count is gone after it.
func TestCounterWindowExpiresInRedis(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { _ = rdb.Close() })
	c := ratelimit.New(rdb, "t:")
	ctx := context.Background()

	for want := 1; want <= 3; want++ {
		n, err := c.Incr(ctx, "login:kim", window)
		if err != nil || n != want {
			t.Fatalf("incr %d: n=%d err=%v", want, n, err)
		}
		if want == 1 {
			mr.FastForward(4 * time.Minute)
		}
	}
	if ttl := mr.TTL("t:login:kim"); ttl != window-4*time.Minute {
		t.Fatalf("TTL %v, want %v: the window is set once, by the first event", ttl, window-4*time.Minute)
	}
	if n, _ := c.Count(ctx, "login:kim"); n != 3 {
		t.Fatalf("count %d, want 3", n)
	}
	mr.FastForward(window - 4*time.Minute - time.Second)
	if n, _ := c.Count(ctx, "login:kim"); n != 3 {
		t.Fatalf("count %d one second before the window ends, want 3", n)
	}
	mr.FastForward(time.Second)
	if n, _ := c.Count(ctx, "login:kim"); n != 0 {
		t.Fatalf("count %d after the window, want 0: the counter never expires", n)
	}
	if n, _ := c.Incr(ctx, "login:kim", window); n != 1 {
		t.Fatalf("first event of a new window counts %d, want 1", n)
	}
	if ttl := mr.TTL("t:login:kim"); ttl != window {
		t.Fatalf("new window TTL %v, want %v", ttl, window)
	}

	// The replay guard answers true once per key and ttl.
	if !c.Once(ctx, "sol", window) || c.Once(ctx, "sol", window) {
		t.Fatal("Once must answer true only the first time")
	}
	mr.FastForward(window)
	if !c.Once(ctx, "sol", window) {
		t.Fatal("Once must answer true again after its ttl")
	}
}

// closedAddr is an address nothing listens on.
func closedAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return addr
}

// With Redis down the counter keeps counting in memory, within the same
// window, so limits still hold.
func TestCounterFallsBackToMemoryWhenRedisIsDown(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: closedAddr(t), MaxRetries: -1, DialerRetries: 1, DialerRetryTimeout: time.Millisecond, DialTimeout: 200 * time.Millisecond})
	t.Cleanup(func() { _ = rdb.Close() })
	now := time.Date(2030, 12, 31, 23, 55, 0, 0, time.UTC)
	c := ratelimit.New(rdb, "t:")
	c.Now = func() time.Time { return now }
	ctx := context.Background()

	for want := 1; want <= 5; want++ {
		n, err := c.Incr(ctx, "login:kim", window)
		if err != nil || n != want {
			t.Fatalf("incr %d without Redis: n=%d err=%v", want, n, err)
		}
	}
	if n, err := c.Count(ctx, "login:kim"); err != nil || n != 5 {
		t.Fatalf("count without Redis: %d %v, want 5", n, err)
	}
	if n, _ := c.Count(ctx, "login:lee"); n != 0 {
		t.Fatalf("another key counts %d, want 0", n)
	}
	now = now.Add(window - time.Second)
	if n, _ := c.Count(ctx, "login:kim"); n != 5 {
		t.Fatalf("count %d just before the window ends, want 5", n)
	}
	now = now.Add(time.Second)
	if n, _ := c.Count(ctx, "login:kim"); n != 0 {
		t.Fatalf("count %d after the window, want 0", n)
	}
	if n, _ := c.Incr(ctx, "login:kim", window); n != 1 {
		t.Fatalf("new window counts %d, want 1", n)
	}
	if err := c.Reset(ctx, "login:kim"); err != nil {
		t.Fatal(err)
	}
	if n, _ := c.Count(ctx, "login:kim"); n != 0 {
		t.Fatalf("count %d after reset, want 0", n)
	}
	if !c.Once(ctx, "sol", window) || c.Once(ctx, "sol", window) {
		t.Fatal("Once without Redis must answer true only the first time")
	}
}

// With Redis down each counter call gives up after one dial attempt (the
// MULTI/EXEC pipeline of Incr: two), with no dial retries and no command
// retries, so a login is not held up by Redis: go-redis's defaults make 20
// dial attempts per call (5 per try, 4 tries), about 2 s.
func TestClientOptionsDialOnceWhenRedisIsDown(t *testing.T) {
	o, err := ratelimit.ClientOptions("redis://" + closedAddr(t) + "/0")
	if err != nil {
		t.Fatal(err)
	}
	dials := 0
	o.Dialer = func(ctx context.Context, network, addr string) (net.Conn, error) {
		dials++
		return (&net.Dialer{Timeout: o.DialTimeout}).DialContext(ctx, network, addr)
	}
	rdb := redis.NewClient(o)
	t.Cleanup(func() { _ = rdb.Close() })
	c := ratelimit.New(rdb, "t:")
	ctx := context.Background()
	if n, _ := c.Count(ctx, "login:kim"); n != 0 {
		t.Fatalf("count %d", n)
	}
	if n, err := c.Incr(ctx, "login:kim", window); err != nil || n != 1 {
		t.Fatalf("incr without Redis: %d %v", n, err)
	}
	if err := c.Reset(ctx, "login:kim"); err != nil {
		t.Fatal(err)
	}
	if dials > 4 {
		t.Fatalf("3 counter calls dialed %d times, want one attempt each (two for Incr)", dials)
	}
	// The URL's own settings win over the defaults.
	o, err = ratelimit.ClientOptions("redis://127.0.0.1:6379/0?dial_timeout=2s&max_retries=2")
	if err != nil || o.DialTimeout != 2*time.Second || o.MaxRetries != 2 || o.ReadTimeout != ratelimit.ReadTimeout {
		t.Fatalf("url settings: %+v %v", o, err)
	}
}

// Wait tells how long a window has left, on Redis and in memory alike.
func TestWaitIsTheRestOfTheWindow(t *testing.T) {
	ctx := context.Background()
	mr := miniredis.RunT(t)
	onRedis := ratelimit.New(redis.NewClient(&redis.Options{Addr: mr.Addr()}), "t:")
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	inMemory := ratelimit.New(nil, "t:")
	inMemory.Now = func() time.Time { return now }
	for name, c := range map[string]*ratelimit.Counter{"redis": onRedis, "memory": inMemory} {
		if d, err := c.Wait(ctx, "none"); err != nil || d != 0 {
			t.Errorf("%s: a key never counted waits %v %v", name, d, err)
		}
		if _, err := c.Incr(ctx, "k", time.Hour); err != nil {
			t.Fatal(err)
		}
		if d, err := c.Wait(ctx, "k"); err != nil || d <= 59*time.Minute || d > time.Hour {
			t.Errorf("%s: wait %v %v, want about an hour", name, d, err)
		}
	}
	mr.FastForward(40 * time.Minute)
	if d, _ := onRedis.Wait(ctx, "k"); d > 20*time.Minute || d < 19*time.Minute {
		t.Errorf("redis after 40 minutes: %v", d)
	}
	now = now.Add(40 * time.Minute)
	if d, _ := inMemory.Wait(ctx, "k"); d != 20*time.Minute {
		t.Errorf("memory after 40 minutes: %v", d)
	}
}
