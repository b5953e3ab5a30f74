package application

import (
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
)

var full = MustSteps(BasisSave, AcadSave, LangSave, CareerSave, AddInfoSave, FileSave, Survey)
var short = MustSteps(BasisSave, AcadSave, FileSave)

func TestParseStatus(t *testing.T) {
	t.Parallel()
	for _, s := range Statuses {
		if got, err := ParseStatus(string(s)); err != nil || got != s {
			t.Fatalf("ParseStatus(%s)", s)
		}
	}
	if _, err := ParseStatus("basis_save"); apperr.CodeOf(err) != CodeStatusUnknown {
		t.Fatal("unknown status accepted")
	}
}

// Spec section 4: "The per-school required step list may include BASIS_SAVE,
// ACAD_SAVE, LANG_SAVE, CAREER_SAVE, ADD_INFO_SAVE, FILE_SAVE, SURVEY."
func TestNewSteps(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   []Status
		ok   bool
	}{
		{"empty list is just the part", nil, true},
		{"every optional step", OptionalSteps, true},
		{"APPL_PART_SAVE given first", []Status{PartSave, BasisSave}, true},
		{"out of order", []Status{AcadSave, BasisSave}, false},
		{"repeated", []Status{BasisSave, BasisSave}, false},
		{"SUBMIT is not a step", []Status{BasisSave, Submit}, false},
		{"unknown", []Status{"X"}, false},
	}
	for _, c := range cases {
		_, err := NewSteps(c.in...)
		if (err == nil) != c.ok {
			t.Errorf("%s: err=%v", c.name, err)
		}
		if err != nil && apperr.CodeOf(err) != CodeStepsInvalid {
			t.Errorf("%s: code %q", c.name, apperr.CodeOf(err))
		}
	}
	defer func() {
		if recover() == nil {
			t.Fatal("MustSteps did not panic")
		}
	}()
	MustSteps(Survey, BasisSave)
}

// Spec section 4: "The set of already-saved steps is the prefix of the
// school's step list up to and including the current status."
func TestSaved(t *testing.T) {
	t.Parallel()
	cases := []struct {
		cur  Status
		want []Status
		next Status
	}{
		{PartSave, []Status{PartSave}, BasisSave},
		{AcadSave, []Status{PartSave, BasisSave, AcadSave}, FileSave},
		{FileSave, []Status{PartSave, BasisSave, AcadSave, FileSave}, ""},
		{Submit, []Status{PartSave, BasisSave, AcadSave, FileSave}, ""},
		{Complete, []Status{PartSave, BasisSave, AcadSave, FileSave}, ""},
		{Cancel, []Status{}, ""},
		{"", []Status{}, PartSave},
		{LangSave, []Status{}, PartSave}, // not in this school's list
	}
	for _, c := range cases {
		if got := short.Saved(c.cur); !slices.Equal(got, c.want) {
			t.Errorf("Saved(%s)=%v want %v", c.cur, got, c.want)
		}
		if got := short.Next(c.cur); got != c.next {
			t.Errorf("Next(%s)=%q want %q", c.cur, got, c.next)
		}
	}
	if short.Last() != FileSave || (Steps{}).Last() != PartSave || !short.Has(AcadSave) || short.Has(LangSave) {
		t.Fatal("Last/Has")
	}
	l := short.List()
	l[0] = Cancel
	if short.List()[0] != PartSave {
		t.Fatal("List exposes internal slice")
	}
}

// Spec section 4: "Steps are saved in order."
func TestSave(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		steps Steps
		st    State
		step  Status
		want  Status
		code  string
	}{
		{"next step advances", full, State{Status: BasisSave}, AcadSave, AcadSave, ""},
		{"first step after part", full, New(), BasisSave, BasisSave, ""},
		{"resave earlier keeps status", full, State{Status: LangSave}, BasisSave, LangSave, ""},
		{"resave current", full, State{Status: LangSave}, LangSave, LangSave, ""},
		{"skipping a step refused", full, State{Status: BasisSave}, LangSave, BasisSave, CodeStepOrder},
		{"step not in school's list", short, State{Status: AcadSave}, LangSave, AcadSave, CodeStepNotInList},
		{"SUBMIT is not saved as a step", short, State{Status: FileSave}, Submit, FileSave, CodeStepNotInList},
		{"no edit after submit (defect 4)", short, State{Status: Submit}, BasisSave, Submit, CodeSubmittedLocked},
		{"no edit with vbank issued", short, State{Status: VbankIssue}, FileSave, VbankIssue, CodeSubmittedLocked},
		{"never after COMPLETE", short, State{Status: Complete}, BasisSave, Complete, CodeNotModifiable},
		{"never after CANCEL", short, State{Status: Cancel}, BasisSave, Cancel, CodeNotModifiable},
		{"under review: reviewStatus advances", short, State{Status: Complete, ReviewStatus: BasisSave, Reviewing: true}, AcadSave, AcadSave, ""},
		{"under review complete: not modifiable", short, State{Status: Complete, ReviewStatus: Complete, Reviewing: true}, AcadSave, Complete, CodeNotModifiable},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := c.steps.Save(c.st, c.step)
			if apperr.CodeOf(err) != c.code {
				t.Fatalf("code %q want %q", apperr.CodeOf(err), c.code)
			}
			if got.Effective() != c.want {
				t.Fatalf("effective %s want %s", got.Effective(), c.want)
			}
			if c.st.Reviewing && got.Status != c.st.Status {
				t.Fatalf("status changed under review: %s", got.Status)
			}
		})
	}
}

