package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"

	"github.com/hibiken/asynq"

	"github.com/gradapply/gradapply/adapters/mailer"
)

// NewServeMux routes every task type to its handler.
func NewServeMux(sender mailer.Sender, logger *slog.Logger) *asynq.ServeMux {
	if logger == nil {
		logger = slog.Default()
	}
	mux := asynq.NewServeMux()
	mux.Handle(TypeMailSend, &MailHandler{Sender: sender, Logger: logger})
	return mux
}

// MailHandler renders and sends a mail:send task.
type MailHandler struct {
	Sender mailer.Sender
	Logger *slog.Logger
}

// ProcessTask returns asynq.SkipRetry for what no retry can fix (a bad payload,
// a template that does not render, a recipient the server refuses) and a
// plain error, retried with backoff, for everything else.
func (h *MailHandler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	taskID, _ := asynq.GetTaskID(ctx)
	p, err := decodeMailPayload(t.Payload())
	if err == nil {
		err = p.Validate()
	}
	if err != nil {
		h.Logger.ErrorContext(ctx, "mail task dropped: invalid payload", "task", taskID, "err", err)
		return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
	}
	msg, err := mailer.Compose(p.Kind, p.Locale, p.To, p.Data)
	if err != nil {
		h.Logger.ErrorContext(ctx, "mail task dropped: render", "task", taskID, "kind", p.Kind, "err", err)
		return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
	}
	if err := h.Sender.Send(ctx, msg); err != nil {
		if mailer.IsPermanent(err) {
			h.Logger.ErrorContext(ctx, "mail task dropped: undeliverable", "task", taskID, "kind", p.Kind, "to", maskAddress(p.To), "err", err)
			return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
		}
		h.Logger.WarnContext(ctx, "mail send failed, will retry", "task", taskID, "kind", p.Kind, "err", err)
		return err
	}
	h.Logger.InfoContext(ctx, "mail sent", "task", taskID, "kind", p.Kind, "locale", msg.Locale, "to", maskAddress(p.To))
	return nil
}

func decodeMailPayload(b []byte) (MailPayload, error) {
	var p MailPayload
	if err := json.Unmarshal(b, &p); err != nil {
		return MailPayload{}, fmt.Errorf("%w: %v", ErrInvalidPayload, err)
	}
	// Decode data again keeping numbers as written.
	var raw struct {
		Data json.RawMessage `json:"data"`
	}
	_ = json.Unmarshal(b, &raw)
	if len(raw.Data) > 0 && string(raw.Data) != "null" {
		data, err := decodeData(raw.Data)
		if err != nil {
			return MailPayload{}, fmt.Errorf("%w: data: %v", ErrInvalidPayload, err)
		}
		p.Data = data
	}
	return p, nil
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
