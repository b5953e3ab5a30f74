package application

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
)

func TestNewApplicationValidates(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	k := RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
	for _, c := range []struct {
		name string
		user string
		k    RoundKey
		code string
	}{
		{"valid", "kim", k, ""},
		{"no owner", " ", k, CodeOwnerMissing},
		{"no school", "kim", RoundKey{EnterYear: 2027, RecruitPartSeq: 1}, CodeRoundInvalid},
		{"no year", "kim", RoundKey{SchoolCode: "236", RecruitPartSeq: 1}, CodeRoundInvalid},
		{"no round number", "kim", RoundKey{SchoolCode: "236", EnterYear: 2027}, CodeRoundInvalid},
	} {
		a, err := NewApplication(c.user, c.k, at)
		if apperr.CodeOf(err) != c.code {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if err == nil && (a.State() != New() || a.UserID() != "kim" || a.Round() != k || !a.CreatedAt().Equal(at) || a.ApplNo() != 0) {
			t.Errorf("%s: %+v", c.name, a.Header())
		}
	}
}

func TestUnmarshalRefusesUnknownStatus(t *testing.T) {
	t.Parallel()
	for _, st := range []State{{Status: "DONE"}, {Status: Complete, ReviewStatus: "X", Reviewing: true}} {
		if _, err := UnmarshalApplicationFromDatabase(Header{ApplNo: 1, State: st}); apperr.CodeOf(err) != CodeStatusUnknown {
			t.Errorf("%+v: %v", st, err)
		}
	}
	h := Header{ApplNo: 7, UserID: "kim", ApplID: "X-1", State: State{Status: Complete, ReviewStatus: BasisSave, Reviewing: true}, ApplicantName: "김"}
	a, err := UnmarshalApplicationFromDatabase(h)
	if err != nil || a.Header() != h || a.Changed() {
		t.Fatalf("round trip: %+v %v", a, err)
	}
}

// The aggregate's methods are the state machine: each refuses what its
// rule refuses and leaves the aggregate unchanged then.
func TestAggregateMethods(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 4, 2, 9, 0, 0, 0, time.UTC)
	steps := MustSteps(BasisSave, FileSave)
	load := func(st Status) *Application {
		a, err := UnmarshalApplicationFromDatabase(Header{ApplNo: 1, UserID: "kim", State: State{Status: st}})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	check := func(what string, a *Application, err error, code string, want Status, changed bool) {
		t.Helper()
		if apperr.CodeOf(err) != code || a.State().Effective() != want || a.Changed() != changed {
			t.Errorf("%s: %v %s changed=%v", what, err, a.State().Effective(), a.Changed())
		}
	}
	a := load(PartSave)
	check("save next", a, a.SaveStep(steps, BasisSave, at), "", BasisSave, true)
	if !a.UpdatedAt().Equal(at) {
		t.Errorf("updated at %v", a.UpdatedAt())
	}
	a = load(PartSave)
	check("skip", a, a.SaveStep(steps, FileSave, at), CodeStepOrder, PartSave, false)
	a = load(FileSave)
	check("submit", a, a.Submit(steps, at), "", Submit, true)
	a = load(BasisSave)
	check("submit early", a, a.Submit(steps, at), CodeStepsIncomplete, BasisSave, false)
	a = load(Submit)
	check("save after submit", a, a.SaveStep(steps, BasisSave, at), CodeSubmittedLocked, Submit, false)
	a = load(Submit)
	check("rename after submit", a, a.Rename("x"), CodeSubmittedLocked, Submit, false)
	a = load(Submit)
	check("part after submit", a, a.ChangePart(at), CodeSubmittedLocked, Submit, false)
	a = load(Submit)
	check("remove document after submit", a, a.RemoveDocument(steps, false, at), CodeSubmittedLocked, Submit, false)
	a = load(Submit)
	check("virtual account", a, a.IssueVirtualAccount(steps, at), "", VbankIssue, true)
	a = load(Submit)
	check("complete without number", a, a.Complete(steps, ByPayment, " ", at), CodeBadTransition, Submit, false)
	a = load(Submit)
	check("complete by applicant", a, a.Complete(steps, ByApplicant, "N-1", at), CodeActorNotAllowed, Submit, false)
	a = load(VbankIssue)
	check("complete", a, a.Complete(steps, ByPayment, "N-1", at), "", Complete, true)
	if a.ApplID() != "N-1" {
		t.Errorf("exam number %q", a.ApplID())
	}
	a = load(Submit)
	check("cancel after submit", a, a.Cancel(steps, ByApplicant, at), "", Cancel, true)
	a = load(Complete)
	check("cancel after completion", a, a.Cancel(steps, ByApplicant, at), CodeNotModifiable, Complete, false)
	a = load(BasisSave)
	check("rename", a, a.Rename("김하늘"), "", BasisSave, true)
	if a.ApplicantName() != "김하늘" {
		t.Errorf("name %q", a.ApplicantName())
	}
}
