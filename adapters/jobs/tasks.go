// Package jobs moves work out of requests: the outbox relay hands jobs to
// asynq (Redis), and the worker runs them. Mail is the first job.
//
// The path of a mail: a core service calls OutboxMailer.Queue inside its
// transaction; the row commits with the change that caused it; Relay copies
// it to asynq with TaskID "outbox-<id>-<created>"; the worker's mail handler renders
// the template and sends it. Redis being down only delays the relay.
package jobs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"time"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/mailer"
)

// Task types, named noun:verb.
const (
	TypeMailSend = "mail:send"
)

// DefaultQueue is the asynq queue jobs go to unless configured otherwise.
const DefaultQueue = "default"

// MailPayload is one mail to render and send. Data holds the template's keys
// (see the mailer.Kind constants); it travels as JSON, so use strings, numbers,
// lists and maps.
type MailPayload struct {
	Kind   mailer.Kind    `json:"kind"`
	Locale string         `json:"locale"`
	To     string         `json:"to"`
	Data   map[string]any `json:"data"`
}

// ErrInvalidPayload marks a payload no retry can fix.
var ErrInvalidPayload = errors.New("jobs: invalid payload")

// Validate checks the payload and that it renders, so a mistake fails the
// request that queues it rather than a job nobody watches.
func (p MailPayload) Validate() error {
	if !slices.Contains(mailer.Kinds(), p.Kind) {
		return fmt.Errorf("%w: unknown mail kind %q", ErrInvalidPayload, p.Kind)
	}
	if _, err := mail.ParseAddress(p.To); err != nil {
		return fmt.Errorf("%w: recipient: %v", ErrInvalidPayload, err)
	}
	if _, _, err := mailer.Render(p.Kind, p.Locale, jsonRoundTrip(p.Data)); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidPayload, err)
	}
	return nil
}

// jsonRoundTrip shows data to the template as the worker will see it.
func jsonRoundTrip(data map[string]any) map[string]any {
	b, err := json.Marshal(data)
	if err != nil {
		return nil
	}
	out, _ := decodeData(b)
	return out
}

func decodeData(b []byte) (map[string]any, error) {
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // 10 stays "10", not "1e+01"-prone float64
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	return m, nil
}

// NewMailTask builds a mail:send task (for direct enqueueing; requests go
// through the outbox instead).
func NewMailTask(p MailPayload) (*asynq.Task, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	b, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("jobs: mail task: %w", err)
	}
	return asynq.NewTask(TypeMailSend, b, taskOptions(TypeMailSend)...), nil
}

// taskOptions are the defaults per task type.
func taskOptions(taskType string) []asynq.Option {
	switch taskType {
	case TypeMailSend:
		return []asynq.Option{
			// asynq's backoff grows as n^4 seconds: 20 tries span about 2 days,
			// enough to outlast an SMTP outage over a weekend.
			asynq.MaxRetry(20),
			asynq.Timeout(2 * time.Minute),
			// Completed tasks keep their id this long, which is what makes
			// the outbox task id deduplicate a row relayed twice.
			asynq.Retention(24 * time.Hour),
		}
	}
	return nil
}
