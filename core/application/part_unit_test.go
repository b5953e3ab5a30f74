package application_test

import (
	"context"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// partRound is testRound with stay types and a required part survey.
func partRound() application.Round {
	r := testRound(true)
	r.StayTypes = []application.Code{{Code: "D"}, {Code: "O"}}
	r.PartSurvey = []application.Question{{Code: "pq1", Required: true, Items: []application.Item{{Code: application.Code{Code: "01"}}}}}
	return r
}

func partSurvey(item string) *application.SurveyData {
	return &application.SurveyData{Answers: []application.SurveyAnswer{{SurveyAnswer: form.SurveyAnswer{QuestionCode: "pq1", ItemCode: item}}}}
}

// consentsMissing is the field error of every default consent not given.
func consentsMissing() []string {
	var out []string
	for _, c := range school.DefaultConsents() {
		out = append(out, "consents."+c.Code+":"+school.CodeConsentRequired)
	}
	return out
}

func TestPartChoiceFields(t *testing.T) {
	t.Parallel()
	const p = "applPartRequestList[0]."
	ok := func(c *application.PartRequest) {}
	cases := []struct {
		name   string
		edit   func(*application.PartRequest)
		fields []string
	}{
		{"valid", ok, nil},
		{"no choice", func(r *application.PartRequest) { r.Choices = nil }, []string{"applPartRequestList:" + form.CodeRequired}},
		{"major missing", func(r *application.PartRequest) { r.Choices[0].MajorCode = " " }, []string{p + "majorCode:" + form.CodeRequired}},
		{"major in a course not offered", func(r *application.PartRequest) { r.Choices[0].IsMaster = false }, []string{p + "majorCode:" + application.CodePartNotOffered}},
		{"category missing", func(r *application.PartRequest) { r.Choices[0].CategoryCode = "" }, []string{p + "categoryCode:" + form.CodeRequired}},
		{"category unknown", func(r *application.PartRequest) { r.Choices[0].CategoryCode = "99" }, []string{p + "categoryCode:" + form.CodeCode}},
		{"stay type required where the round has them", func(r *application.PartRequest) { r.Choices[0].StayTypeCode = "" }, []string{p + "stayTypeCode:" + form.CodeRequired}},
		{"stay type unknown", func(r *application.PartRequest) { r.Choices[0].StayTypeCode = "X" }, []string{p + "stayTypeCode:" + form.CodeCode}},
		{"part survey unanswered", func(r *application.PartRequest) { r.Survey = nil }, []string{"surveyRequest.answers.pq1:" + form.CodeSurveyRequired}},
		{"part survey item not offered", func(r *application.PartRequest) { r.Survey = partSurvey("09") }, []string{"surveyRequest.answers[0].itemCode:" + form.CodeCode}},
		{"every error at once", func(r *application.PartRequest) {
			r.Choices[0].MajorCode, r.Choices[0].CategoryCode, r.Choices[0].StayTypeCode = "", "", ""
			r.Consents = nil
			r.Survey = nil
		}, slices.Concat([]string{p + "majorCode:" + form.CodeRequired, p + "categoryCode:" + form.CodeRequired, p + "stayTypeCode:" + form.CodeRequired},
			consentsMissing(), []string{"surveyRequest.answers.pq1:" + form.CodeSurveyRequired})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, partRound())
			req := partReq("IS01")
			req.Choices[0].StayTypeCode = "D"
			req.Survey = partSurvey("01")
			c.edit(&req)
			v, created, err := f.s.SavePart(context.Background(), kim, req)
			if c.fields != nil {
				if got := fieldCodes(err); !slices.Equal(got, c.fields) {
					t.Fatalf("fields %v, want %v", got, c.fields)
				}
				if hs, _ := (memstore.Applications{Store: f.m.Store}).ListByUser(context.Background(), "kim"); len(hs) != 0 {
					t.Fatal("application created from an invalid request")
				}
				return
			}
			if err != nil || !created {
				t.Fatal(err)
			}
			rec := v.Record
			if rec.State != application.New() || rec.UserID != "kim" || rec.Part.ApplPartNo != 7 || rec.Part.StayTypeCode != "D" || rec.Next != application.BasisSave {
				t.Fatalf("created: %+v %+v next %s", rec.Header, rec.Part, rec.Next)
			}
			if len(v.Consents) != len(school.DefaultConsents()) || v.Consents[0].Version != "2024-09-10" || !v.Consents[0].At.Equal(now) {
				t.Fatalf("consents kept with their version and time: %+v", v.Consents)
			}
			if len(v.Survey.Answers) != 1 || v.Survey.Answers[0].ItemCode != "01" {
				t.Fatalf("part survey kept: %+v", v.Survey)
			}
			if _, saved := f.m.savedAt(rec.ApplNo, application.PartSave); !saved {
				t.Fatal("part step not recorded as saved")
			}
		})
	}
}

