package payhttp_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/payhttp"
)

// server answers the statuses in order, then 200.
func server(t *testing.T, statuses ...int) (*httptest.Server, *atomic.Int32) {
	var n atomic.Int32
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		if i < len(statuses) {
			w.WriteHeader(statuses[i])
			return
		}
		_, _ = w.Write([]byte(`{"ok":true}`))
	}))
	t.Cleanup(s.Close)
	return s, &n
}

func TestRetriesOnlyWhatIsSafe(t *testing.T) {
	t.Parallel()
	c := &payhttp.Caller{Backoff: time.Millisecond}
	cases := []struct {
		name      string
		statuses  []int
		retry     bool
		wantCalls int32
		wantErr   bool
		wantCode  int
	}{
		{"safe call after two 503", []int{503, 503}, true, 3, false, 200},
		{"safe call after a 429", []int{429}, true, 2, false, 200},
		{"safe call, three 500", []int{500, 500, 500}, true, 3, true, 0},
		{"unsafe call is sent once", []int{503}, false, 1, true, 0},
		{"a 4xx is an answer, not retried", []int{409}, true, 1, false, 409},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, n := server(t, tc.statuses...)
			resp, err := c.Do(context.Background(), payhttp.Request{Method: http.MethodPost, URL: s.URL, Body: []byte(`{}`), Retry: tc.retry})
			if tc.wantErr != (err != nil) || (err != nil && !errors.Is(err, payhttp.ErrUnavailable)) {
				t.Fatalf("err %v", err)
			}
			if n.Load() != tc.wantCalls || (!tc.wantErr && resp.Status != tc.wantCode) {
				t.Fatalf("%d calls, status %d", n.Load(), resp.Status)
			}
		})
	}
}

func TestEachAttemptHasATimeLimitAndTheCallerCanStop(t *testing.T) {
	t.Parallel()
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(slow.Close)
	c := &payhttp.Caller{Timeout: 50 * time.Millisecond, Attempts: 2, Backoff: time.Millisecond}
	if _, err := c.Do(context.Background(), payhttp.Request{Method: http.MethodGet, URL: slow.URL, Retry: true}); !errors.Is(err, payhttp.ErrUnavailable) {
		t.Fatalf("%v", err)
	}
	s, n := server(t, 503, 503, 503)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c = &payhttp.Caller{Backoff: time.Hour}
	if _, err := c.Do(ctx, payhttp.Request{Method: http.MethodGet, URL: s.URL, Retry: true}); !errors.Is(err, payhttp.ErrUnavailable) {
		t.Fatalf("%v", err)
	}
	if n.Load() > 1 {
		t.Fatalf("%d calls after the caller gave up", n.Load())
	}
}
