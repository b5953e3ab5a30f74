// Package port holds the few ports every area of core shares: the mail
// outbox, the transaction, the member's mail address and the audit log.
// An area declares only the ports that are its own (its stores, its
// providers); these four are declared once, here.
package port

import (
	"context"

	"github.com/gradapply/gradapply/core/mailmsg"
)

// Mailer queues a mail in the outbox; it is sent after the transaction that
// queued it commits, and never when it rolls back.
type Mailer interface {
	Queue(ctx context.Context, locale, to string, m mailmsg.Message) error
}

// Tx runs fn in one database transaction: every store call made with the
// ctx fn receives joins it.
type Tx interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Recipient is where and in which language a member is mailed.
type Recipient struct {
	Email  string
	Locale string // ko or en
}

// Recipients finds a member's Recipient by user id.
type Recipients interface {
	Recipient(ctx context.Context, userID string) (Recipient, error)
}

// AuditLog records who did what to whom: the personal-data access log and
// the money audit trail (their retention differs by action, see
// core/privacy).
type AuditLog interface {
	Record(ctx context.Context, actor, action, target string, detail map[string]any) error
}

type mailToKey struct{}

// MailTo marks the mails queued with the returned context as mails to the
// account with key pk, so the outbox lists them among the member's mails
// even when the address is not (or no longer) the account's. A mail queued
// without it is the member's when its address is the account's.
func MailTo(ctx context.Context, pk int64) context.Context {
	return context.WithValue(ctx, mailToKey{}, pk)
}

// MailRecipient is the account key MailTo set on ctx.
func MailRecipient(ctx context.Context) (int64, bool) {
	pk, ok := ctx.Value(mailToKey{}).(int64)
	return pk, ok && pk > 0
}
