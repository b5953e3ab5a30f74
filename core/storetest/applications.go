package storetest

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/school"
)

var steps = application.MustSteps(application.BasisSave)

// RunApplications checks the application store with Update.
func RunApplications(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("not found", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		_, err := e.Apps.Get(ctx, 987654)
		wantCode(t, err, apperr.KindNotFound, application.CodeNotFound)
		_, err = e.Apps.Part(ctx, 987654)
		wantCode(t, err, apperr.KindNotFound, application.CodeNotFound)
		called := false
		err = e.Apps.Update(ctx, 987654, func(context.Context, *application.Application) error { called = true; return nil })
		wantCode(t, err, apperr.KindNotFound, application.CodeNotFound)
		if called {
			t.Fatal("Update called the rule for an unknown application")
		}
	})
	t.Run("create and get", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n := app(t, e, "kim")
		h, err := e.Apps.Get(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if h.ApplNo != n || h.UserID != "kim" || h.Round != e.Round || h.State != application.New() || h.ApplID != "" ||
			!h.CreatedAt.Equal(base) || !h.UpdatedAt.Equal(base) {
			t.Fatalf("header: %+v", h)
		}
		p, err := e.Apps.Part(ctx, n)
		if err != nil || p != e.Part {
			t.Fatalf("part: %+v %v", p, err)
		}
	})
	t.Run("one application per round until cancelled", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n := app(t, e, "kim")
		_, err := create(ctx, e, "kim", base)
		wantCode(t, err, apperr.KindConflict, application.CodeExists)
		var ae *apperr.Error
		if !asErr(err, &ae) || ae.Params["applNo"] != any(n) {
			t.Fatalf("conflict names the existing application %d: %#v", n, err)
		}
		if err := e.Apps.Update(ctx, n, func(_ context.Context, a *application.Application) error {
			return a.Cancel(steps, application.ByApplicant, base.Add(time.Hour))
		}); err != nil {
			t.Fatal(err)
		}
		m, err := create(ctx, e, "kim", base.Add(2*time.Hour))
		if err != nil || m == n {
			t.Fatalf("a new application after cancelling: %d %v", m, err)
		}
		list, err := e.Apps.ListByUser(ctx, "kim")
		if err != nil || len(list) != 2 || list[0].ApplNo != m || list[1].ApplNo != n || list[1].State.Status != application.Cancel {
			t.Fatalf("list, newest first: %+v %v", list, err)
		}
		if list, _ := e.Apps.ListByUser(ctx, "lee"); len(list) != 0 {
			t.Fatalf("another user's list: %+v", list)
		}
	})
	t.Run("concurrent creations: exactly one wins", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		user(t, e, "kim")
		var wg sync.WaitGroup
		errs := make([]error, 6)
		for i := range errs {
			wg.Add(1)
			go func() { defer wg.Done(); _, errs[i] = create(ctx, e, "kim", base) }()
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case apperr.CodeOf(err) != application.CodeExists:
				t.Fatalf("loser: %v", err)
			}
		}
		if won != 1 {
			t.Fatalf("%d creations won", won)
		}
	})
	t.Run("update writes back what the aggregate changed", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n := app(t, e, "kim")
		at := base.Add(time.Minute)
		if err := e.Apps.Update(ctx, n, func(_ context.Context, a *application.Application) error {
			if a.ApplNo() != n || a.UserID() != "kim" || a.State() != application.New() {
				t.Errorf("aggregate: %+v", a.Header())
			}
			if err := a.Rename("김민수"); err != nil {
				return err
			}
			return a.SaveStep(steps, application.BasisSave, at)
		}); err != nil {
			t.Fatal(err)
		}
		h, _ := e.Apps.Get(ctx, n)
		if h.ApplicantName != "김민수" || h.State.Status != application.BasisSave || !h.UpdatedAt.Equal(at) || !h.CreatedAt.Equal(base) {
			t.Fatalf("after update: %+v", h)
		}
		// A rule that changes nothing writes nothing.
		if err := e.Apps.Update(ctx, n, func(context.Context, *application.Application) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if h2, _ := e.Apps.Get(ctx, n); h2 != h {
			t.Fatalf("unchanged aggregate rewritten: %+v", h2)
		}
	})
	t.Run("a failed rule rolls back everything it staged", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n := app(t, e, "kim")
		before, _ := e.Apps.Get(ctx, n)
		jobs := pending(t, e)
		err := e.Apps.Update(ctx, n, func(ctx context.Context, a *application.Application) error {
			if err := a.SaveStep(steps, application.BasisSave, base.Add(time.Minute)); err != nil {
				return err
			}
			if err := e.Forms.PutDraft(ctx, n, application.BasisSave, []byte(`{"a":1}`), base); err != nil {
				return err
			}
			if err := e.Forms.MarkSaved(ctx, n, application.BasisSave, base); err != nil {
				return err
			}
			if _, _, err := e.Docs.Put(ctx, doc(n, "k1", "00001", 0)); err != nil {
				return err
			}
			if err := e.Apps.SetPart(ctx, n, application.Part{ApplPartNo: e.Part.ApplPartNo, MajorCode: e.Part.MajorCode, CategoryCode: "changed"}); err != nil {
				return err
			}
			if err := e.Outbox.Enqueue(ctx, "mail:send", map[string]any{"to": "kim@example.com"}); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatalf("Update answers the rule's error as it is: %v", err)
		}
		if h, _ := e.Apps.Get(ctx, n); h != before {
			t.Fatalf("state kept: %+v", h)
		}
		if _, ok, _ := e.Forms.Draft(ctx, n, application.BasisSave); ok {
			t.Fatal("draft kept")
		}
		if _, ok, _ := e.Forms.SavedAt(ctx, n, application.BasisSave); ok {
			t.Fatal("saved time kept")
		}
		if docs, _ := e.Docs.List(ctx, n); len(docs) != 0 {
			t.Fatalf("document kept: %+v", docs)
		}
		if p, _ := e.Apps.Part(ctx, n); p != e.Part {
			t.Fatalf("part kept: %+v", p)
		}
		if got := pending(t, e); got != jobs {
			t.Fatalf("outbox row kept: %d, want %d", got, jobs)
		}
	})
	t.Run("update joins the caller's transaction", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n := app(t, e, "kim")
		err := e.Tx.InTx(ctx, func(ctx context.Context) error {
			if err := e.Apps.Update(ctx, n, func(_ context.Context, a *application.Application) error {
				return a.Rename("kept only on commit")
			}); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatal(err)
		}
		if h, _ := e.Apps.Get(ctx, n); h.ApplicantName != "" {
			t.Fatalf("the outer rollback kept the update: %+v", h)
		}
	})
	t.Run("concurrent updates serialize: no lost update", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n := app(t, e, "kim")
		const workers = 8
		var wg sync.WaitGroup
		errs := make([]error, workers)
		for i := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = e.Apps.Update(ctx, n, func(ctx context.Context, a *application.Application) error {
					// read-modify-write of a counter kept in a draft: only
					// safe when the row lock serializes the rules.
					d, _, err := e.Forms.Draft(ctx, n, application.AcadSave)
					if err != nil {
						return err
					}
					var c struct{ N int }
					if len(d.Data) > 0 {
						if err := json.Unmarshal(d.Data, &c); err != nil {
							return err
						}
					}
					time.Sleep(time.Millisecond) // widen the window a lost update needs
					c.N++
					b, _ := json.Marshal(c)
					return e.Forms.PutDraft(ctx, n, application.AcadSave, b, base)
				})
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		d, _, _ := e.Forms.Draft(ctx, n, application.AcadSave)
		if string(d.Data) != `{"N":8}` {
			t.Fatalf("counter: %s, want 8", d.Data)
		}
	})
	t.Run("concurrent transitions: one cancels, the other sees it cancelled", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		n := app(t, e, "kim")
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = e.Apps.Update(ctx, n, func(_ context.Context, a *application.Application) error {
					time.Sleep(time.Millisecond) // both rules would see the state before either cancel
					return a.Cancel(steps, application.ByApplicant, base.Add(time.Hour))
				})
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if apperr.KindOf(err) == apperr.KindInternal || apperr.CodeOf(err) == "" {
				t.Fatalf("the second cancel fails with a rule error: %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d cancellations succeeded: %v", ok, errs)
		}
	})
	t.Run("part and consents", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		user(t, e, "kim")
		a, _ := application.NewApplication("kim", e.Round, base)
		acc := []school.Acceptance{{Code: "B", Version: "2026-01-01", At: base}, {Code: "A", Version: "2026-01-01", At: base}}
		n, err := e.Apps.Create(ctx, application.Creation{App: a, Part: e.Part, Consents: acc})
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.Apps.Consents(ctx, n)
		if err != nil || len(got) != 2 || got[0].Code != "A" || got[1].Code != "B" || got[0].Version != "2026-01-01" || !got[0].At.Equal(base) {
			t.Fatalf("consents by code: %+v %v", got, err)
		}
		p := e.Part
		p.CategoryCode, p.RemkKor = "00002", "변경"
		if err := e.Apps.SetPart(ctx, n, p); err != nil {
			t.Fatal(err)
		}
		if got, _ := e.Apps.Part(ctx, n); got != p {
			t.Fatalf("part: %+v", got)
		}
	})
}

func doc(applNo int64, key, item string, slot int) document.Document {
	return document.Document{FileKey: key, ApplNo: applNo, ItemCode: item, Slot: slot, FileName: key + ".pdf",
		StoredName: "stored-" + key, Ext: "pdf", Size: 10, UploadedAt: base}
}
