package app

import (
	"context"
	"log/slog"

	"github.com/gradapply/gradapply/adapters/captcha"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/pdf"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/submission"
)

// buildSubmission wires documents, submission, completion, the exam-number
// lookup and the PDFs (issue 5) on top of the application form. It answers
// the largest document item size (the upload route's limit).
func (a *App) buildSubmission(ctx context.Context, cfg config.Config, clock account.Clock) (maxUpload int64, err error) {
	files := a.Files
	docs := postgres.Documents{DB: a.DB}
	a.Documents = &document.Service{Ref: a.Reference, Apps: postgres.Applications{DB: a.DB}, Forms: a.Apply.Forms,
		Log: postgres.AccessLog{DB: a.DB}, Docs: docs, Files: files, Clock: clock}
	a.Submission = &submission.Service{
		Ref: a.Reference, Apps: postgres.Applications{DB: a.DB}, Forms: a.Apply.Forms, Log: postgres.AccessLog{DB: a.DB},
		Docs: docs, Numbers: postgres.ExamNumbers{DB: a.DB}, Payments: postgres.PayAttempts{DB: a.DB},
		Consents: postgres.Consents{DB: a.DB}, Applicants: postgres.Applicants{DB: a.DB},
		Mailer:  jobs.OutboxMailer{DB: a.DB, Codec: a.MailCodec},
		Captcha: captcha.Altcha{Key: cfg.CaptchaKey, MaxNumber: cfg.CaptchaMaxNumber, Replay: a.Counter},
		Counter: a.Counter, Records: a.Apply, Tx: a.DB, Clock: clock,
	}
	a.PDF = pdf.New(cfg.FontPath)
	if err := a.PDF.Err(); err != nil {
		slog.Warn("PDFs unavailable (install fonts-nanum or set FONT_PATH)", "err", err)
	}
	apps := postgres.Applications{DB: a.DB}
	a.Printer = &printing.Service{Apps: apps, Forms: a.Apply.Forms, Ref: a.Reference, Docs: docs, Files: files,
		Notices: postgres.SlipNotices{DB: a.DB}, Log: postgres.AccessLog{DB: a.DB}, Renderer: a.PDF, Clock: clock}
	return docs.MaxItemSize(ctx)
}
