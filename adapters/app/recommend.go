package app

import (
	"bytes"
	"context"
	"strings"

	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/adapters/pdf"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/recommendation"
)

// buildRecommend wires recommendation requests, the recommender's key
// pages, letters and templates (issue 11).
func (a *App) buildRecommend(cfg config.Config, clock account.Clock) error {
	files := a.Files
	recs := postgres.Recommendations{DB: a.DB}
	base := strings.TrimRight(cfg.PublicURL, "/")
	a.Recommend = &recommendation.Service{
		Apps: postgres.Applications{DB: a.DB}, Rounds: a.Reference, Store: recs, Profiles: recs, Templates: recs,
		Recipients: postgres.Applicants{DB: a.DB}, Mailer: jobs.OutboxMailer{DB: a.DB, Codec: a.MailCodec},
		Files: files, Printer: letterPrinter{a.PDF}, Log: postgres.AccessLog{DB: a.DB}, Tx: a.DB, Clock: clock,
		KeyURL: func(key string) string { return base + "/recommend/" + key },
	}
	return nil
}

// letterPrinter renders letters through core/printing's model.
type letterPrinter struct{ r *pdf.Renderer }

func (p letterPrinter) Letter(_ context.Context, d recommendation.LetterDoc) ([]byte, error) {
	var b bytes.Buffer
	if err := p.r.Letter(&b, printing.LetterModel(d)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// recommendDelivered records on a request whether the mail server took
// its mail (the applicant's list shows it).
func (a *App) recommendDelivered(ctx context.Context, m mailmsg.Message, refused error) error {
	var no int64
	switch x := m.(type) {
	case *mailmsg.RecommendRequest:
		no = x.RequestNo
	case mailmsg.RecommendRequest:
		no = x.RequestNo
	default:
		return nil
	}
	why := ""
	if refused != nil {
		why = refused.Error()
		if !mailer.IsPermanent(refused) {
			return nil
		}
	}
	return a.Recommend.MailResult(ctx, no, why)
}