// Spec section 4: "Deleting an uploaded document returns a new status and
// reviewStatus, which replace the stored ones."
func TestDocumentRemoved(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		steps    Steps
		st       State
		required bool
		want     State
		code     string
	}{
		{"required after FILE_SAVE goes back", full, State{Status: Survey}, true, State{Status: AddInfoSave}, ""},
		{"required at FILE_SAVE goes back", short, State{Status: FileSave}, true, State{Status: AcadSave}, ""},
		{"no removal after SUBMIT (defect 4)", short, State{Status: Submit}, true, State{Status: Submit}, CodeSubmittedLocked},
		{"no optional removal after SUBMIT", short, State{Status: Submit}, false, State{Status: Submit}, CodeSubmittedLocked},
		{"optional document keeps status", short, State{Status: FileSave}, false, State{Status: FileSave}, ""},
		{"before FILE_SAVE keeps status", short, State{Status: AcadSave}, true, State{Status: AcadSave}, ""},
		{"school without FILE_SAVE", MustSteps(BasisSave), State{Status: BasisSave}, true, State{Status: BasisSave}, ""},
		{"vbank issued refused", short, State{Status: VbankIssue}, true, State{Status: VbankIssue}, CodeSubmittedLocked},
		{"complete refused", short, State{Status: Complete}, true, State{Status: Complete}, CodeNotModifiable},
		{"under review: reviewStatus goes back", short, State{Status: Complete, ReviewStatus: FileSave, Reviewing: true}, true, State{Status: Complete, ReviewStatus: AcadSave, Reviewing: true}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := c.steps.DocumentRemoved(c.st, c.required)
			if apperr.CodeOf(err) != c.code || got != c.want {
				t.Fatalf("got %+v %q want %+v %q", got, apperr.CodeOf(err), c.want, c.code)
			}
		})
	}
}

// Spec section 4: SUBMIT, VBANK_ISSUE, COMPLETE, CANCEL; "After completion it
// cannot be modified or cancelled."
func TestTransition(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		from State
		to   Status
		by   Actor
		want Status
		code string
	}{
		{"submit from last step", State{Status: FileSave}, Submit, ByApplicant, Submit, ""},
		{"submit with steps missing", State{Status: AcadSave}, Submit, ByApplicant, AcadSave, CodeStepsIncomplete},
		{"submit twice", State{Status: Submit}, Submit, ByApplicant, Submit, CodeBadTransition},
		{"submit cancelled", State{Status: Cancel}, Submit, ByApplicant, Cancel, CodeBadTransition},
		{"admin does not submit for applicant", State{Status: FileSave}, Submit, BySysAdmin, FileSave, CodeActorNotAllowed},
		{"vbank issued by payment", State{Status: Submit}, VbankIssue, ByPayment, VbankIssue, ""},
		{"vbank not by applicant", State{Status: Submit}, VbankIssue, ByApplicant, Submit, CodeActorNotAllowed},
		{"vbank before submit", State{Status: FileSave}, VbankIssue, ByPayment, FileSave, CodeBadTransition},
		{"complete by payment from SUBMIT", State{Status: Submit}, Complete, ByPayment, Complete, ""},
		{"complete by deposit from VBANK_ISSUE", State{Status: VbankIssue}, Complete, ByPayment, Complete, ""},
		{"complete by manual pay", State{Status: Submit}, Complete, BySysAdmin, Complete, ""},
		{"applicant cannot complete", State{Status: Submit}, Complete, ByApplicant, Submit, CodeActorNotAllowed},
		{"complete before submit", State{Status: FileSave}, Complete, ByPayment, FileSave, CodeBadTransition},
		{"complete twice", State{Status: Complete}, Complete, ByPayment, Complete, CodeBadTransition},
		{"cancel before completion", State{Status: AcadSave}, Cancel, ByApplicant, Cancel, ""},
		{"cancel submitted", State{Status: VbankIssue}, Cancel, BySysAdmin, Cancel, ""},
		{"no cancel after completion", State{Status: Complete}, Cancel, ByApplicant, Complete, CodeNotModifiable},
		{"no cancel twice", State{Status: Cancel}, Cancel, ByApplicant, Cancel, CodeNotModifiable},
		{"payment does not cancel", State{Status: Submit}, Cancel, ByPayment, Submit, CodeActorNotAllowed},
		{"not a transition target", State{Status: FileSave}, BasisSave, ByApplicant, FileSave, CodeBadTransition},
		{"under review: reviewStatus submits", State{Status: Complete, ReviewStatus: FileSave, Reviewing: true}, Submit, ByApplicant, Submit, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := short.Transition(c.from, c.to, c.by)
			if apperr.CodeOf(err) != c.code || got.Effective() != c.want {
				t.Fatalf("got %s %q want %s %q", got.Effective(), apperr.CodeOf(err), c.want, c.code)
			}
		})
	}
}

