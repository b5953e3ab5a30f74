package app

import (
	"net/http"
	"time"

	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/adapters/payment/testpg"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
)

// buildPay wires paying the fee (issue 9): the configured providers, the
// test gateway when it is on, and the service. Needs buildSubmission
// (completion and exam numbers). A pay type whose provider is neither
// configured nor stood in for by the test gateway is not offered.
func (a *App) buildPay(cfg config.Config, clock account.Clock) error {
	gws, err := ProviderGateways(cfg)
	if err != nil {
		return err
	}
	if cfg.TestGateway {
		key, err := portone.ParseSecret(cfg.TestGatewayWebhookSecret())
		if err != nil {
			return err
		}
		a.TestPG = &testpg.Gateway{Store: postgres.TestPG{DB: a.DB}, Keys: []portone.Secret{key}, PublicURL: cfg.PublicURL,
			Client: &http.Client{Timeout: 10 * time.Second}, Now: clock.Now}
		gws[payment.ProviderTest] = a.TestPG
	}
	a.Pay = &payment.Service{
		Apps: postgres.Applications{DB: a.DB}, Ref: a.Reference, Log: postgres.AccessLog{DB: a.DB},
		Store: postgres.PayAttempts{DB: a.DB}, Config: postgres.PaySettings{DB: a.DB}, Gateways: gws, Route: gws.Router(),
		Completer: application.Completion{Apps: postgres.Applications{DB: a.DB}, Numbers: postgres.ExamNumbers{DB: a.DB},
			Recipients: postgres.Applicants{DB: a.DB}, Mailer: jobs.OutboxMailer{DB: a.DB, Codec: a.MailCodec}},
		Recipients: postgres.Applicants{DB: a.DB}, Buyers: postgres.Applicants{DB: a.DB},
		Mailer: jobs.OutboxMailer{DB: a.DB, Codec: a.MailCodec}, PayPal: payment.DefaultPayPalFee, Clock: clock,
	}
	return nil
}
