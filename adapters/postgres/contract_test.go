package postgres_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/fieldcrypt"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/storetest"
	"github.com/gradapply/gradapply/core/submission"
)

// outbox is the contract's view of the outbox: Enqueue and the pending count.
type outbox struct{ *postgres.DB }

func (o outbox) Pending(ctx context.Context) (int, error) {
	s, err := o.OutboxStats(ctx)
	return int(s.Pending), err
}

// backoffice is the back office's three PostgreSQL read stores as one.
type backoffice struct{ db *postgres.DB }

func (b backoffice) ListApplications(ctx context.Context, q application.StaffQuery) ([]application.StaffRow, int, error) {
	return postgres.StaffApplications{DB: b.db}.ListApplications(ctx, q)
}
func (b backoffice) Money(ctx context.Context, n int64) (application.Money, error) {
	return postgres.StaffApplications{DB: b.db}.Money(ctx, n)
}
func (b backoffice) Dashboard(ctx context.Context, k application.RoundKey, since time.Time) (application.Dashboard, error) {
	return postgres.StaffApplications{DB: b.db}.Dashboard(ctx, k, since)
}
func (b backoffice) ExportRows(ctx context.Context, k application.RoundKey, fn func(application.ExportRow) error) error {
	return postgres.Exports{DB: b.db}.ExportRows(ctx, k, fn)
}
func (b backoffice) ExportFiles(ctx context.Context, k application.RoundKey, fn func(application.ExportFile) error) error {
	return postgres.Exports{DB: b.db}.ExportFiles(ctx, k, fn)
}
func (b backoffice) ExportLetters(ctx context.Context, k application.RoundKey, fn func(application.ExportLetter) error) error {
	return postgres.Exports{DB: b.db}.ExportLetters(ctx, k, fn)
}
func (b backoffice) ExportSize(ctx context.Context, k application.RoundKey) (int, int, int64, error) {
	return postgres.Exports{DB: b.db}.ExportSize(ctx, k)
}

