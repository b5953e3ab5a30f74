package application_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// rounds is a Reference holding one round; the service calls nothing else
// in these tests (the embedded nil interface panics if it does).
type rounds struct {
	application.Reference
	r application.Round
}

func (f rounds) Round(_ context.Context, k application.RoundKey) (application.Round, error) {
	if k != f.r.RoundKey {
		return application.Round{}, apperr.NotFound(application.CodeRoundNotFound)
	}
	return f.r, nil
}

// memService is the service over the in-memory stores, with one open round
// and kim's application in it.
func memService(t *testing.T) (*application.Service, *memstore.Store, int64) {
	t.Helper()
	at := time.Date(2026, 11, 22, 10, 0, 0, 0, window.Seoul)
	k := application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
	r := application.Round{RoundKey: k, Steps: application.MustSteps(application.BasisSave), Rules: school.Default("236"),
		Windows: []window.Window{{Kind: window.Submit, Start: at.AddDate(0, -1, 0), End: at.AddDate(0, 1, 0)}}}
	st := memstore.New()
	a, err := application.NewApplication("kim", k, at)
	if err != nil {
		t.Fatal(err)
	}
	n, err := memstore.Applications{Store: st}.Create(context.Background(), application.Creation{App: a, Part: application.Part{ApplPartNo: 7}})
	if err != nil {
		t.Fatal(err)
	}
	return &application.Service{Ref: rounds{r: r}, Apps: memstore.Applications{Store: st}, Forms: memstore.Forms{Store: st},
		Tx: st, Clock: window.NewFixedClock(at)}, st, n
}

var kimP = permission.Principal{UserID: "kim", Roles: []permission.Role{permission.RoleUser}}

// Two cancellations at once: the store's lock makes the second see the
// first, so exactly one succeeds.
func TestCancelTwiceAtOnceOverMemstore(t *testing.T) {
	t.Parallel()
	s, _, n := memService(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() { defer wg.Done(); _, errs[i] = s.Cancel(ctx, kimP, n) }()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case apperr.KindOf(err) == apperr.KindInternal:
			t.Fatalf("a losing cancel is a rule error, not %v", err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d cancellations succeeded: %v", ok, errs)
	}
	rec, err := s.Get(ctx, kimP, n)
	if err != nil || rec.State.Status != application.Cancel {
		t.Fatalf("after cancelling: %+v %v", rec.State, err)
	}
	if _, err := s.PutDraft(ctx, kimP, n, string(application.BasisSave), []byte(`{}`)); err == nil {
		t.Fatal("a draft of a cancelled application was kept")
	}
}

// A draft round trip through the service and the store.
func TestDraftOverMemstore(t *testing.T) {
	t.Parallel()
	s, _, n := memService(t)
	ctx := context.Background()
	at, err := s.PutDraft(ctx, kimP, n, string(application.BasisSave), []byte(`{"name":"김"}`))
	if err != nil {
		t.Fatal(err)
	}
	d, ok, err := s.GetDraft(ctx, kimP, n, string(application.BasisSave))
	if err != nil || !ok || string(d.Data) != `{"name":"김"}` || !d.SavedAt.Equal(at) {
		t.Fatalf("draft: %+v %v %v", d, ok, err)
	}
	lee := permission.Principal{UserID: "lee", Roles: []permission.Role{permission.RoleUser}}
	if _, _, err := s.GetDraft(ctx, lee, n, string(application.BasisSave)); err == nil {
		t.Fatal("another applicant read the draft")
	}
	if err := s.DeleteDraft(ctx, kimP, n, string(application.BasisSave)); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.GetDraft(ctx, kimP, n, string(application.BasisSave)); ok {
		t.Fatal("draft kept after delete")
	}
}

// submitAfterRead submits the application right after the guard has read
// it: a submit landing between PutDraft's check and its write.
type submitAfterRead struct {
	memstore.Applications
	steps application.Steps
	at    time.Time
	once  sync.Once
}

func (s *submitAfterRead) Get(ctx context.Context, n int64) (application.Header, error) {
	h, err := s.Applications.Get(ctx, n)
	s.once.Do(func() {
		err := s.Applications.Update(ctx, n, func(_ context.Context, a *application.Application) error {
			if err := a.SaveStep(s.steps, application.BasisSave, s.at); err != nil {
				return err
			}
			return a.Submit(s.steps, s.at)
		})
		if err != nil {
			panic(err)
		}
	})
	return h, err
}

// A draft sent just as the application is submitted is refused under the
// row lock, and nothing is stored.
func TestDraftAfterConcurrentSubmitRefused(t *testing.T) {
	t.Parallel()
	s, st, n := memService(t)
	ctx := context.Background()
	s.Apps = &submitAfterRead{Applications: memstore.Applications{Store: st},
		steps: application.MustSteps(application.BasisSave), at: s.Clock.Now()}
	_, err := s.PutDraft(ctx, kimP, n, string(application.BasisSave), []byte(`{"name":"김"}`))
	if apperr.CodeOf(err) != application.CodeSubmittedLocked {
		t.Fatalf("a draft after submit: %v", err)
	}
	if h, _ := (memstore.Applications{Store: st}).Get(ctx, n); h.State.Status != application.Submit {
		t.Fatalf("the application was not submitted: %+v", h.State)
	}
	if _, ok, _ := (memstore.Forms{Store: st}).Draft(ctx, n, application.BasisSave); ok {
		t.Fatal("a draft was stored after the submit")
	}
}
