package memstore_test

import (
	"testing"

	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/storetest"
)

func TestEvaluation(t *testing.T) {
	t.Parallel()
	storetest.RunEvaluation(t, func(t *testing.T) storetest.EvaluationEnv {
		e := newEnv(t)
		s := e.Tx.(*memstore.Store)
		return storetest.EvaluationEnv{Env: e, Rubrics: memstore.Rubrics{Store: s}, Sheets: memstore.Sheets{Store: s}}
	})
}

func TestDecisions(t *testing.T) {
	t.Parallel()
	storetest.RunDecisions(t, func(t *testing.T) storetest.DecisionEnv {
		e := newEnv(t)
		s := e.Tx.(*memstore.Store)
		return storetest.DecisionEnv{Env: e, Decisions: memstore.Decisions{Store: s}, Releases: memstore.Releases{Store: s}}
	})
}

func TestNotices(t *testing.T) {
	t.Parallel()
	storetest.RunNotices(t, func(t *testing.T) storetest.NoticeEnv {
		e := newEnv(t)
		s := e.Tx.(*memstore.Store)
		return storetest.NoticeEnv{Env: e, Notices: memstore.Notices{Store: s}, Mails: memstore.BulkMails{Store: s}}
	})
}
