package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/port"
)

// OutboxWriter writes a job into the outbox, joining the transaction in ctx;
// *postgres.DB is one.
type OutboxWriter interface {
	Enqueue(ctx context.Context, taskType string, payload any) error
}

// MailOutboxWriter writes a mail job with what the outbox records of it;
// *postgres.DB is one.
type MailOutboxWriter interface {
	EnqueueMail(ctx context.Context, taskType string, payload []byte, meta postgres.MailMeta) error
}

// EnqueueMail validates a mail, seals its secrets and writes it to the
// outbox. Call it with the ctx of the transaction that makes the mail
// necessary.
func EnqueueMail(ctx context.Context, db OutboxWriter, codec *MailCodec, m Mail) error {
	b, err := codec.Encode(m)
	if err != nil {
		return err
	}
	if w, ok := db.(MailOutboxWriter); ok {
		// The outbox records the account, kind and masked address, so the
		// member's mails can be listed (and resent) by staff.
		pk, _ := port.MailRecipient(ctx)
		to := m.To
		if a, err := mail.ParseAddress(to); err == nil {
			to = a.Address
		}
		meta := postgres.MailMeta{RecipientPK: pk, Kind: m.Message.Kind(), To: to, Secret: mailmsg.HasSecret(m.Message)}
		if err := w.EnqueueMail(ctx, TypeMailSend, b, meta); err != nil {
			return fmt.Errorf("jobs: queue mail: %w", err)
		}
		return nil
	}
	if err := db.Enqueue(ctx, TypeMailSend, json.RawMessage(b)); err != nil {
		return fmt.Errorf("jobs: queue mail: %w", err)
	}
	return nil
}

// OutboxMailer is the adapter for core's mail port: it queues mail through the
// outbox, so it is sent if and only if the caller's transaction commits.
type OutboxMailer struct {
	DB    OutboxWriter
	Codec *MailCodec // seals secrets; a mail with a secret is refused without it
}

// Queue writes one mail to the outbox; locale "ko" or "en".
func (m OutboxMailer) Queue(ctx context.Context, locale, to string, msg mailmsg.Message) error {
	if m.DB == nil {
		return errors.New("jobs: outbox mailer without a database")
	}
	return EnqueueMail(ctx, m.DB, m.Codec, Mail{Locale: locale, To: to, Message: msg})
}
