package postgres_test

import (
	"testing"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/storetest"
)

// contractRoundsEnv is contractEnv with the round stores (school T01 has
// the major M1).
func contractRoundsEnv(t *testing.T) storetest.RoundsEnv {
	e := contractEnv(t)
	db := e.Tx.(*postgres.DB)
	return storetest.RoundsEnv{Env: e, Rounds: postgres.Rounds{DB: db}, Pay: postgres.PaySettings{DB: db},
		Notices: postgres.SlipNotices{DB: db}, Major: "M1"}
}

func TestContractRounds(t *testing.T)    { t.Parallel(); storetest.RunRounds(t, contractRoundsEnv) }
func TestContractPayConfig(t *testing.T) { t.Parallel(); storetest.RunPayConfig(t, contractRoundsEnv) }
func TestContractSlipNotices(t *testing.T) {
	t.Parallel()
	storetest.RunSlipNotices(t, contractRoundsEnv)
}

func TestContractStaffPayments(t *testing.T) {
	t.Parallel()
	storetest.RunStaffPayments(t, func(t *testing.T) storetest.StaffPaymentsEnv {
		e := contractEnv(t)
		return storetest.StaffPaymentsEnv{Env: e, Staff: postgres.PayStaff{DB: e.Tx.(*postgres.DB)}}
	})
}
