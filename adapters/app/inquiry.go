package app

import (
	"strconv"
	"strings"

	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/inquiry"
)

// buildInquiry wires the 1:1 inquiry board (issue 14 item 7).
func (a *App) buildInquiry(cfg config.Config, clock account.Clock) error {
	files := a.Files
	base := strings.TrimRight(cfg.PublicURL, "/")
	a.Inquiry = &inquiry.Service{
		Store: postgres.Inquiries{DB: a.DB}, Schools: a.Reference, Apps: postgres.Applications{DB: a.DB},
		Recipients: postgres.Applicants{DB: a.DB}, Mailer: jobs.OutboxMailer{DB: a.DB, Codec: a.MailCodec},
		Files: files, Log: postgres.AccessLog{DB: a.DB}, Tx: a.DB, Clock: clock,
		DetailURL: func(no int64) string { return base + "/inquiry/user/detail?no=" + strconv.FormatInt(no, 10) },
	}
	return nil
}
