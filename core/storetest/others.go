package storetest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
)

// RunDocuments checks the document store.
func RunDocuments(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("put replaces the same item and slot", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n := app(t, e, "kim")
		if old, ok, err := e.Docs.Put(ctx, doc(n, "k1", "00001", 0)); err != nil || ok || old.FileKey != "" {
			t.Fatalf("first put: %+v %v %v", old, ok, err)
		}
		if _, ok, err := e.Docs.Put(ctx, doc(n, "k2", document.ExtraItemCode, 1)); err != nil || ok {
			t.Fatalf("another slot: %v %v", ok, err)
		}
		old, ok, err := e.Docs.Put(ctx, doc(n, "k3", "00001", 0))
		if err != nil || !ok || !sameDoc(old, doc(n, "k1", "00001", 0)) {
			t.Fatalf("replace answers the replaced one: %+v %v %v", old, ok, err)
		}
		list, err := e.Docs.List(ctx, n)
		if err != nil || len(list) != 2 || list[0].FileKey != "k3" || list[1].FileKey != "k2" {
			t.Fatalf("list by slot: %+v %v", list, err)
		}
		_, err = e.Docs.Get(ctx, n, "k1")
		wantCode(t, err, apperr.KindNotFound, document.CodeFileNotFound)
		if d, err := e.Docs.Get(ctx, n, "k3"); err != nil || !sameDoc(d, doc(n, "k3", "00001", 0)) {
			t.Fatalf("get: %+v %v", d, err)
		}
	})
	t.Run("documents belong to their application", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n, m := app(t, e, "kim"), app(t, e, "lee")
		if _, _, err := e.Docs.Put(ctx, doc(n, "k1", "00001", 0)); err != nil {
			t.Fatal(err)
		}
		_, err := e.Docs.Get(ctx, m, "k1")
		wantCode(t, err, apperr.KindNotFound, document.CodeFileNotFound)
		wantCode(t, e.Docs.Delete(ctx, m, "k1"), apperr.KindNotFound, document.CodeFileNotFound)
		if list, _ := e.Docs.List(ctx, m); len(list) != 0 {
			t.Fatalf("other's list: %+v", list)
		}
		if err := e.Docs.Delete(ctx, n, "k1"); err != nil {
			t.Fatal(err)
		}
		wantCode(t, e.Docs.Delete(ctx, n, "k1"), apperr.KindNotFound, document.CodeFileNotFound)
	})
}

// RunExamNumbers checks the exam-number store.
func RunExamNumbers(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("rule", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if r, err := e.Exams.Rule(ctx, e.Round); err != nil || r == "" {
			t.Fatalf("rule: %q %v", r, err)
		}
		_, err := e.Exams.Rule(ctx, e.Unknown)
		wantCode(t, err, apperr.KindNotFound, application.CodeRoundNotFound)
	})
	t.Run("next counts up; a rolled-back number was never held", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		a, _, err := e.Exams.Next(ctx, e.Round)
		if err != nil {
			t.Fatal(err)
		}
		var rolled int
		err = e.Tx.InTx(ctx, func(ctx context.Context) error {
			rolled, _, err = e.Exams.Next(ctx, e.Round)
			if err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom || rolled != a+1 {
			t.Fatalf("in the rolled-back transaction: %d %v", rolled, err)
		}
		if b, rule, err := e.Exams.Next(ctx, e.Round); err != nil || b != a+1 || rule == "" {
			t.Fatalf("after a rollback: %d, want %d (%v)", b, a+1, err)
		}
	})
	t.Run("concurrent completions get distinct numbers", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		const workers = 8
		got := make([]int, workers)
		errs := make([]error, workers)
		var wg sync.WaitGroup
		for i := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = e.Tx.InTx(ctx, func(ctx context.Context) error {
					n, _, err := e.Exams.Next(ctx, e.Round)
					got[i] = n
					return err
				})
			}()
		}
		wg.Wait()
		seen := map[int]bool{}
		for i, n := range got {
			if errs[i] != nil || seen[n] {
				t.Fatalf("numbers %v errors %v", got, errs)
			}
			seen[n] = true
		}
	})
	t.Run("a number is given once per round", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n, m := app(t, e, "kim"), app(t, e, "lee")
		if err := e.Exams.Assign(ctx, n, "A-0001", base); err != nil {
			t.Fatal(err)
		}
		if h, _ := e.Apps.Get(ctx, n); h.ApplID != "A-0001" {
			t.Fatalf("assigned: %+v", h)
		}
		if err := e.Exams.Assign(ctx, m, "A-0001", base); apperr.KindOf(err) != apperr.KindConflict {
			t.Fatalf("duplicate exam number: %v", err)
		}
		if h, _ := e.Apps.Get(ctx, m); h.ApplID != "" {
			t.Fatalf("the duplicate was stored: %+v", h)
		}
	})
	t.Run("the number survives the aggregate's write-back", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n := app(t, e, "kim")
		if err := e.Apps.Update(ctx, n, func(ctx context.Context, a *application.Application) error {
			if err := e.Exams.Assign(ctx, n, "A-0002", base); err != nil {
				return err
			}
			return a.Rename("김")
		}); err != nil {
			t.Fatal(err)
		}
		if h, _ := e.Apps.Get(ctx, n); h.ApplID != "A-0002" || h.ApplicantName != "김" {
			t.Fatalf("after update: %+v", h)
		}
	})
}

