package jobs

import (
	"context"
	"fmt"

	"github.com/gradapply/gradapply/adapters/mailer"
)

// OutboxWriter writes a job into the outbox, joining the transaction in ctx;
// *postgres.DB is one.
type OutboxWriter interface {
	Enqueue(ctx context.Context, taskType string, payload any) error
}

// EnqueueMail validates a mail and writes it to the outbox. Call it with the
// ctx of the transaction that makes the mail necessary.
func EnqueueMail(ctx context.Context, db OutboxWriter, p MailPayload) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if err := db.Enqueue(ctx, TypeMailSend, p); err != nil {
		return fmt.Errorf("jobs: queue mail: %w", err)
	}
	return nil
}

// OutboxMailer is the adapter for core's mail port: it queues mail through the
// outbox, so it is sent if and only if the caller's transaction commits.
type OutboxMailer struct {
	DB OutboxWriter
}

// Queue writes one mail to the outbox. kind is a mailer.Kind ("signup_code",
// "exam_number", "application_complete", "dormancy_notice",
// "password_reset"); locale "ko" or "en"; data the template's keys.
func (m OutboxMailer) Queue(ctx context.Context, kind, locale, to string, data map[string]any) error {
	return EnqueueMail(ctx, m.DB, MailPayload{Kind: mailer.Kind(kind), Locale: locale, To: to, Data: data})
}
