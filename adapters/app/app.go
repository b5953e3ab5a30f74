// Package app wires the services together: one function builds them from
// the configuration for cmd/server and cmd/worker, and tests build them
// with their own database and Redis. The HTTP edge is wired apart (package
// web), so the worker builds no HTTP server.
package app

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/gradapply/gradapply/adapters/captcha"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/demo"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/metrics"
	"github.com/gradapply/gradapply/adapters/password"
	"github.com/gradapply/gradapply/adapters/payment/testpg"
	"github.com/gradapply/gradapply/adapters/pdf"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/ratelimit"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/competition"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/helpdesk"
	"github.com/gradapply/gradapply/core/inquiry"
	"github.com/gradapply/gradapply/core/mydata"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/recommendation"
	"github.com/gradapply/gradapply/core/refundrequest"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/submission"
	"github.com/gradapply/gradapply/core/survey"
)

// App is the wired service.
type App struct {
	Config   config.Config
	DB       *postgres.DB
	Redis    *redis.Client
	Accounts *account.Service
	Counter  *ratelimit.Counter
	// Clock is the services' clock; Captcha checks the sign-up challenge.
	Clock   account.Clock
	Captcha captcha.Altcha
	// Apply is the application form; Reference its cached reference data.
	Apply     *application.Service
	Reference *postgres.Reference
	// Documents is an application's documents; Submission is submit,
	// completion and exam numbers; PDF the renderer and Printer the
	// application PDF and the admission slip.
	Documents  *document.Service
	Submission *submission.Service
	Recommend  *recommendation.Service
	Inquiry    *inquiry.Service
	PDF        *pdf.Renderer
	Printer    *printing.Service
	// Reader is the staff's on-screen read of an application (issue 23).
	Reader *printing.Reader
	// Rounds is the back office for rounds and school settings.
	Rounds *round.Service
	// Surveys are the survey questions, site surveys and their results.
	Surveys *survey.Service
	// Pay is paying the fee; TestPG the test gateway (nil when off).
	Pay    *payment.Service
	TestPG *testpg.Gateway
	// Money is the staff money pages (issue 10).
	Money *payment.Staff
	// FeeRules are the settlement fee rules (issue 18).
	FeeRules *feeschedule.Service
	// RefundRequests are applicants' refund requests (issue 18).
	RefundRequests *refundrequest.Service
	// Officers are evaluation, decisions, notices and bulk mail (issue 23).
	Officers Officers
	// Competition is the public 경쟁률 page (issue 21).
	Competition *competition.Service
	// MailCodec seals the secrets of queued mail and opens them in the worker.
	MailCodec *jobs.MailCodec
	// MyData is a member's data export; Helpdesk the FAQ and help board.
	MyData   *mydata.Service
	Helpdesk *helpdesk.Service
	// AccessLog reads the access log; Exports serves the staff's exports;
	// Files is the file store every service shares (disk or S3);
	// MaxUpload is the largest document item.
	AccessLog audit.Log
	Exports   postgres.Exports
	Files     document.FileStore
	MaxUpload int64
	// Metrics is the process's registry (served on METRICS_ADDR).
	Metrics   *metrics.Metrics
	inspector *asynq.Inspector
	draining  atomic.Bool
}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Options changes the wiring for tests.
type Options struct {
	Hasher account.Hasher // nil: argon2id with production parameters
	Clock  account.Clock  // nil: system clock
}

