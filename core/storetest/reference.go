package storetest

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
)

// RunReference checks the rounds of the reference store (skipped when the
// Env has no Ref).
func RunReference(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("a round by its key; an unknown one is not found", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Ref == nil {
			t.Skip("no reference store")
		}
		r, err := e.Ref.Round(ctx, e.Round)
		if err != nil || r.RoundKey != e.Round || r.SchoolKorName != e.Names.SchoolKorName || r.EngName != e.Names.RoundEngName {
			t.Fatalf("round: %+v %v", r, err)
		}
		_, err = e.Ref.Round(ctx, e.Unknown)
		wantCode(t, err, apperr.KindNotFound, application.CodeRoundNotFound)
		list, err := e.Ref.Rounds(ctx, e.Round.SchoolCode)
		if err != nil || !slices.ContainsFunc(list, func(x application.Round) bool { return x.RoundKey == e.Round }) {
			t.Fatalf("rounds of the school: %+v %v", list, err)
		}
		if list, err := e.Ref.Rounds(ctx, "NOSUCH"); err != nil || len(list) != 0 {
			t.Fatalf("rounds of an unknown school: %+v %v", list, err)
		}
	})
}

// RunApplicants checks the applicants' contacts, addresses and the
// completed applications by address (skipped when the Env has no
// Applicants).
func RunApplicants(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("contact and address of an account; an unknown one is not found", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Applicants == nil {
			t.Skip("no applicants store")
		}
		user(t, e, "kim")
		c, err := e.Applicants.Recipient(ctx, "kim")
		if err != nil || c.Email != "kim@example.com" || c.Locale != "ko" {
			t.Fatalf("contact: %+v %v", c, err)
		}
		if m, err := e.Emails.Email(ctx, "kim"); err != nil || m != "kim@example.com" {
			t.Fatalf("email: %q %v", m, err)
		}
		_, err = e.Applicants.Recipient(ctx, "nobody")
		wantCode(t, err, apperr.KindNotFound, "user.not_found")
		_, err = e.Emails.Email(ctx, "nobody")
		wantCode(t, err, apperr.KindNotFound, "user.not_found")
	})
	t.Run("completed applications by address, with the round's names", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Applicants == nil {
			t.Skip("no applicants store")
		}
		n, m := app(t, e, "kim"), app(t, e, "lee")
		steps := application.MustSteps(application.BasisSave)
		complete := func(ctx context.Context, a *application.Application) error {
			if err := a.SaveStep(steps, application.BasisSave, base); err != nil {
				return err
			}
			if err := a.Submit(steps, base); err != nil {
				return err
			}
			if err := a.Complete(steps, application.ByPayment, "T-0001", base); err != nil {
				return err
			}
			return e.Exams.Assign(ctx, a.ApplNo(), "T-0001", base)
		}
		if err := e.Apps.Update(ctx, n, complete); err != nil {
			t.Fatal(err)
		}
		// lee's is submitted, not complete.
		if err := e.Apps.Update(ctx, m, func(ctx context.Context, a *application.Application) error {
			if err := a.SaveStep(steps, application.BasisSave, base); err != nil {
				return err
			}
			return a.Submit(steps, base)
		}); err != nil {
			t.Fatal(err)
		}
		list, err := e.Applicants.CompletedByEmail(ctx, "kim@example.com")
		want := e.Names
		want.ApplID, want.Locale = "T-0001", "ko"
		if err != nil || len(list) != 1 || list[0] != want {
			t.Fatalf("completed of kim: %+v %v, want %+v", list, err, want)
		}
		for _, addr := range []string{"lee@example.com", "nobody@example.com", strings.ToUpper("x")} {
			if list, err := e.Applicants.CompletedByEmail(ctx, addr); err != nil || len(list) != 0 {
				t.Fatalf("completed of %s: %+v %v", addr, list, err)
			}
		}
	})
}
