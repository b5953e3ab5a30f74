// Package apptest builds the whole service for component tests: a
// throwaway PostgreSQL database, the local Redis, fast password hashing.
package apptest

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/gradapply/gradapply/adapters/app"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/httpapi"
	"github.com/gradapply/gradapply/adapters/password"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/adapters/testenv"
	"github.com/gradapply/gradapply/adapters/web"
)

// RedisURL is the Redis tests use unless TEST_REDIS_URL says otherwise.
const RedisURL = "redis://127.0.0.1:6379/14"

// Config returns a test configuration for a database URL.
func Config(t testing.TB, dsn string) config.Config {
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	redisURL := os.Getenv("TEST_REDIS_URL")
	if redisURL == "" {
		redisURL = RedisURL
	}
	return config.Config{
		Env: "development", DatabaseURL: dsn, RedisURL: redisURL, HTTPAddr: "127.0.0.1:0",
		PublicURL: "http://localhost", MailTransport: "file", MailDir: t.TempDir(),
		TokenKey: []byte(base64.StdEncoding.EncodeToString(key)), FieldKey: key,
		CaptchaKey: "test-captcha-key", CaptchaMaxNumber: 1000, CookieSecure: true,
		WorkerConcurrency: 2, DemoDir: demoDir(),
		FileDir: t.TempDir(), FontPath: config.DefaultFontPath, TestGateway: true,
	}
}

// demoDir is testdata/demo of the repository, found from the test's
// package directory whatever its depth.
func demoDir() string {
	dir, _ := os.Getwd()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(d, "testdata", "demo")
		}
		if filepath.Dir(d) == d {
			return "../../testdata/demo"
		}
	}
}

// New builds the service on a fresh database; Redis must be reachable
// (the test fails otherwise; see package testenv for the opt-out).
func New(t testing.TB, mutate ...func(*config.Config)) *App {
	t.Helper()
	_, dsn := pgtest.New(t)
	cfg := Config(t, dsn)
	// The local Redis must be up even when a test points the app elsewhere.
	ro, _ := redis.ParseURL(cfg.RedisURL)
	rc := redis.NewClient(ro)
	if err := rc.Ping(context.Background()).Err(); err != nil {
		testenv.Missing(t, "apptest: Redis", err)
	}
	_ = rc.Close()
	for _, m := range mutate {
		m(&cfg)
	}
	a, err := app.Build(context.Background(), cfg, app.Options{Hasher: password.Argon2{Memory: 64, Time: 1, Threads: 1}})
	if err != nil {
		t.Fatalf("apptest: build: %v", err)
	}
	// Each test gets its own counters in the shared Redis.
	a.Counter.Prefix = "test:" + strings.ReplaceAll(t.Name(), "/", ":") + ":" + base64.RawURLEncoding.EncodeToString(key8()) + ":"
	t.Cleanup(a.Close)
	return &App{App: a, Server: web.New(a)}
}

// App is the wired services with their HTTP edge, as cmd/server builds them.
type App struct {
	*app.App
	Server *httpapi.Server
}

func key8() []byte {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return b
}

// Client is a cookie-keeping HTTP client for one user of a test server.
type Client struct {
	T      testing.TB
	Srv    *httptest.Server
	Cookie map[string]string
	Bearer string
	Lang   string
	NoXSRF bool
	// Headers are sent with every request (e.g. the My Info ticket).
	Headers map[string]string
}

// Serve starts the app's router on a test server.
func Serve(t testing.TB, a *App) *httptest.Server {
	s := httptest.NewServer(a.Server.Echo)
	t.Cleanup(s.Close)
	return s
}

// NewClient makes a client without cookies.
func NewClient(t testing.TB, s *httptest.Server) *Client {
	return &Client{T: t, Srv: s, Cookie: map[string]string{}}
}

// Response is a decoded answer.
type Response struct {
	Status int
	Header http.Header
	Body   map[string]any
	List   []any
	Raw    string
}

// Do sends a JSON request and keeps the cookies it gets.
func (c *Client) Do(method, path string, body any) Response {
	c.T.Helper()
	var rd *strings.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = strings.NewReader(string(b))
	} else {
		rd = strings.NewReader("")
	}
	req, _ := http.NewRequest(method, c.Srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if c.Lang != "" {
		req.Header.Set("Accept-Language", c.Lang)
	}
	for k, v := range c.Cookie {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	if x, ok := c.Cookie["XSRF-TOKEN"]; ok && !c.NoXSRF && method != http.MethodGet {
		req.Header.Set("X-XSRF-TOKEN", x)
	}
	if c.Bearer != "" {
		req.Header.Set("Authorization", "Bearer "+c.Bearer)
	}
	for k, v := range c.Headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.T.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	for _, ck := range res.Cookies() {
		if ck.MaxAge < 0 || ck.Value == "" {
			delete(c.Cookie, ck.Name)
		} else {
			c.Cookie[ck.Name] = ck.Value
		}
	}
	var raw strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := res.Body.Read(buf)
		raw.Write(buf[:n])
		if err != nil {
			break
		}
	}
	out := Response{Status: res.StatusCode, Header: res.Header, Raw: raw.String()}
	_ = json.Unmarshal([]byte(out.Raw), &out.Body)
	if out.Body == nil {
		_ = json.Unmarshal([]byte(out.Raw), &out.List)
	}
	return out
}
