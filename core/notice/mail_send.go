package notice

import (
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

// DefaultBatch is how many mails one batch queues.
const DefaultBatch = 200

// recipients are the members a mail goes to now: those with an
// application of its round matching its filter, each once, in
// application order.
func (s *Service) recipients(ctx context.Context, m BulkMail) ([]string, error) {
	f := m.letter.Filter
	var decided map[int64]decision.Kind
	if f.Decision != "" {
		list, err := s.Outcomes.ForRound(ctx, m.round)
		if err != nil {
			return nil, err
		}
		decided = map[int64]decision.Kind{}
		for _, d := range list {
			decided[d.ApplNo()] = d.Kind()
		}
	}
	var out []string
	for offset := 0; ; {
		page, total, err := s.Roster.ListApplications(ctx, application.StaffQuery{SchoolCode: m.round.SchoolCode,
			EnterYear: m.round.EnterYear, RecruitPartSeq: m.round.RecruitPartSeq, Status: string(f.Status), Offset: offset, Limit: 500})
		if err != nil {
			return nil, err
		}
		for _, r := range page {
			if r.UserID == "" || decided != nil && decided[r.ApplNo] != f.Decision || slices.Contains(out, r.UserID) {
				continue
			}
			out = append(out, r.UserID)
		}
		offset += len(page)
		if len(page) == 0 || offset >= total {
			return out, nil
		}
	}
}

// Send fixes a draft's recipients and starts sending it (staff of its
// school); the periodic job queues the mails in batches. A mail goes out
// once: sending it again is a conflict. Audited with the count.
func (s *Service) Send(ctx context.Context, p permission.Principal, id int64) (BulkMail, int, error) {
	if _, err := s.mail(ctx, p, id); err != nil {
		return BulkMail{}, 0, err
	}
	var n int
	err := s.Mails.Update(ctx, id, func(ctx context.Context, m *BulkMail) error {
		if err := m.Start(p.UserID, s.now()); err != nil {
			return err
		}
		to, err := s.recipients(ctx, *m)
		if err != nil {
			return err
		}
		if len(to) == 0 {
			return apperr.Conflict(CodeNoRecipients)
		}
		if n, err = s.Mails.AddRecipients(ctx, id, to); err != nil {
			return err
		}
		return s.audit(ctx, p, "bulk_mail.send", mailTarget(id), map[string]any{"recipients": n,
			"status": string(m.letter.Filter.Status), "decision": string(m.letter.Filter.Decision)})
	})
	if err != nil {
		return BulkMail{}, 0, err
	}
	m, err := s.Mails.Get(ctx, id)
	return m, n, err
}

// SendDue queues one batch (0: DefaultBatch) of every mail being sent,
// each in its own transaction, and finishes the mails with nobody left.
// It answers how many mails it queued; the periodic job calls it until 0.
func (s *Service) SendDue(ctx context.Context, batch int) (int, error) {
	if batch <= 0 {
		batch = DefaultBatch
	}
	list, err := s.Mails.Sending(ctx)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, m := range list {
		msgs := map[string]mailmsg.BulkMail{}
		for _, lang := range []string{"ko", "en"} {
			if msgs[lang], err = s.message(ctx, m, lang); err != nil {
				return sent, err
			}
		}
		n, err := s.Mails.Batch(ctx, m.id, batch, func(ctx context.Context, users []string) error {
			for _, u := range users {
				to, err := s.Recipients.Recipient(ctx, u)
				if apperr.KindOf(err) == apperr.KindNotFound || err == nil && to.Email == "" {
					continue // withdrew since: nobody to mail
				}
				if err != nil {
					return err
				}
				lang := "ko"
				if to.Locale == "en" {
					lang = "en"
				}
				if err := s.Mailer.Queue(ctx, lang, to.Email, msgs[lang]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return sent, err
		}
		sent += n
		if n < batch {
			if err := s.Mails.Update(ctx, m.id, func(_ context.Context, m *BulkMail) error { m.Finish(s.now()); return nil }); err != nil {
				return sent, err
			}
		}
	}
	return sent, nil
}
