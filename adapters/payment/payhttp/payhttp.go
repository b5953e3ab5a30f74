// Package payhttp is the HTTP caller the payment provider adapters share:
// JSON in and out, a time limit per attempt, and retries with backoff only
// for calls the adapter marks safe to repeat (reads, and writes the
// provider de-duplicates by an id we send). A 5xx, a 429, a timeout or a
// network error leaves the outcome unknown; the adapter decides what that
// means for its protocol.
package payhttp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// ErrUnavailable wraps every failure whose outcome is unknown: a network
// error, a timeout, a 5xx or a 429 (after the retries allowed).
var ErrUnavailable = errors.New("provider unavailable")

// Caller sends requests to one provider.
type Caller struct {
	HTTP *http.Client // nil: a client without its own time limit (Timeout bounds each attempt)
	// Timeout bounds one attempt; 0 means 10 seconds.
	Timeout time.Duration
	// Attempts is how many times a retryable call is tried; 0 means 3.
	Attempts int
	// Backoff is the wait before the second attempt, doubled for each
	// further one; 0 means 200 ms.
	Backoff time.Duration
}

// Request is one call.
type Request struct {
	Method string
	URL    string
	Header http.Header
	// Body is sent as it is (JSON unless Header says otherwise).
	Body []byte
	// Retry marks a call that is safe to repeat when its outcome is unknown.
	Retry bool
}

// Response is the provider's answer (any status).
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// OK reports a 2xx status.
func (r Response) OK() bool { return r.Status >= 200 && r.Status < 300 }

// Decode reads the body as JSON into v.
func (r Response) Decode(v any) error {
	if err := json.Unmarshal(r.Body, v); err != nil {
		return fmt.Errorf("payhttp: decode %d answer: %w", r.Status, err)
	}
	return nil
}

// maxBody bounds what is read of an answer: provider answers are small.
const maxBody = 1 << 20

func (c *Caller) attempts() int {
	if c.Attempts > 0 {
		return c.Attempts
	}
	return 3
}

func (c *Caller) backoff() time.Duration {
	if c.Backoff > 0 {
		return c.Backoff
	}
	return 200 * time.Millisecond
}

func (c *Caller) timeout() time.Duration {
	if c.Timeout > 0 {
		return c.Timeout
	}
	return 10 * time.Second
}

// Do sends a request. It answers the provider's response for any status
// below 500 except 429; otherwise, after the allowed attempts, an error
// wrapping ErrUnavailable.
func (c *Caller) Do(ctx context.Context, r Request) (Response, error) {
	n := 1
	if r.Retry {
		n = c.attempts()
	}
	wait := c.backoff()
	var last error
	for i := 0; i < n; i++ {
		if i > 0 {
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return Response{}, fmt.Errorf("%w: %s %s: %w (after %v)", ErrUnavailable, r.Method, r.URL, ctx.Err(), last)
			case <-t.C:
			}
			wait *= 2
		}
		resp, err := c.once(ctx, r)
		if err == nil && resp.Status < 500 && resp.Status != http.StatusTooManyRequests {
			return resp, nil
		}
		if err == nil {
			err = fmt.Errorf("status %d: %s", resp.Status, truncate(resp.Body))
		}
		last = err
		if ctx.Err() != nil {
			break
		}
	}
	return Response{}, fmt.Errorf("%w: %s %s: %w", ErrUnavailable, r.Method, r.URL, last)
}

func (c *Caller) once(ctx context.Context, r Request) (Response, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout())
	defer cancel()
	var body io.Reader
	if r.Body != nil {
		body = bytes.NewReader(r.Body)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, body)
	if err != nil {
		return Response{}, err
	}
	for k, v := range r.Header {
		req.Header[k] = v
	}
	if r.Body != nil && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return Response{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return Response{}, err
	}
	return Response{Status: resp.StatusCode, Header: resp.Header, Body: b}, nil
}

func truncate(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}

// JSON marshals v for a request body.
func JSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("payhttp: marshal %T: %v", v, err)) // our own request types always marshal
	}
	return b
}

// WebhookPath is the path of a provider's webhook on our server (the edge
// serves POST /apply/api/pay/webhook/:provider), for the notice URLs we give
// providers.
func WebhookPath(provider string) string { return "/apply/api/pay/webhook/" + provider }