// contractEnv is a fresh database with one school and round (no users).
func contractEnv(t *testing.T) storetest.Env {
	db, _ := pgtest.New(t)
	ctx := context.Background()
	k := application.RoundKey{SchoolCode: "T01", EnterYear: 2027, RecruitPartSeq: 1}
	if err := postgres.InsertDemoSchool(ctx, db, postgres.DemoSchool{SchoolCode: k.SchoolCode, KorName: "시험대학원", EngName: "Test School",
		Slug: "test", Opens: base, Closes: base.AddDate(0, 1, 0), EnterYear: k.EnterYear, RoundKor: "1차", RoundEng: "Round 1"}); err != nil {
		t.Fatal(err)
	}
	var d postgres.DemoApply
	if err := json.Unmarshal([]byte(`{"majors":[{"majorCode":"M1","korName":"전공","engName":"Major","courses":[{"isMaster":true}]}]}`), &d); err != nil {
		t.Fatal(err)
	}
	if err := postgres.InsertDemoApply(ctx, db, k.SchoolCode, d); err != nil {
		t.Fatal(err)
	}
	r, err := (&postgres.Reference{DB: db}).Round(ctx, k)
	if err != nil || len(r.Parts) == 0 {
		t.Fatalf("round: %+v %v", r, err)
	}
	sealer, _ := fieldcrypt.New(bytes.Repeat([]byte{7}, 32))
	codec, err := jobs.NewMailCodec(bytes.Repeat([]byte{9}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return storetest.Env{Tx: db, Apps: postgres.Applications{DB: db}, Forms: postgres.Forms{DB: db, Sealer: sealer},
		Docs: postgres.Documents{DB: db}, Exams: postgres.ExamNumbers{DB: db}, Outbox: outbox{db},
		Users: postgres.Users{DB: db}, Payments: postgres.PayAttempts{DB: db}, Life: postgres.Lifecycle{DB: db}, Round: k, Closures: postgres.Closures{DB: db}, Members: postgres.Members{DB: db}, Backoffice: backoffice{db}, Recs: postgres.Recommendations{DB: db}, Inquiries: postgres.Inquiries{DB: db},
		Mailer: jobs.OutboxMailer{DB: db, Codec: codec}, Mails: postgres.MemberMails{DB: db},
		Ref: &postgres.Reference{DB: db}, Surveys: postgres.Surveys{DB: db}, Fees: postgres.FeeSchedules{DB: db}, Applicants: postgres.Applicants{DB: db}, Emails: postgres.Emails{DB: db},
		Names:   submission.Completed{SchoolKorName: "시험대학원", SchoolEngName: "Test School", RoundKorName: "1차", RoundEngName: "Round 1"},
		Part:    application.Part{ApplPartNo: r.Parts[0].ApplPartNo, MajorCode: "M1", IsMaster: true, IsGeneralType: true, CategoryCode: "00001"},
		Unknown: application.RoundKey{SchoolCode: "T01", EnterYear: 1999, RecruitPartSeq: 1}}
}

var base = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

func TestContractApplications(t *testing.T) { t.Parallel(); storetest.RunApplications(t, contractEnv) }
func TestContractSurveys(t *testing.T)      { t.Parallel(); storetest.RunSurveys(t, contractEnv) }
func TestContractDocuments(t *testing.T)    { t.Parallel(); storetest.RunDocuments(t, contractEnv) }
func TestContractExamNumbers(t *testing.T)  { t.Parallel(); storetest.RunExamNumbers(t, contractEnv) }
func TestContractOutbox(t *testing.T)       { t.Parallel(); storetest.RunOutbox(t, contractEnv) }
func TestContractMemberMails(t *testing.T)  { t.Parallel(); storetest.RunMemberMails(t, contractEnv) }
func TestContractDrafts(t *testing.T)       { t.Parallel(); storetest.RunDrafts(t, contractEnv) }
func TestContractUsers(t *testing.T)        { t.Parallel(); storetest.RunUsers(t, contractEnv) }
func TestContractReference(t *testing.T)    { t.Parallel(); storetest.RunReference(t, contractEnv) }
func TestContractApplicants(t *testing.T)   { t.Parallel(); storetest.RunApplicants(t, contractEnv) }
func TestContractPayments(t *testing.T)     { t.Parallel(); storetest.RunPayments(t, contractEnv) }
func TestContractLifecycle(t *testing.T)    { t.Parallel(); storetest.RunLifecycle(t, contractEnv) }
func TestContractClosures(t *testing.T)     { t.Parallel(); storetest.RunClosures(t, contractEnv) }
func TestContractMembers(t *testing.T)      { t.Parallel(); storetest.RunMembers(t, contractEnv) }
func TestContractBackoffice(t *testing.T)   { t.Parallel(); storetest.RunBackoffice(t, contractEnv) }
func TestContractMoney(t *testing.T)        { t.Parallel(); storetest.RunMoney(t, contractEnv) }
func TestContractRecommendations(t *testing.T) {
	t.Parallel()
	storetest.RunRecommendations(t, contractEnv)
}

func TestContractHelpdesk(t *testing.T) {
	t.Parallel()
	storetest.RunHelpdesk(t, func(t *testing.T) storetest.HelpdeskEnv {
		db, _ := pgtest.New(t)
		// The migration seeds the FAQ: the contract starts from an empty store.
		if _, err := db.Pool.Exec(context.Background(), "DELETE FROM helpdesk_entry; DELETE FROM helpdesk_category"); err != nil {
			t.Fatal(err)
		}
		return storetest.HelpdeskEnv{Tx: db, Store: postgres.Helpdesk{DB: db}}
	})
}
func TestContractInquiries(t *testing.T) { t.Parallel(); storetest.RunInquiries(t, contractEnv) }

func TestContractFeeSchedules(t *testing.T) { t.Parallel(); storetest.RunFeeSchedules(t, contractEnv) }
func TestContractCompetition(t *testing.T) {
	t.Parallel()
	storetest.RunCompetition(t, func(t *testing.T) storetest.CompetitionEnv {
		e := contractEnv(t)
		return storetest.CompetitionEnv{Env: e, Counter: postgres.Competition{DB: e.Tx.(*postgres.DB)}}
	})
}

func TestContractRefundRequests(t *testing.T) {
	t.Parallel()
	storetest.RunRefundRequests(t, func(t *testing.T) storetest.RefundRequestEnv {
		e := contractEnv(t)
		db := e.Tx.(*postgres.DB)
		return storetest.RefundRequestEnv{Env: e, Requests: postgres.RefundRequests{DB: db}, Rules: postgres.RefundRequests{DB: db}}
	})
}
