package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
)

// MailMeta is what the outbox records of a mail besides its payload, so a
// member's mails can be listed after the payload is cleared (support
// tools, issue 23).
type MailMeta struct {
	RecipientPK int64  // the account the mail is for; 0: the live account using To, if any
	Kind        string // mailmsg kind
	To          string // the address; stored masked
	Secret      bool   // the mail carries a secret: its payload is never kept
}

// EnqueueMail writes a mail job to the outbox with its meta, joining the
// transaction in ctx like Enqueue. The payload of a mail without a secret
// is kept for a resend until the relayed row is deleted.
func (db *DB) EnqueueMail(ctx context.Context, taskType string, payload []byte, meta MailMeta) error {
	if taskType == "" {
		return errors.New("postgres: outbox enqueue: empty task type")
	}
	var pk *int64
	if meta.RecipientPK > 0 {
		pk = &meta.RecipientPK
	}
	var kept *string
	if !meta.Secret {
		s := string(payload)
		kept = &s
	}
	err := db.writeLater(ctx, Builder.Select().Column(sq.Expr("pg_notify(?, ins.id::text)", OutboxChannel)).From("ins").
		Prefix(`WITH ins AS (INSERT INTO outbox (task_type, payload, recipient_pk, mail_kind, mail_to, mail_secret, kept)
			VALUES (?, ?, coalesce(?::bigint, (SELECT id FROM app_user WHERE lower(email) = lower(?) AND status <> 'WITHDRAW' LIMIT 1)), ?, ?, ?, ?::jsonb) RETURNING id)`,
			taskType, string(payload), pk, meta.To, meta.Kind, account.MaskEmail(meta.To), meta.Secret, kept))
	if err != nil {
		return fmt.Errorf("postgres: outbox enqueue mail: %w", err)
	}
	return nil
}

// MemberMails is account.MemberMails on the outbox.
type MemberMails struct{ DB *DB }

var _ account.MemberMails = MemberMails{}

var sentMailColumns = []string{"id", "coalesce(mail_kind, '')", "coalesce(mail_to, '')", "created_at", "attempts + send_attempts", "delivered_at IS NOT NULL", "(NOT mail_secret AND kept IS NOT NULL)"}

func scanSentMail(row pgx.Row) (account.SentMail, error) {
	var m account.SentMail
	err := row.Scan(&m.ID, &m.Kind, &m.To, &m.CreatedAt, &m.Attempts, &m.Delivered, &m.Resendable)
	return m, err
}

// MailsTo lists the mails to an account, newest first.
func (s MemberMails) MailsTo(ctx context.Context, pk int64, limit int) ([]account.SentMail, error) {
	rows, err := s.DB.query(ctx, Builder.Select(sentMailColumns...).From("outbox").
		Where(sq.Eq{"recipient_pk": pk}).Where(sq.NotEq{"mail_kind": nil}).
		OrderBy("id DESC").Limit(u64(limit)))
	if err != nil {
		return nil, fmt.Errorf("postgres: member mails: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (account.SentMail, error) { return scanSentMail(r) })
	if err != nil {
		return nil, fmt.Errorf("postgres: member mails: %w", err)
	}
	return out, nil
}

// Resend copies a kept mail of the account into a new outbox row.
func (s MemberMails) Resend(ctx context.Context, pk, id int64) (account.SentMail, error) {
	var secret, kept bool
	err := s.DB.queryRow(ctx, Builder.Select("mail_secret", "kept IS NOT NULL").From("outbox").
		Where(sq.Eq{"id": id, "recipient_pk": pk}).Where(sq.NotEq{"mail_kind": nil})).Scan(&secret, &kept)
	if errors.Is(err, pgx.ErrNoRows) {
		return account.SentMail{}, apperr.NotFound(account.CodeMailNotFound)
	}
	if err != nil {
		return account.SentMail{}, fmt.Errorf("postgres: resend mail: %w", err)
	}
	switch {
	case secret:
		return account.SentMail{}, apperr.Conflict(account.CodeMailHasSecret)
	case !kept:
		return account.SentMail{}, apperr.Conflict(account.CodeMailNotKept)
	}
	var m account.SentMail
	var notified string
	err = s.DB.queryRow(ctx, Builder.Select(sentMailColumns...).Column(sq.Expr("pg_notify(?, id::text)::text", OutboxChannel)).From("ins").
		Prefix(`WITH ins AS (INSERT INTO outbox (task_type, payload, recipient_pk, mail_kind, mail_to, mail_secret, kept)
			SELECT task_type, kept, recipient_pk, mail_kind, mail_to, false, kept FROM outbox WHERE id = ? RETURNING *)`, id)).
		Scan(&m.ID, &m.Kind, &m.To, &m.CreatedAt, &m.Attempts, &m.Delivered, &m.Resendable, &notified)
	if err != nil {
		return account.SentMail{}, fmt.Errorf("postgres: resend mail: %w", err)
	}
	return m, nil
}

// NoteMailSend records what the mail server did with the mail of outbox
// row id: took it (cause nil: delivered_at set) or not (send_attempts
// counted, send_error kept). A row already deleted is not an error.
func (db *DB) NoteMailSend(ctx context.Context, id int64, cause error) error {
	b := Builder.Update("outbox").Where(sq.Eq{"id": id}).Where(sq.NotEq{"mail_kind": nil})
	if cause == nil {
		b = b.Set("delivered_at", sq.Expr("now()")).Set("send_error", nil)
	} else {
		b = b.Set("send_attempts", sq.Expr("send_attempts + 1")).Set("send_error", truncate(cause.Error(), maxLastError))
	}
	if _, err := db.exec(ctx, b); err != nil {
		return fmt.Errorf("postgres: note mail send: %w", err)
	}
	return nil
}