// Spec section 4: "View mode blocks editing ... View mode is set one way
// only"; /appl/redirect/to/{type} with edit, view or review.
func TestModes(t *testing.T) {
	t.Parallel()
	for _, m := range []Mode{ModeEdit, ModeView, ModeReview} {
		if got, err := ParseMode(string(m)); err != nil || got != m {
			t.Fatal("ParseMode")
		}
	}
	if _, err := ParseMode("EDIT"); apperr.CodeOf(err) != CodeModeUnknown {
		t.Fatal("EDIT accepted")
	}
	cases := []struct {
		st   State
		req  Mode
		want Mode
		code string
	}{
		{State{Status: BasisSave}, ModeEdit, ModeEdit, ""},
		{State{Status: Complete}, ModeEdit, ModeView, ""},
		{State{Status: Cancel}, ModeEdit, ModeView, ""},
		{State{Status: BasisSave}, ModeView, ModeView, ""},
		{State{Status: Complete}, ModeReview, "", CodeNotUnderReview},
		{State{Status: Complete, ReviewStatus: FileSave, Reviewing: true}, ModeReview, ModeReview, ""},
		{State{Status: Complete, ReviewStatus: Complete, Reviewing: true}, ModeReview, ModeView, ""},
		{State{Status: BasisSave}, "x", "", CodeModeUnknown},
	}
	for _, c := range cases {
		got, err := OpenMode(c.st, c.req)
		if got != c.want || apperr.CodeOf(err) != c.code {
			t.Errorf("OpenMode(%+v,%s)=%s %v", c.st, c.req, got, err)
		}
	}
	var v ViewMode
	if v.On() || v.CheckEdit() != nil {
		t.Fatal("zero view mode")
	}
	v.Enter()
	v.Enter()
	if !v.On() || apperr.CodeOf(v.CheckEdit()) != CodeViewMode || apperr.KindOf(v.CheckEdit()) != apperr.KindForbidden {
		t.Fatal("view mode")
	}
	if !(State{Status: Complete, ReviewStatus: Complete, Reviewing: true}).ReviewCompleted() || (State{Status: Complete}).ReviewCompleted() {
		t.Fatal("ReviewCompleted")
	}
}

// A walk through the whole flow, step by step, as a user would.
func TestWalk(t *testing.T) {
	t.Parallel()
	st := New()
	var err error
	for _, step := range full.List()[1:] {
		if _, err := full.Transition(st, Submit, ByApplicant); apperr.CodeOf(err) != CodeStepsIncomplete {
			t.Fatalf("submit at %s: %v", st.Status, err)
		}
		if st, err = full.Save(st, step); err != nil {
			t.Fatal(err)
		}
	}
	for _, to := range []Status{Submit, VbankIssue} {
		st, err = full.Transition(st, to, map[Status]Actor{Submit: ByApplicant, VbankIssue: ByPayment}[to])
		if err != nil {
			t.Fatal(err)
		}
	}
	if st, err = full.Transition(st, Complete, ByPayment); err != nil || st.Status != Complete {
		t.Fatal(st, err)
	}
	if _, err := full.Save(st, BasisSave); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatal("saved after complete")
	}
}

func FuzzParseStatus(f *testing.F) {
	f.Add("SUBMIT")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseStatus(s)
		if err == nil && (string(st) != s || st.rank() < 0) {
			t.Fatalf("%q", s)
		}
	})
}

func FuzzParseMode(f *testing.F) {
	f.Add("edit")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMode(s)
		if err == nil && string(m) != s {
			t.Fatalf("%q", s)
		}
	})
}

// Whatever steps and statuses come in, Save never moves the effective status
// back, never past the next step, and never touches Status under review.
func FuzzSave(f *testing.F) {
	f.Add(uint8(0x7f), uint8(1), uint8(2), true)
	f.Fuzz(func(t *testing.T, mask, cur, step uint8, reviewing bool) {
		var req []Status
		for i, s := range OptionalSteps {
			if mask&(1<<i) != 0 {
				req = append(req, s)
			}
		}
		steps := MustSteps(req...)
		c := Statuses[int(cur)%len(Statuses)]
		s := Statuses[int(step)%len(Statuses)]
		st := State{Status: c}
		if reviewing {
			st = State{Status: Complete, ReviewStatus: c, Reviewing: true}
		}
		got, err := steps.Save(st, s)
		if err != nil {
			if got != st {
				t.Fatalf("state changed on error")
			}
			return
		}
		if steps.position(got.Effective()) < steps.position(c) || steps.position(got.Effective()) > steps.position(c)+1 {
			t.Fatalf("%v -> %v", st, got)
		}
		if got.Status != st.Status && reviewing {
			t.Fatal("status changed under review")
		}
	})
}

func TestBeforeFirstStep(t *testing.T) {
	t.Parallel()
	if short.before(PartSave) != PartSave || short.before(FileSave) != AcadSave {
		t.Fatal("before")
	}
}
