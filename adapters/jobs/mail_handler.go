package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"strconv"
	"strings"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// NewServeMux routes every task type to its handler. codec opens the
// secrets of mails (build it from FIELD_ENCRYPTION_KEY, as the server does).
func NewServeMux(sender mailer.Sender, codec *MailCodec, logger *slog.Logger) *asynq.ServeMux {
	return NewServeMuxWith(&MailHandler{Sender: sender, Codec: codec, Logger: logger})
}

// NewServeMuxWith routes mail:send to h (with its Delivered hook set).
func NewServeMuxWith(h *MailHandler) *asynq.ServeMux {
	if h.Logger == nil {
		h.Logger = slog.Default()
	}
	mux := asynq.NewServeMux()
	mux.Handle(TypeMailSend, h)
	return mux
}

// Delivered is told what became of a mail: refused is nil when the mail
// server took it, else its permanent refusal (a recipient it does not
// know). Transient failures, retried, are not reported.
type Delivered func(ctx context.Context, m mailmsg.Message, refused error) error

// MailHandler renders and sends a mail:send task.
type MailHandler struct {
	Sender    mailer.Sender
	Codec     *MailCodec
	Logger    *slog.Logger
	Delivered Delivered // nil: nobody is told
	// Sent counts a mail handed to the SMTP server (metrics); nil: not counted.
	Sent func(kind string)
	// Outcome is told, for the task id, what the mail server did with each
	// attempt: err nil when it took the mail (the member's mail list shows
	// it); nil: nobody is told.
	Outcome func(ctx context.Context, taskID string, err error) error
}

// OutboxID is the outbox row of a task id ("outbox-<id>-<created>").
func OutboxID(taskID string) (int64, bool) {
	rest, ok := strings.CutPrefix(taskID, "outbox-")
	if !ok {
		return 0, false
	}
	n, _, _ := strings.Cut(rest, "-")
	id, err := strconv.ParseInt(n, 10, 64)
	return id, err == nil && id > 0
}

func (h *MailHandler) outcome(ctx context.Context, taskID string, err error) {
	if h.Outcome == nil {
		return
	}
	if e := h.Outcome(ctx, taskID, err); e != nil {
		h.Logger.WarnContext(ctx, "mail outcome not recorded", "task", taskID, "err", e)
	}
}

func (h *MailHandler) report(ctx context.Context, m mailmsg.Message, refused error) {
	if h.Delivered == nil {
		return
	}
	if err := h.Delivered(ctx, m, refused); err != nil {
		h.Logger.WarnContext(ctx, "mail result not recorded", "kind", m.Kind(), "err", err)
	}
}

// ProcessTask returns asynq.SkipRetry for what no retry can fix (a bad payload,
// a secret that does not open, a template that does not render, a recipient
// the server refuses) and a plain error, retried with backoff, for everything
// else.
func (h *MailHandler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	taskID, _ := asynq.GetTaskID(ctx)
	m, err := h.Codec.Decode(t.Payload())
	if errors.Is(err, ErrNewerPayload) {
		h.Logger.WarnContext(ctx, "mail task from a newer build; will retry", "task", taskID, "err", err)
		return err
	}
	if err != nil {
		h.Logger.ErrorContext(ctx, "mail task dropped: invalid payload", "task", taskID, "err", err)
		return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
	}
	kind := m.Message.Kind()
	msg, err := mailer.Compose(m.Message, m.Locale, m.To)
	if err != nil {
		h.Logger.ErrorContext(ctx, "mail task dropped: render", "task", taskID, "kind", kind, "err", err)
		return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
	}
	msg.Key = taskID // outbox-<id>-<created>: one Message-ID for every attempt
	if err := h.Sender.Send(ctx, msg); err != nil {
		if mailer.IsPermanent(err) {
			h.Logger.ErrorContext(ctx, "mail task dropped: undeliverable", "task", taskID, "kind", kind, "to", maskAddress(m.To), "err", err)
			h.report(ctx, m.Message, err)
			h.outcome(ctx, taskID, err)
			return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
		}
		h.Logger.WarnContext(ctx, "mail send failed, will retry", "task", taskID, "kind", kind, "err", err)
		h.outcome(ctx, taskID, err)
		return err
	}
	h.Logger.InfoContext(ctx, "mail sent", "task", taskID, "kind", kind, "locale", msg.Locale, "to", maskAddress(m.To))
	if h.Sent != nil {
		h.Sent(kind)
	}
	h.report(ctx, m.Message, nil)
	h.outcome(ctx, taskID, nil)
	return nil
}

// maskAddress keeps logs useful without holding addresses: h***@example.com.
func maskAddress(addr string) string {
	if a, err := mail.ParseAddress(addr); err == nil {
		addr = a.Address
	}
	at := strings.LastIndexByte(addr, '@')
	if at <= 0 {
		return "***"
	}
	local := []rune(addr[:at])
	return string(local[0]) + "***" + addr[at:]
}
