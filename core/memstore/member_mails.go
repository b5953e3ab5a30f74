package memstore

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
)

var _ account.MemberMails = Outbox{}

func sentMail(j Job) account.SentMail {
	m := j.Payload.(Mail)
	return account.SentMail{ID: j.ID, Kind: m.Message.Kind(), To: account.MaskEmail(m.To), CreatedAt: j.CreatedAt,
		Attempts: j.Attempts, Delivered: j.Delivered, Resendable: !mailmsg.HasSecret(m.Message)}
}

// MailsTo lists the mails to an account, newest first.
func (s Outbox) MailsTo(ctx context.Context, pk int64, limit int) ([]account.SentMail, error) {
	var out []account.SentMail
	err := s.do(ctx, func(d *data) error {
		for _, j := range slices.Backward(d.outbox) {
			if _, ok := j.Payload.(Mail); ok && j.Recipient == pk && pk != 0 && len(out) < limit {
				out = append(out, sentMail(j))
			}
		}
		return nil
	})
	return out, err
}

// Resend queues a copy of an account's mail as a new job.
func (s Outbox) Resend(ctx context.Context, pk, id int64) (account.SentMail, error) {
	var out account.SentMail
	err := s.do(ctx, func(d *data) error {
		i := slices.IndexFunc(d.outbox, func(j Job) bool { _, ok := j.Payload.(Mail); return ok && j.ID == id && j.Recipient == pk && pk != 0 })
		if i < 0 {
			return apperr.NotFound(account.CodeMailNotFound)
		}
		j := d.outbox[i]
		if mailmsg.HasSecret(j.Payload.(Mail).Message) {
			return apperr.Conflict(account.CodeMailHasSecret)
		}
		d.nextJob++
		c := Job{ID: d.nextJob, TaskType: j.TaskType, Payload: j.Payload, CreatedAt: s.now(), Recipient: pk}
		d.outbox = append(d.outbox, c)
		out = sentMail(c)
		return nil
	})
	return out, err
}
