package storetest

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/competition"
)

// CompetitionEnv is a fresh Env and the competition counter on the same
// database.
type CompetitionEnv struct {
	Env
	Counter competition.Counter
}

// RunCompetition checks the count of a round's applications per part.
func RunCompetition(t *testing.T, newEnv func(t *testing.T) CompetitionEnv) {
	t.Run("applications past submission per part: submitted counts the paid too, completed only them", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		ctx := context.Background()
		if got, err := e.Counter.Count(ctx, e.Round); err != nil || len(got) != 0 {
			t.Fatalf("a round without submissions: %+v %v", got, err)
		}
		app(t, e.Env, "draft") // still being written: not counted
		submitted, paid := app(t, e.Env, "submitted"), app(t, e.Env, "paid")
		for _, n := range []int64{submitted, paid} {
			if err := e.Apps.Update(ctx, n, func(ctx context.Context, a *application.Application) error {
				if err := a.SaveStep(steps, application.BasisSave, base); err != nil {
					return err
				}
				if err := a.Submit(steps, base); err != nil {
					return err
				}
				if n != paid {
					return nil
				}
				if err := a.Complete(steps, application.ByPayment, "C-0001", base); err != nil {
					return err
				}
				return e.Exams.Assign(ctx, a.ApplNo(), "C-0001", base)
			}); err != nil {
				t.Fatal(err)
			}
		}
		got, err := e.Counter.Count(ctx, e.Round)
		want := competition.Count{ApplPartNo: e.Part.ApplPartNo, Submitted: 2, Completed: 1}
		if err != nil || len(got) != 1 || got[0] != want {
			t.Fatalf("count %+v %v, want %+v", got, err, want)
		}
		if got, err := e.Counter.Count(ctx, e.Unknown); err != nil || len(got) != 0 {
			t.Fatalf("another round: %+v %v", got, err)
		}
	})
}
