package app

import (
	"context"
	"log/slog"

	"github.com/gradapply/gradapply/adapters/captcha"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/filestore"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/pdf"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/submission"
)

// buildSubmission wires documents, submission, completion, the exam-number
// lookup and the PDFs (issue 5) on top of the application form.
func (a *App) buildSubmission(ctx context.Context, cfg config.Config, clock account.Clock) error {
	files, err := filestore.New(cfg.FileDir)
	if err != nil {
		return err
	}
	docs := postgres.Documents{DB: a.DB}
	a.Submission = &submission.Service{
		Ref: a.Reference, Apps: postgres.Applications{DB: a.DB}, Forms: a.Apply.Forms, Log: postgres.AccessLog{DB: a.DB},
		Docs: docs, Files: files, Numbers: postgres.ExamNumbers{DB: a.DB}, Payments: postgres.Payments{DB: a.DB},
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
	printer := &printing.Service{Apps: apps, Forms: a.Apply.Forms, Ref: a.Reference, Docs: docs, Files: files,
		Notices: postgres.SlipNotices{DB: a.DB}, Log: postgres.AccessLog{DB: a.DB}, Renderer: a.PDF, Clock: clock}
	maxUpload, err := docs.MaxItemSize(ctx)
	if err != nil {
		return err
	}
	a.Server.MountSubmission(a.Submission, a.Apply, printer, maxUpload)
	return nil
}
