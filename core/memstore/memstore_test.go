package memstore_test

import (
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/storetest"
)

func newEnv(t *testing.T) storetest.Env {
	s := memstore.New()
	k := application.RoundKey{SchoolCode: "T01", EnterYear: 2027, RecruitPartSeq: 1}
	s.SetRule(k, "T{seq:4}")
	return storetest.Env{Tx: s, Apps: memstore.Applications{Store: s}, Forms: memstore.Forms{Store: s},
		Docs: memstore.Documents{Store: s}, Exams: memstore.ExamNumbers{Store: s}, Outbox: memstore.Outbox{Store: s},
		Users: memstore.Users{Store: s}, Round: k,
		Part:    application.Part{ApplPartNo: 1, MajorCode: "M1", IsMaster: true, IsGeneralType: true, CategoryCode: "00001"},
		Unknown: application.RoundKey{SchoolCode: "T01", EnterYear: 1999, RecruitPartSeq: 1}}
}

func TestApplications(t *testing.T) { t.Parallel(); storetest.RunApplications(t, newEnv) }
func TestDocuments(t *testing.T)    { t.Parallel(); storetest.RunDocuments(t, newEnv) }
func TestExamNumbers(t *testing.T)  { t.Parallel(); storetest.RunExamNumbers(t, newEnv) }
func TestOutbox(t *testing.T)       { t.Parallel(); storetest.RunOutbox(t, newEnv) }
func TestDrafts(t *testing.T)       { t.Parallel(); storetest.RunDrafts(t, newEnv) }
func TestUsers(t *testing.T)        { t.Parallel(); storetest.RunUsers(t, newEnv) }
