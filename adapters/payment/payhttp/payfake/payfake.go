// Package payfake holds what the fake payment providers (portonefake,
// paypalfake) share: knobs that make a provider misbehave (503 without
// doing the work, 500 after doing it, slow answers), a record of the
// calls received, and webhook deliveries sent one by one or several at
// once.
package payfake

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// Call is one request a fake received.
type Call struct {
	Op, Method, Path string
	Header           http.Header
	Body             []byte
}

// Knobs are the misbehaviours of a fake, per operation name.
type Knobs struct {
	mu       sync.Mutex
	fail     map[string]int
	failDone map[string]int
	stall    map[string]time.Duration
	calls    []Call
}

// Fail makes the next n calls of an operation answer 503 without doing anything.
func (k *Knobs) Fail(op string, n int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.fail == nil {
		k.fail = map[string]int{}
	}
	k.fail[op] += n
}

// Recover ends the failures of an operation that Fail and FailAfterWork set.
func (k *Knobs) Recover(op string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.fail, op)
	delete(k.failDone, op)
}

// FailAfterWork makes the next n calls of an operation do their work and
// then answer 500, as when the answer is lost on the way back.
func (k *Knobs) FailAfterWork(op string, n int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.failDone == nil {
		k.failDone = map[string]int{}
	}
	k.failDone[op] += n
}

// Stall makes every call of an operation wait d before answering (0 stops it).
func (k *Knobs) Stall(op string, d time.Duration) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.stall == nil {
		k.stall = map[string]time.Duration{}
	}
	k.stall[op] = d
}

// Calls answers the requests received so far.
func (k *Knobs) Calls() []Call {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]Call(nil), k.calls...)
}

// CallsOf counts the requests of one operation.
func (k *Knobs) CallsOf(op string) int {
	n := 0
	for _, c := range k.Calls() {
		if c.Op == op {
			n++
		}
	}
	return n
}

// Serve records a request of an operation, applies the knobs and, unless
// a knob says otherwise, lets handle answer.
func (k *Knobs) Serve(w http.ResponseWriter, r *http.Request, op string, body []byte, handle http.HandlerFunc) {
	k.mu.Lock()
	k.calls = append(k.calls, Call{Op: op, Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
	stall := k.stall[op]
	failNow := k.fail[op] > 0
	if failNow {
		k.fail[op]--
	}
	k.mu.Unlock()
	if stall > 0 {
		select {
		case <-time.After(stall):
		case <-r.Context().Done():
			return
		}
	}
	if failNow {
		http.Error(w, `{"name":"SERVICE_UNAVAILABLE","type":"SERVICE_UNAVAILABLE","message":"try again"}`, http.StatusServiceUnavailable)
		return
	}
	rec := httptest.NewRecorder()
	handle(rec, r)
	k.mu.Lock()
	lost := k.failDone[op] > 0
	if lost {
		k.failDone[op]--
	}
	k.mu.Unlock()
	if lost {
		http.Error(w, `{"name":"INTERNAL_SERVER_ERROR","type":"INTERNAL","message":"answer lost"}`, http.StatusInternalServerError)
		return
	}
	for key, v := range rec.Header() {
		w.Header()[key] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

// ReadBody reads a request body (small in these protocols).
func ReadBody(r *http.Request) []byte {
	var b bytes.Buffer
	_, _ = b.ReadFrom(io.LimitReader(r.Body, 1<<20))
	return b.Bytes()
}

// Delivery is one webhook delivery: headers and raw body.
type Delivery struct {
	Header http.Header
	Body   []byte
}

// WithBody answers the delivery with another body and the same (now
// wrong) signature headers: a body changed on the way.
func (d Delivery) WithBody(body []byte) Delivery {
	return Delivery{Header: d.Header.Clone(), Body: body}
}

// Send posts deliveries to url one after another and answers the status codes.
func Send(ctx context.Context, url string, ds ...Delivery) ([]int, error) {
	codes := make([]int, 0, len(ds))
	for _, d := range ds {
		c, err := post(ctx, url, d)
		if err != nil {
			return codes, err
		}
		codes = append(codes, c)
	}
	return codes, nil
}

// SendParallel posts the same delivery n times at once (a provider's
// retries can overlap) and answers the status codes.
func SendParallel(ctx context.Context, url string, d Delivery, n int) ([]int, error) {
	codes := make([]int, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			codes[i], errs[i] = post(ctx, url, d)
		}(i)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return codes, err
		}
	}
	return codes, nil
}

func post(ctx context.Context, url string, d Delivery) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(d.Body))
	if err != nil {
		return 0, err
	}
	req.Header = d.Header.Clone()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}
