package document_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/memstore/memtest"
)

// Another request (another tab) changes the application between the
// checks and the lock: the locked state decides, and nothing is recorded.
func TestChangedMeanwhile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	to := func(st application.State) func(*memstore.Store) {
		return func(s *memstore.Store) { memtest.SetState(s, applNo, st) }
	}
	cases := []struct {
		name string
		op   func(s *document.Service) error
		race func(*memstore.Store)
		fail string // an injected failure instead of a race
		kind apperr.Kind
		code string
		want application.State
	}{
		{name: "save, completed meanwhile", race: to(state(application.Complete)), kind: apperr.KindConflict, code: application.CodeNotModifiable, want: state(application.Complete),
			op: func(s *document.Service) error { _, err := s.Save(ctx, owner, applNo); return err }},
		{name: "save, document list failure in the transaction", fail: "list@2", want: state(application.FileSave),
			op: func(s *document.Service) error { _, err := s.Save(ctx, owner, applNo); return err }},
		{name: "delete, completed meanwhile", race: to(state(application.Complete)), kind: apperr.KindConflict, code: application.CodeNotModifiable, want: state(application.Complete),
			op: func(s *document.Service) error { _, err := s.Delete(ctx, owner, applNo, "k00002"); return err }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.FileSave), testRound())
			e.AddDoc(t, "k00001", "00001", 0, "jpg", jpgBody)
			e.AddDoc(t, "k00002", "00002", 0, "pdf", pdfBody)
			if c.race != nil {
				e.BeforeUpdate(c.race)
			}
			if c.fail != "" {
				e.Fail(c.fail)
			}
			err := c.op(e.s)
			if c.fail != "" {
				if !errors.Is(err, errBoom) {
					t.Fatalf("error %v, want the port's", err)
				}
			} else {
				wantErr(t, err, c.kind, c.code)
			}
			if got := e.Header().State; got != c.want {
				t.Fatalf("state %+v, want %+v", got, c.want)
			}
			if len(e.DocList(applNo)) != 2 || e.FileCount() != 2 || len(e.Accepted(applNo)) != 0 || e.Saved(applNo) {
				t.Fatalf("refused change recorded: documents %d files %d consents %v saved %v", len(e.DocList(applNo)), e.FileCount(), e.Accepted(applNo), e.Saved(applNo))
			}
		})
	}
}
