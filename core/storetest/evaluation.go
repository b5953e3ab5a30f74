package storetest

import (
	"context"
	"maps"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/evaluation"
)

// EvaluationEnv is a fresh Env (with Apps and Users, which sheets refer
// to) and the evaluation stores on the same database.
type EvaluationEnv struct {
	Env
	Rubrics evaluation.Rubrics
	Sheets  evaluation.Sheets
}

var criteria = []evaluation.Criterion{
	{Key: "research", NameKo: "연구 역량", NameEn: "Research", Weight: 60, Min: 0, Max: 10},
	{Key: "fit", NameKo: "전공 적합성", NameEn: "Fit", Weight: 40, Min: 1, Max: 5},
}

// RunEvaluation checks the rubric and sheet stores.
func RunEvaluation(t *testing.T, newEnv func(t *testing.T) EvaluationEnv) {
	t.Run("a rubric is created once, read back and changed only through Update", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		ctx := context.Background()
		_, err := e.Rubrics.Get(ctx, e.Round)
		wantCode(t, err, apperr.KindNotFound, evaluation.CodeNoRubric)
		wantCode(t, e.Rubrics.Update(ctx, e.Round, func(context.Context, *evaluation.Rubric) error { return nil }),
			apperr.KindNotFound, evaluation.CodeNoRubric)
		r, err := evaluation.NewRubric(e.Round, criteria, "admin", base)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Rubrics.Create(ctx, r); err != nil {
			t.Fatal(err)
		}
		wantCode(t, e.Rubrics.Create(ctx, r), apperr.KindConflict, evaluation.CodeRubricExists)
		got, err := e.Rubrics.Get(ctx, e.Round)
		if err != nil || len(got.Criteria()) != 2 || got.Criteria()[1] != criteria[1] || got.Locked() || got.UpdatedBy() != "admin" ||
			!got.UpdatedAt().Equal(base) || got.Round() != e.Round {
			t.Fatalf("read back %+v %v", got.Data(), err)
		}
		if err := e.Rubrics.Update(ctx, e.Round, func(context.Context, *evaluation.Rubric) error { return errBoom }); err != errBoom {
			t.Fatalf("fn error: %v", err)
		}
		if err := e.Rubrics.Update(ctx, e.Round, func(_ context.Context, r *evaluation.Rubric) error {
			if err := r.SetCriteria(criteria[:1], "admin2", base.Add(time.Hour)); err != nil {
				return err
			}
			r.Lock(base.Add(2 * time.Hour))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		got, _ = e.Rubrics.Get(ctx, e.Round)
		if len(got.Criteria()) != 1 || !got.Locked() || got.UpdatedBy() != "admin2" || !got.Data().LockedAt.Equal(base.Add(2*time.Hour)) {
			t.Fatalf("after update %+v", got.Data())
		}
	})

	t.Run("sheets are added once per pair, changed through Update and deleted when withdrawn", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		ctx := context.Background()
		a1, a2 := app(t, e.Env, "applicant1"), app(t, e.Env, "applicant2")
		sheet := func(n int64, rev string) evaluation.Sheet {
			s, err := evaluation.Assign(e.Round, n, rev, "admin", base)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		r, _ := evaluation.NewRubric(e.Round, criteria, "admin", base)
		if err := e.Rubrics.Create(ctx, r); err != nil {
			t.Fatal(err)
		}
		n, err := e.Sheets.Add(ctx, []evaluation.Sheet{sheet(a2, "rev2"), sheet(a1, "rev2"), sheet(a1, "rev1")})
		if err != nil || n != 3 {
			t.Fatalf("add %d %v", n, err)
		}
		if n, err := e.Sheets.Add(ctx, []evaluation.Sheet{sheet(a1, "rev1"), sheet(a2, "rev1")}); err != nil || n != 1 {
			t.Fatalf("second add %d %v", n, err)
		}
		_, err = e.Sheets.Get(ctx, a2, "nobody")
		wantCode(t, err, apperr.KindNotFound, evaluation.CodeNotAssigned)
		wantCode(t, e.Sheets.Update(ctx, a2, "nobody", func(context.Context, *evaluation.Sheet) error { return nil }),
			apperr.KindNotFound, evaluation.CodeNotAssigned)
		scores := map[string]int{"research": 7, "fit": 4}
		if err := e.Sheets.Update(ctx, a1, "rev1", func(_ context.Context, s *evaluation.Sheet) error {
			if err := s.SaveDraft(r, scores, "좋은 연구 계획", base.Add(time.Hour)); err != nil {
				return err
			}
			return s.Submit(r, base.Add(2*time.Hour))
		}); err != nil {
			t.Fatal(err)
		}
		if err := e.Sheets.Update(ctx, a1, "rev2", func(_ context.Context, s *evaluation.Sheet) error {
			if err := s.SaveDraft(r, map[string]int{"fit": 2}, "draft", base); err != nil {
				return err
			}
			return errBoom
		}); err != errBoom {
			t.Fatalf("fn error: %v", err)
		}
		got, err := e.Sheets.Get(ctx, a1, "rev1")
		if err != nil || !maps.Equal(got.Scores(), scores) || got.Comment() != "좋은 연구 계획" || !got.Submitted() ||
			!got.SubmittedAt().Equal(base.Add(2*time.Hour)) || !got.SavedAt().Equal(base.Add(time.Hour)) ||
			got.AssignedBy() != "admin" || !got.AssignedAt().Equal(base) || got.Round() != e.Round {
			t.Fatalf("read back %+v %v", got.Data(), err)
		}
		if got, _ := e.Sheets.Get(ctx, a1, "rev2"); len(got.Scores()) != 0 || got.SavedAt() != nil {
			t.Fatalf("a failed update was kept: %+v", got.Data())
		}
		if err := e.Sheets.Update(ctx, a2, "rev1", func(_ context.Context, s *evaluation.Sheet) error { return s.Withdraw() }); err != nil {
			t.Fatal(err)
		}
		_, err = e.Sheets.Get(ctx, a2, "rev1")
		wantCode(t, err, apperr.KindNotFound, evaluation.CodeNotAssigned)

		pairs := func(list []evaluation.Sheet, err error) []string {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
			out := []string{}
			for _, s := range list {
				out = append(out, itoa(s.ApplNo())+s.Reviewer())
			}
			return out
		}
		want := func(got []string, want ...string) {
			t.Helper()
			if len(got) != len(want) {
				t.Fatalf("got %v want %v", got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("got %v want %v", got, want)
				}
			}
		}
		want(pairs(e.Sheets.ForRound(ctx, e.Round)), itoa(a1)+"rev1", itoa(a1)+"rev2", itoa(a2)+"rev2")
		want(pairs(e.Sheets.ForRound(ctx, e.Unknown)))
		want(pairs(e.Sheets.ForApplication(ctx, a1)), itoa(a1)+"rev1", itoa(a1)+"rev2")
		want(pairs(e.Sheets.ForReviewer(ctx, "rev2")), itoa(a1)+"rev2", itoa(a2)+"rev2")
	})

	t.Run("sheets added in a transaction that fails are not kept", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		ctx := context.Background()
		a1 := app(t, e.Env, "applicant1")
		s, _ := evaluation.Assign(e.Round, a1, "rev1", "admin", base)
		err := e.Tx.InTx(ctx, func(ctx context.Context) error {
			if _, err := e.Sheets.Add(ctx, []evaluation.Sheet{s}); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatal(err)
		}
		if list, _ := e.Sheets.ForApplication(ctx, a1); len(list) != 0 {
			t.Fatalf("kept %d sheets", len(list))
		}
	})
}
