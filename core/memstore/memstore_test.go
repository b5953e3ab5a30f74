package memstore_test

import (
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/storetest"
	"github.com/gradapply/gradapply/core/submission"
)

func newEnv(t *testing.T) storetest.Env {
	s := memstore.New()
	k := application.RoundKey{SchoolCode: "T01", EnterYear: 2027, RecruitPartSeq: 1}
	s.SetRule(k, "T{seq:4}")
	names := submission.Completed{SchoolKorName: "시험대학원", SchoolEngName: "Test School", RoundKorName: "1차", RoundEngName: "Round 1"}
	s.SetRound(application.Round{RoundKey: k, SchoolKorName: names.SchoolKorName, SchoolEngName: names.SchoolEngName,
		KorName: names.RoundKorName, EngName: names.RoundEngName})
	return storetest.Env{Tx: s, Apps: memstore.Applications{Store: s}, Forms: memstore.Forms{Store: s}, Recs: memstore.Recommendations{Store: s}, Inquiries: memstore.Inquiries{Store: s},
		Docs: memstore.Documents{Store: s}, Exams: memstore.ExamNumbers{Store: s}, Outbox: memstore.Outbox{Store: s},
		Users: memstore.Users{Store: s}, Payments: memstore.Payments{Store: s}, Life: memstore.Lifecycle{Store: s}, Round: k, Closures: memstore.Closures{Store: s}, Members: memstore.Members{Store: s}, Backoffice: memstore.Backoffice{Store: s},
		Ref: memstore.Reference{Store: s}, Names: names, Applicants: memstore.Applicants{Store: s}, Emails: memstore.Emails{Store: s},
		Surveys: memstore.Surveys{Store: s}, Fees: memstore.FeeSchedules{Store: s}, Mailer: memstore.Outbox{Store: s}, Mails: memstore.Outbox{Store: s},
		Part:    application.Part{ApplPartNo: 1, MajorCode: "M1", IsMaster: true, IsGeneralType: true, CategoryCode: "00001"},
		Unknown: application.RoundKey{SchoolCode: "T01", EnterYear: 1999, RecruitPartSeq: 1}}
}

func TestApplications(t *testing.T) { t.Parallel(); storetest.RunApplications(t, newEnv) }
func TestDocuments(t *testing.T)    { t.Parallel(); storetest.RunDocuments(t, newEnv) }
func TestExamNumbers(t *testing.T)  { t.Parallel(); storetest.RunExamNumbers(t, newEnv) }
func TestOutbox(t *testing.T)       { t.Parallel(); storetest.RunOutbox(t, newEnv) }
func TestMemberMails(t *testing.T)  { t.Parallel(); storetest.RunMemberMails(t, newEnv) }
func TestDrafts(t *testing.T)       { t.Parallel(); storetest.RunDrafts(t, newEnv) }
func TestUsers(t *testing.T)        { t.Parallel(); storetest.RunUsers(t, newEnv) }
func TestPayments(t *testing.T)     { t.Parallel(); storetest.RunPayments(t, newEnv) }
func TestReference(t *testing.T)    { t.Parallel(); storetest.RunReference(t, newEnv) }
func TestApplicants(t *testing.T)   { t.Parallel(); storetest.RunApplicants(t, newEnv) }
func TestLifecycle(t *testing.T)    { t.Parallel(); storetest.RunLifecycle(t, newEnv) }
func TestClosures(t *testing.T)     { t.Parallel(); storetest.RunClosures(t, newEnv) }
func TestMembers(t *testing.T)      { t.Parallel(); storetest.RunMembers(t, newEnv) }
func TestBackoffice(t *testing.T)   { t.Parallel(); storetest.RunBackoffice(t, newEnv) }
func TestMoney(t *testing.T)        { t.Parallel(); storetest.RunMoney(t, newEnv) }
func TestSurveys(t *testing.T)      { t.Parallel(); storetest.RunSurveys(t, newEnv) }
func TestFeeSchedules(t *testing.T) { t.Parallel(); storetest.RunFeeSchedules(t, newEnv) }

func TestFiles(t *testing.T) {
	t.Parallel()
	storetest.RunFiles(t, func(*testing.T) document.FileStore { return memstore.Files{Store: memstore.New()} })
}

func TestRecommendations(t *testing.T) {
	t.Parallel()
	storetest.RunRecommendations(t, newEnv)
}

func TestHelpdesk(t *testing.T) {
	t.Parallel()
	storetest.RunHelpdesk(t, func(*testing.T) storetest.HelpdeskEnv {
		s := memstore.New()
		return storetest.HelpdeskEnv{Tx: s, Store: memstore.Helpdesk{Store: s}}
	})
}
func TestInquiries(t *testing.T) { t.Parallel(); storetest.RunInquiries(t, newEnv) }

func TestCompetition(t *testing.T) {
	t.Parallel()
	storetest.RunCompetition(t, func(t *testing.T) storetest.CompetitionEnv {
		e := newEnv(t)
		return storetest.CompetitionEnv{Env: e, Counter: memstore.Competition{Store: e.Tx.(*memstore.Store)}}
	})
}

func TestRefundRequests(t *testing.T) {
	t.Parallel()
	storetest.RunRefundRequests(t, func(t *testing.T) storetest.RefundRequestEnv {
		e := newEnv(t)
		s := e.Tx.(*memstore.Store)
		return storetest.RefundRequestEnv{Env: e, Requests: memstore.RefundRequests{Store: s}, Rules: memstore.RefundRequests{Store: s}}
	})
}
