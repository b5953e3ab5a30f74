// Package storetest holds the contract suites of core's store ports: what
// every implementation (core/memstore, adapters/postgres) must do. Each
// Run function takes a constructor that gives a fresh, empty Env per test.
package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/inquiry"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/submission"
	"github.com/gradapply/gradapply/core/survey"
)

// Outbox is the job outbox: Enqueue joins the transaction in ctx; Pending
// counts the committed rows not yet relayed.
type Outbox interface {
	Enqueue(ctx context.Context, taskType string, payload any) error
	Pending(ctx context.Context) (int, error)
}

// Env is one set of stores sharing one database.
type Env struct {
	Tx     port.Tx
	Apps   application.Applications
	Forms  application.Forms
	Docs   document.Documents
	Exams  submission.ExamNumbers
	Outbox Outbox
	Users  account.Users
	// Life is the account lifecycle store.
	Life account.Lifecycle
	// Payments is the payment store (nil: RunPayments skips).
	Payments payment.Store
	// Ref is the reference store (nil: RunReference skips); Names are the
	// school and round names it holds for Round.
	Ref   application.Reference
	Names submission.Completed
	// Applicants and Emails read accounts (nil: RunApplicants skips).
	Applicants submission.Applicants
	Emails     application.Emails
	Round      application.RoundKey // a round that exists, with an exam-number rule
	Part       application.Part     // a part of Round
	Unknown    application.RoundKey // a round that does not exist
	// Recs is the recommendation store (nil: RunRecommendations skips).
	Recs Recommendations
	// Inquiries is the inquiry store (nil: RunInquiries skips).
	Inquiries inquiry.Store
	// Closures keeps rounds' early closes (nil: RunClosures skips); Ref
	// applies them.
	Closures round.Closures
	// Members is member management's store (nil: RunMembers skips).
	Members account.Members
	// Mailer queues mails and Mails lists and resends a member's mails
	// from the outbox (nil: RunMemberMails skips).
	Mailer port.Mailer
	Mails  account.MemberMails
	// Backoffice reads applications for staff (nil: RunBackoffice skips).
	Backoffice Backoffice
	// Surveys is the survey store (nil: RunSurveys skips).
	Surveys survey.Store
	// Fees is the fee-schedule store (nil: RunFeeSchedules skips); its
	// school is Round's.
	Fees feeschedule.Store
}

// New gives a fresh Env for one test.
type New func(t *testing.T) Env

// base is a fixed instant: stores keep microseconds (PostgreSQL).
var base = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

var errBoom = errors.New("storetest: the rule refuses")

func wantCode(t *testing.T, err error, kind apperr.Kind, code string) {
	t.Helper()
	if apperr.KindOf(err) != kind || apperr.CodeOf(err) != code {
		t.Fatalf("want %v %s, got %v", kind, code, err)
	}
}

// member is a new account to create.
func member(t *testing.T, n account.NewUser) *account.Member {
	t.Helper()
	m, err := account.NewMember(n)
	if err != nil {
		t.Fatalf("new member %s: %v", n.UserID, err)
	}
	return m
}

func user(t *testing.T, e Env, id string) account.User {
	t.Helper()
	u, err := e.Users.Create(context.Background(), member(t, account.NewUser{UserID: id, Email: id + "@example.com",
		PasswordHash: "hash", Roles: []permission.Role{permission.RoleUser}, Locale: "ko", AgreedAt: base}))
	if err != nil {
		t.Fatalf("create user %s: %v", id, err)
	}
	return u
}

func create(ctx context.Context, e Env, userID string, at time.Time) (int64, error) {
	a, err := application.NewApplication(userID, e.Round, at)
	if err != nil {
		return 0, err
	}
	return e.Apps.Create(ctx, application.Creation{App: a, Part: e.Part})
}

// app creates a user and an application of Round.
func app(t *testing.T, e Env, userID string) int64 {
	t.Helper()
	user(t, e, userID)
	n, err := create(context.Background(), e, userID, base)
	if err != nil {
		t.Fatalf("create application: %v", err)
	}
	return n
}

func pending(t *testing.T, e Env) int {
	t.Helper()
	n, err := e.Outbox.Pending(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}
