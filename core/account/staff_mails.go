package account

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// SentMail is one mail queued to a member, as the outbox recorded it: the
// mails queued for the account (port.MailTo) or to its address while it
// was the account's.
type SentMail struct {
	ID        int64
	Kind      string // mailmsg kind
	To        string // the address, masked (MaskEmail)
	CreatedAt time.Time
	Attempts  int  // failed attempts: handing it to the mail worker, or sending it
	Delivered bool // the mail server took it
	// Resendable: the mail carries no secret (a code, a one-time link) and
	// its content is kept for a resend.
	Resendable bool
}

// Delivery states of a SentMail.
const (
	MailQueued = "queued"
	MailSent   = "sent"
	MailFailed = "failed"
)

// State is queued (waiting to be sent), sent (the mail server took it) or
// failed (attempts failed; retried until the worker gives up).
func (m SentMail) State() string {
	switch {
	case m.Delivered:
		return MailSent
	case m.Attempts > 0:
		return MailFailed
	}
	return MailQueued
}

// MemberMails reads the mails queued to a member from the outbox and
// queues one again.
type MemberMails interface {
	// MailsTo lists the mails to the account with key pk, newest first.
	MailsTo(ctx context.Context, pk int64, limit int) ([]SentMail, error)
	// Resend queues mail id of the account pk again as a new outbox row
	// (so it gets its own Message-ID and is delivered again), in the
	// transaction of ctx, and answers the new row. It answers not found
	// (CodeMailNotFound) when id is not a mail of pk, a conflict
	// CodeMailHasSecret for a mail with a secret and CodeMailNotKept when
	// its content was not kept.
	Resend(ctx context.Context, pk, id int64) (SentMail, error)
}

// MaxMailList is how many of a member's latest mails the list shows.
const MaxMailList = 100

// MemberMailList lists the mails sent to a member, newest first, for a
// system admin; the read is logged.
func (s *Service) MemberMailList(ctx context.Context, p permission.Principal, userID string) ([]SentMail, error) {
	if !permission.Can(p, permission.UserManage, "") {
		return nil, apperr.Forbidden("auth.forbidden")
	}
	u, err := s.Users.ByUserID(ctx, userID)
	if err != nil {
		return nil, err
	}
	list, err := s.Mails.MailsTo(ctx, u.PK, MaxMailList)
	if err != nil {
		return nil, err
	}
	return list, s.Access.Record(ctx, p.UserID, "member.mails", u.UserID, nil)
}
