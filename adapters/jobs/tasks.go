// Package jobs moves work out of requests: the outbox relay hands jobs to
// asynq (Redis), and the worker runs them. Mail is the first job.
//
// The path of a mail: a core service calls OutboxMailer.Queue with a typed
// message (core/mailmsg) inside its transaction; MailCodec seals the
// message's secrets and encodes it; the row commits with the change that
// caused it; Relay copies it to asynq with TaskID "outbox-<id>-<created>" and
// clears the row's payload; the worker's mail handler decodes the message,
// opens its secrets, renders the templates and sends it. Redis being down
// only delays the relay.
package jobs

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"time"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// Task types, named noun:verb.
const (
	TypeMailSend = "mail:send"
)

// DefaultQueue is the asynq queue jobs go to unless configured otherwise.
const DefaultQueue = "default"

// Mail is one typed message to one recipient.
type Mail struct {
	Locale  string
	To      string
	Message mailmsg.Message
}

// mailWire is a mail as the outbox and the queue hold it: the message's
// kind and its JSON, secrets sealed.
type mailWire struct {
	Kind   string          `json:"kind"`
	Locale string          `json:"locale"`
	To     string          `json:"to"`
	Data   json.RawMessage `json:"data"`
}

// ErrInvalidPayload marks a payload no retry can fix.
var ErrInvalidPayload = errors.New("jobs: invalid payload")

// ErrNewerPayload marks a mail with fields this build's type lacks: written
// by a newer build, it waits (retries) for a worker of that build.
var ErrNewerPayload = errors.New("jobs: mail from a newer build")

// Validate checks the mail and that it renders, so a mistake fails the
// request that queues it rather than a job nobody watches.
func (m Mail) Validate() error {
	if m.Message == nil {
		return fmt.Errorf("%w: no message", ErrInvalidPayload)
	}
	if _, ok := mailmsg.New(m.Message.Kind()); !ok {
		return fmt.Errorf("%w: unknown mail kind %q", ErrInvalidPayload, m.Message.Kind())
	}
	if _, err := mail.ParseAddress(m.To); err != nil {
		return fmt.Errorf("%w: recipient: %v", ErrInvalidPayload, err)
	}
	if _, err := mailer.Render(m.Message, m.Locale); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidPayload, err)
	}
	return nil
}

// NewMailTask builds a mail:send task (for direct enqueueing; requests go
// through the outbox instead).
func (c *MailCodec) NewMailTask(m Mail) (*asynq.Task, error) {
	b, err := c.Encode(m)
	if err != nil {
		return nil, err
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
			// the outbox task id deduplicate a row relayed twice. The payload
			// stays as long, with its secrets sealed.
			asynq.Retention(24 * time.Hour),
		}
	}
	return nil
}
