package postgres_test

import (
	"testing"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/storetest"
)

func TestContractEvaluation(t *testing.T) {
	t.Parallel()
	storetest.RunEvaluation(t, func(t *testing.T) storetest.EvaluationEnv {
		e := contractEnv(t)
		db := e.Tx.(*postgres.DB)
		return storetest.EvaluationEnv{Env: e, Rubrics: postgres.Rubrics{DB: db}, Sheets: postgres.Sheets{DB: db}}
	})
}

func TestContractDecisions(t *testing.T) {
	t.Parallel()
	storetest.RunDecisions(t, func(t *testing.T) storetest.DecisionEnv {
		e := contractEnv(t)
		db := e.Tx.(*postgres.DB)
		return storetest.DecisionEnv{Env: e, Decisions: postgres.Decisions{DB: db}, Releases: postgres.Releases{DB: db}}
	})
}

func TestContractNotices(t *testing.T) {
	t.Parallel()
	storetest.RunNotices(t, func(t *testing.T) storetest.NoticeEnv {
		e := contractEnv(t)
		db := e.Tx.(*postgres.DB)
		return storetest.NoticeEnv{Env: e, Notices: postgres.Notices{DB: db}, Mails: postgres.BulkMails{DB: db}}
	})
}