// RunOutbox checks that a job is written only with a committed change.
func RunOutbox(t *testing.T, newEnv New) {
	ctx := context.Background()
	e := newEnv(t)
	start := pending(t, e)
	if err := e.Outbox.Enqueue(ctx, "mail:send", map[string]any{"n": 1}); err != nil {
		t.Fatal(err)
	}
	if got := pending(t, e); got != start+1 {
		t.Fatalf("outside a transaction: %d", got)
	}
	err := e.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := e.Outbox.Enqueue(ctx, "mail:send", map[string]any{"n": 2}); err != nil {
			return err
		}
		return errBoom
	})
	if err != errBoom {
		t.Fatal(err)
	}
	if got := pending(t, e); got != start+1 {
		t.Fatalf("a rolled-back job was kept: %d", got)
	}
	if err := e.Tx.InTx(ctx, func(ctx context.Context) error {
		return e.Outbox.Enqueue(ctx, "mail:send", map[string]any{"n": 3})
	}); err != nil {
		t.Fatal(err)
	}
	if got := pending(t, e); got != start+2 {
		t.Fatalf("a committed job: %d", got)
	}
	if err := e.Outbox.Enqueue(ctx, "", nil); err == nil {
		t.Fatal("a job without a task type was written")
	}
	if got := pending(t, e); got != start+2 {
		t.Fatalf("after a refused job: %d", got)
	}
}

// RunDrafts checks drafts and saved times, which decide whether a draft is
// newer than the saved step.
func RunDrafts(t *testing.T, newEnv New) {
	ctx := context.Background()
	e := newEnv(t)
	n := app(t, e, "kim")
	if _, ok, err := e.Forms.Draft(ctx, n, application.BasisSave); ok || err != nil {
		t.Fatalf("no draft yet: %v %v", ok, err)
	}
	if _, ok, err := e.Forms.SavedAt(ctx, n, application.BasisSave); ok || err != nil {
		t.Fatalf("never saved: %v %v", ok, err)
	}
	saved := base.Add(time.Minute)
	if err := e.Forms.MarkSaved(ctx, n, application.BasisSave, saved); err != nil {
		t.Fatal(err)
	}
	older, newer := saved.Add(-time.Microsecond), saved.Add(time.Microsecond)
	if err := e.Forms.PutDraft(ctx, n, application.BasisSave, []byte(`{"v":"old"}`), older); err != nil {
		t.Fatal(err)
	}
	d, ok, err := e.Forms.Draft(ctx, n, application.BasisSave)
	at, _, _ := e.Forms.SavedAt(ctx, n, application.BasisSave)
	if err != nil || !ok || string(d.Data) != `{"v":"old"}` || !d.SavedAt.Equal(older) || !d.SavedAt.Before(at) {
		t.Fatalf("older draft: %+v %v %v (saved %v)", d, ok, err, at)
	}
	if err := e.Forms.PutDraft(ctx, n, application.BasisSave, []byte(`{"v":"new"}`), newer); err != nil {
		t.Fatal(err)
	}
	d, _, _ = e.Forms.Draft(ctx, n, application.BasisSave)
	if string(d.Data) != `{"v":"new"}` || !d.SavedAt.After(at) {
		t.Fatalf("newer draft replaces: %+v", d)
	}
	if _, ok, _ := e.Forms.Draft(ctx, n, application.AcadSave); ok {
		t.Fatal("drafts are per step")
	}
	d.Data[2] = 'X' // the caller's copy is its own
	if d2, _, _ := e.Forms.Draft(ctx, n, application.BasisSave); string(d2.Data) != `{"v":"new"}` {
		t.Fatalf("stored draft changed through a returned slice: %s", d2.Data)
	}
	if err := e.Forms.DeleteDraft(ctx, n, application.BasisSave); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := e.Forms.Draft(ctx, n, application.BasisSave); ok {
		t.Fatal("draft kept after delete")
	}
	if err := e.Forms.DeleteDraft(ctx, n, application.BasisSave); err != nil {
		t.Fatalf("deleting no draft: %v", err)
	}
}

// sameDoc compares documents, their upload times as instants.
func sameDoc(a, b document.Document) bool {
	ta, tb := a.UploadedAt, b.UploadedAt
	a.UploadedAt, b.UploadedAt = time.Time{}, time.Time{}
	return a == b && ta.Equal(tb)
}
