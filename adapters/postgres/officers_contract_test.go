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