func TestPartChange(t *testing.T) {
	t.Parallel()
	otherRound := application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 2}
	cases := []struct {
		name   string
		by     string // kim unless said
		st     application.Status
		closed bool
		edit   func(*application.PartRequest)
		code   string
		field  string
	}{
		{"owner changes major", "", application.AcadSave, false, nil, "", ""},
		{"round stays fixed", "", application.AcadSave, false, func(r *application.PartRequest) { r.Choices[0].Round = otherRound }, "validation.failed", "applPartRequestList[0].recruitPartSeq:" + application.CodeRoundFixed},
		{"no choice", "", application.AcadSave, false, func(r *application.PartRequest) { r.Choices = nil }, "validation.failed", "applPartRequestList:" + form.CodeRequired},
		{"two choices", "", application.AcadSave, false, func(r *application.PartRequest) { r.Choices = append(r.Choices, r.Choices[0]) }, "validation.failed", "applPartRequestList:" + form.CodeTooMany},
		{"window closed", "", application.AcadSave, true, nil, window.CodeClosed, ""},
		{"completed", "", application.Complete, false, nil, application.CodeNotModifiable, ""},
		{"another applicant", "lee", application.AcadSave, false, nil, application.CodeNotFound, ""},
		{"staff through the form", "sys", application.AcadSave, false, nil, application.CodeOwnerOnly, ""},
		{"exempt owner after the window", "free", application.AcadSave, true, nil, "", ""},
		{"unknown application", "kim-999", application.AcadSave, false, nil, application.CodeNotFound, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			f := newFixture(t, partRound())
			caller, owner := kim, kim
			by := c.by
			switch by {
			case "lee":
				caller = lee
			case "sys":
				caller = sys
			case "free":
				caller, owner = free, free
			}
			req := partReq("IS01")
			req.Choices[0].StayTypeCode = "D"
			req.Survey = partSurvey("01")
			v, _, err := f.s.SavePart(ctx, owner, req)
			if err != nil {
				t.Fatal(err)
			}
			n := v.Record.ApplNo
			f.m.setState(n, application.State{Status: c.st})
			memstore.Forms{Store: f.m.Store}.PutDraft(ctx, n, application.PartSave, []byte(`{"majorCode":"MA01"}`), now)
			if c.closed {
				f.closeWindow()
			}
			change := partReq("MA01")
			change.ApplNo = n
			if by == "kim-999" {
				change.ApplNo = 999
			}
			change.Consents = nil
			change.Choices[0].StayTypeCode = "O"
			change.Choices[0].IsGeneralType = true
			change.Survey = partSurvey("01")
			change.Survey.Alumni = true
			if c.edit != nil {
				c.edit(&change)
			}
			got, created, err := f.s.SavePart(ctx, caller, change)
			if apperr.CodeOf(err) != c.code || (c.field != "" && !slices.Contains(fieldCodes(err), c.field)) {
				t.Fatalf("got %v, want %s %s", err, c.code, c.field)
			}
			if c.code != "" {
				if f.m.part(n).MajorCode != "IS01" {
					t.Fatalf("part changed to %s", f.m.part(n).MajorCode)
				}
				if d, _ := f.m.draft(n, application.PartSave); d.Data == nil && by != "kim-999" {
					t.Fatal("draft dropped by a refused change")
				}
				return
			}
			if created || got.Record.ApplNo != n || got.Record.Part.MajorCode != "MA01" || got.Record.Part.ApplPartNo != 8 || !got.Record.Part.IsGeneralType || got.Record.Part.StayTypeCode != "O" {
				t.Fatalf("changed: created %v %+v", created, got.Record.Part)
			}
			if got.Record.State.Status != c.st {
				t.Fatalf("a part change keeps the status: %s", got.Record.State.Status)
			}
			if !got.Survey.Alumni || len(got.Consents) != len(school.DefaultConsents()) {
				t.Fatalf("survey replaced, consents kept: %+v %d", got.Survey, len(got.Consents))
			}
			if _, ok := f.m.draft(n, application.PartSave); ok {
				t.Fatal("part draft kept after the change")
			}
		})
	}
}

// A part change without survey answers keeps the stored ones when the
// round has no part survey.
func TestPartChangeWithoutSurvey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, testRound(true))
	n := f.apply(t, application.BasisSave)
	if err := (memstore.Forms{Store: f.m.Store}).SaveSurvey(ctx, n, application.StagePart, application.SurveyData{ContactCode: "02"}); err != nil {
		t.Fatal(err)
	}
	change := partReq("MA01")
	change.ApplNo = n
	v, _, err := f.s.SavePart(ctx, kim, change)
	if err != nil || v.Survey.ContactCode != "02" || v.Record.Part.MajorCode != "MA01" {
		t.Fatalf("%+v %v", v, err)
	}
	if v, err := f.s.Part(ctx, lee, n); apperr.CodeOf(err) != application.CodeNotFound {
		t.Fatalf("other's part: %+v %v", v, err)
	}
}

func TestApplicantName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		kor, first, middle, last, want string
	}{
		{"김하늘", "Haneul", "", "Kim", "김하늘"},
		{"", "Anna", "", "Nguyen", "Anna Nguyen"},
		{"", " Anna ", "Maria", " Nguyen", "Anna Maria Nguyen"},
		{"", "", "", "", ""},
	}
	for _, c := range cases {
		a := form.ApplicantInfo{BasicInfo: form.BasicInfo{KorName: c.kor, FirstName: c.first, MiddleName: c.middle, LastName: c.last}}
		if got := application.ApplicantName(a); got != c.want {
			t.Errorf("%+v: %q want %q", c, got, c.want)
		}
	}
}

// The round view reads the service's clock once: every window's open flag
// and submitOpen agree on one instant.
func TestRoundViewOneClock(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, fullRound())
	r, _ := memstore.Reference{Store: f.m.Store}.Round(ctx, key)
	v, err := f.s.Round(ctx, key)
	if err != nil || len(v.WindowOpen) != len(r.Windows) {
		t.Fatalf("view: %+v %v", v, err)
	}
	for i, w := range r.Windows {
		if v.WindowOpen[i] != w.Contains(now) {
			t.Errorf("window %s open=%v at %v", w.Kind, v.WindowOpen[i], now)
		}
	}
	if !v.SubmitOpen {
		t.Error("submit window closed at the fixture's time")
	}
	f.closeWindow()
	list, err := f.s.Rounds(ctx, key.SchoolCode)
	if err != nil || len(list) != 1 || list[0].SubmitOpen {
		t.Fatalf("closed: %+v %v", list, err)
	}
}