// Build connects to PostgreSQL (migrating it) and Redis and wires the
// services. Redis need not be up.
func Build(ctx context.Context, cfg config.Config, opt Options) (*App, error) {
	if err := postgres.EnsureDatabase(ctx, cfg.DatabaseURL); err != nil {
		return nil, err
	}
	if err := postgres.Migrate(ctx, cfg.DatabaseURL); err != nil {
		return nil, err
	}
	db, err := postgres.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	// The counters and the health check must not wait on a Redis that is
	// down: one dial, no retry (the counters fall back to memory).
	ropt, err := ratelimit.ClientOptions(cfg.RedisURL)
	if err != nil {
		db.Close()
		return nil, err
	}
	rdb := redis.NewClient(ropt)
	a := &App{Config: cfg, DB: db, Redis: rdb}
	if a.Files, err = openFiles(ctx, cfg); err != nil {
		a.Close()
		return nil, err
	}
	if a.MailCodec, err = jobs.NewMailCodec(cfg.FieldKey); err != nil {
		db.Close()
		return nil, err
	}
	hasher := opt.Hasher
	if hasher == nil {
		hasher = password.Default
	}
	var clock account.Clock = systemClock{}
	if opt.Clock != nil {
		clock = opt.Clock
	}
	prefix := cfg.RateLimitPrefix
	if prefix == "" {
		prefix = "gradapply:"
	}
	a.Counter = ratelimit.New(rdb, prefix)
	a.buildMetrics()
	a.Clock = clock
	alt := captcha.Altcha{Key: cfg.CaptchaKey, MaxNumber: cfg.CaptchaMaxNumber, Replay: a.Counter}
	a.Captcha = alt
	a.Accounts = &account.Service{
		Users: postgres.Users{DB: db}, Confirmations: postgres.Confirmations{DB: db},
		Passwords: hasher, Codes: password.HMAC{Key: cfg.TokenKey}, Failures: a.Counter,
		Captcha: alt, Mailer: jobs.OutboxMailer{DB: db, Codec: a.MailCodec}, Tx: db, Clock: clock, Access: postgres.AccessLog{DB: db},
		Life: postgres.Lifecycle{DB: db}, LinkKey: cfg.TokenKey, PublicURL: cfg.PublicURL,
		Mails: postgres.MemberMails{DB: db},
	}
	if err := a.buildApply(cfg, clock); err != nil {
		a.Close()
		return nil, err
	}
	if a.MaxUpload, err = a.buildSubmission(ctx, cfg, clock); err != nil {
		a.Close()
		return nil, err
	}
	if a.MyData, err = a.myData(); err != nil {
		a.Close()
		return nil, err
	}
	a.Accounts.Files = a.MyData.Files // a closed account's drafts take their uploads with them
	a.buildRounds(clock)
	a.buildSurveys(clock)
	if err := a.buildPay(cfg, clock); err != nil {
		a.Close()
		return nil, err
	}
	if err := a.buildRecommend(cfg, clock); err != nil {
		a.Close()
		return nil, err
	}
	if err := a.buildInquiry(cfg, clock); err != nil {
		a.Close()
		return nil, err
	}
	a.buildMoney()
	a.buildFeeRules()
	a.RefundRequests = a.buildRefundRequests(clock)
	a.buildOfficers(clock)
	a.Competition = &competition.Service{Ref: a.Reference, Counter: postgres.Competition{DB: a.DB}, Clock: clock.Now}
	if err := a.buildBackoffice(cfg); err != nil {
		a.Close()
		return nil, err
	}
	a.Helpdesk = a.buildHelpdesk()
	if cfg.DemoData {
		d, err := demo.Read(cfg.DemoDir)
		if err != nil {
			a.Close()
			return nil, err
		}
		d.Year = cfg.DemoYear
		loaded, err := demo.Load(ctx, db, d, hasher, clock.Now())
		if err != nil {
			a.Close()
			return nil, err
		}
		if loaded {
			slog.Info("demo data loaded", "schools", len(d.Schools), "users", len(d.Users))
		}
	}
	return a, nil
}

// Drain marks the service as going away (health answers OUT_OF_SERVICE).
func (a *App) Drain() { a.draining.Store(true) }

// Draining reports whether Drain was called.
func (a *App) Draining() bool { return a.draining.Load() }

// Close releases connections.
func (a *App) Close() {
	if a.inspector != nil {
		_ = a.inspector.Close()
	}
	_ = a.Redis.Close()
	a.DB.Close()
}
