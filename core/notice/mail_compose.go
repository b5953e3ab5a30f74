package notice

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

func mailTarget(id int64) string { return "bulk_mail:" + itoa(id) }

// Compose stores a draft mail to a round's applicants (staff of its
// school). Audited.
func (s *Service) Compose(ctx context.Context, p permission.Principal, k application.RoundKey, l Letter) (BulkMail, error) {
	if err := allowed(p, permission.BulkMail, k.SchoolCode); err != nil {
		return BulkMail{}, err
	}
	m, err := NewBulkMail(k, l, p.UserID, s.now())
	if err != nil {
		return BulkMail{}, err
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if m, err = s.Mails.Create(ctx, m); err != nil {
			return err
		}
		return s.audit(ctx, p, "bulk_mail.compose", mailTarget(m.id), map[string]any{"subject": m.letter.Subject.Ko})
	})
	return m, err
}

// mail reads a mail the caller may manage; another school's is missing.
func (s *Service) mail(ctx context.Context, p permission.Principal, id int64) (BulkMail, error) {
	if !p.Authenticated() {
		return BulkMail{}, apperr.Unauthenticated("auth.required")
	}
	m, err := s.Mails.Get(ctx, id)
	if err == nil && !permission.Can(p, permission.BulkMail, m.round.SchoolCode) {
		if err := allowed(p, permission.BulkMail, ""); err != nil {
			return BulkMail{}, err
		}
		return BulkMail{}, apperr.NotFound(CodeMailNotFound)
	}
	return m, err
}

// EditMail replaces a draft's letter.
func (s *Service) EditMail(ctx context.Context, p permission.Principal, id int64, l Letter) (BulkMail, error) {
	if _, err := s.mail(ctx, p, id); err != nil {
		return BulkMail{}, err
	}
	var out BulkMail
	err := s.Mails.Update(ctx, id, func(ctx context.Context, m *BulkMail) error {
		if err := m.Edit(l); err != nil {
			return err
		}
		out = *m
		return s.audit(ctx, p, "bulk_mail.edit", mailTarget(id), map[string]any{"subject": m.letter.Subject.Ko})
	})
	return out, err
}

// Preview is a mail as its recipients will read it, in ko and en, and how
// many members it would reach now.
type Preview struct {
	Ko, En     mailmsg.BulkMail
	Recipients int
}

// message is the mail in a language.
func (s *Service) message(ctx context.Context, m BulkMail, lang string) (mailmsg.BulkMail, error) {
	rd, err := application.LoadRound(ctx, s.Rounds, m.round)
	if err != nil {
		return mailmsg.BulkMail{}, err
	}
	school := rd.SchoolKorName
	if lang == "en" {
		school = rd.SchoolEngName
	}
	return mailmsg.BulkMail{School: school, Subject: m.letter.Subject.In(lang), Body: m.letter.Body.In(lang)}, nil
}

// PreviewMail answers a mail in both languages and its recipients' count.
func (s *Service) PreviewMail(ctx context.Context, p permission.Principal, id int64) (Preview, error) {
	m, err := s.mail(ctx, p, id)
	if err != nil {
		return Preview{}, err
	}
	var pv Preview
	if pv.Ko, err = s.message(ctx, m, "ko"); err != nil {
		return Preview{}, err
	}
	if pv.En, err = s.message(ctx, m, "en"); err != nil {
		return Preview{}, err
	}
	to, err := s.recipients(ctx, m)
	pv.Recipients = len(to)
	return pv, err
}

// MailsOf lists a round's mails (staff of its school), newest first.
func (s *Service) MailsOf(ctx context.Context, p permission.Principal, k application.RoundKey) ([]BulkMail, error) {
	if err := allowed(p, permission.BulkMail, k.SchoolCode); err != nil {
		return nil, err
	}
	return s.Mails.List(ctx, k)
}

// ProgressOf answers a mail's state and progress (recipients, mails
// queued).
func (s *Service) ProgressOf(ctx context.Context, p permission.Principal, id int64) (BulkMail, Progress, error) {
	m, err := s.mail(ctx, p, id)
	if err != nil {
		return BulkMail{}, Progress{}, err
	}
	pr, err := s.Mails.Progress(ctx, id)
	return m, pr, err
}
