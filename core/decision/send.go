package decision

import (
	"context"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// DefaultBatch is how many result mails one batch queues.
const DefaultBatch = 200

// SendDue queues the result mails of every released round, one batch of
// at most batch per round (0: DefaultBatch), each batch in its own
// transaction: the decisions are marked mailed with their mails queued.
// The periodic job calls it until it answers 0.
func (s *Service) SendDue(ctx context.Context, batch int) (int, error) {
	if batch <= 0 {
		batch = DefaultBatch
	}
	rounds, err := s.Releases.Due(ctx, s.now())
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, k := range rounds {
		n, err := s.sendBatch(ctx, k, batch)
		if err != nil {
			return sent, err
		}
		sent += n
	}
	return sent, nil
}

func (s *Service) sendBatch(ctx context.Context, k application.RoundKey, batch int) (int, error) {
	rel, err := s.Releases.Get(ctx, k)
	if err != nil {
		return 0, err
	}
	rd, err := application.LoadRound(ctx, s.Rounds, k)
	if err != nil {
		return 0, err
	}
	var mailed int
	n, err := s.Decisions.MailBatch(ctx, k, batch, func(ctx context.Context, list []*Decision) error {
		for _, d := range list {
			ok, err := s.mail(ctx, rd, rel, d)
			if err != nil {
				return err
			}
			if ok {
				mailed++
			}
			d.MarkMailed(s.now())
		}
		return nil
	})
	if err != nil || n == 0 {
		return 0, err
	}
	return n, s.audit(ctx, "system", "decision.mail_batch", roundTarget(k), map[string]any{"decisions": n, "mailed": mailed})
}

// mail queues one decision's result mail; false when the applicant has
// withdrawn (no address).
func (s *Service) mail(ctx context.Context, rd application.Round, rel Release, d *Decision) (bool, error) {
	to, err := s.Recipients.Recipient(ctx, d.userID)
	if apperr.KindOf(err) == apperr.KindNotFound || err == nil && to.Email == "" {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	lang := "ko"
	if to.Locale == "en" {
		lang = "en"
	}
	h, err := s.Apps.Get(ctx, d.applNo)
	if err != nil {
		return false, err
	}
	school, round := rd.SchoolKorName, rd.KorName
	if lang == "en" {
		school, round = rd.SchoolEngName, rd.EngName
	}
	m := mailmsg.ResultReleased{School: school, Round: round, ExamNumber: h.ApplID, Result: Label(d.kind, d.rank, lang),
		Message: rel.Message(d.kind).In(lang), Link: strings.TrimRight(s.PublicURL, "/") + "/list"}
	return true, s.Mailer.Queue(ctx, lang, to.Email, m)
}
