package memstore_test

import (
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/storetest"
)

// roundsEnv is newEnv with the round stores; the round's school is known,
// with the major M1.
func roundsEnv(t *testing.T) storetest.RoundsEnv {
	e := newEnv(t)
	s := e.Tx.(*memstore.Store)
	s.SetSchools(application.School{SchoolCode: "T01", KorName: "시험대학원", EngName: "Test School", Slug: "test"})
	s.SetMajors("T01", round.Major{Code: "M1", KorName: "전공", EngName: "Major"})
	return storetest.RoundsEnv{Env: e, Rounds: memstore.Rounds{Store: s}, Pay: memstore.PaySettings{Store: s},
		Notices: memstore.SlipNotices{Store: s}, Major: "M1"}
}

func TestRounds(t *testing.T)      { t.Parallel(); storetest.RunRounds(t, roundsEnv) }
func TestPayConfig(t *testing.T)   { t.Parallel(); storetest.RunPayConfig(t, roundsEnv) }
func TestSlipNotices(t *testing.T) { t.Parallel(); storetest.RunSlipNotices(t, roundsEnv) }

func TestStaffPayments(t *testing.T) {
	t.Parallel()
	storetest.RunStaffPayments(t, func(t *testing.T) storetest.StaffPaymentsEnv {
		e := newEnv(t)
		return storetest.StaffPaymentsEnv{Env: e, Staff: memstore.PayStaff{Store: e.Tx.(*memstore.Store)}}
	})
}
