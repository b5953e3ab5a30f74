package round_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// now is 2030-03-10 10:00 in Seoul.
var now = window.At(2030, 3, 10, 10, 0).Now()

var majors = []round.Major{{Code: "M1"}, {Code: "M2"}}

var key = application.RoundKey{SchoolCode: "S1", EnterYear: 2030, RecruitPartSeq: 2}

func valid() round.Values {
	return round.Values{Texts: round.Texts{KorName: "후기", EngName: "Fall"},
		Fees:       round.Fees{FeeKrw: 50000, FeeUsd: 4000, PayTypes: []payment.PayType{payment.Card, payment.VisaMaster}},
		ApplIDRule: "{YYYY}-{SEQ:4}",
		Windows:    []round.Window{{Kind: window.Submit, StartDay: "2030-03-11", EndDay: "2030-03-20"}, {Kind: window.Complete, StartDay: "2030-03-11", EndDay: "2030-03-21"}},
		Parts:      []round.Part{{MajorCode: "M1", IsMaster: true}},
		Documents: []round.DocItem{{ItemCode: "D1", GrpCode: "g", GrpKorName: "기본", GrpEngName: "Basic", KorName: "사진", EngName: "Photo",
			Extensions: []string{"jpg"}}},
	}
}

// stored is a round as a store loads it.
func stored(t *testing.T, v round.Values) *round.Settings {
	t.Helper()
	s, err := round.UnmarshalSettingsFromDatabase(key, v, now)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// check creates a round of k with v (old nil) or edits the stored old to v.
func check(t *testing.T, k application.RoundKey, v round.Values, old *round.Values, inUse map[int64]bool) (*round.Settings, error) {
	t.Helper()
	f := round.Facts{Now: now, Majors: majors, PartsInUse: inUse}
	if old == nil {
		return round.NewSettings(k, v, f)
	}
	s := stored(t, *old)
	_, err := s.Edit(v, f)
	return s, err
}

func fieldCodes(err error) map[string]string {
	out := map[string]string{}
	if e, ok := apperr.As(err); ok {
		for _, f := range e.Fields {
			out[f.Field] = f.Code
		}
	}
	return out
}

func TestValidate(t *testing.T) {
	t.Parallel()
	stored := valid()
	stored.Windows[0].StartDay = "2030-03-01" // opened already
	cases := []struct {
		name  string
		edit  func(*round.Values)
		old   *round.Values
		field string
		code  string
	}{
		{"valid", func(*round.Values) {}, nil, "", ""},
		{"start today", func(s *round.Values) { s.Windows[0].StartDay = "2030-03-10" }, nil, "windows.SUBMIT.startDay", window.CodeStartAfterToday},
		{"end on the start day", func(s *round.Values) { s.Windows[1].EndDay = "2030-03-11" }, nil, "windows.COMPLETE.endDay", window.CodeEndAfterStart},
		{"end before start", func(s *round.Values) { s.Windows[1].EndDay = "2030-03-01" }, nil, "windows.COMPLETE.endDay", window.CodeEndAfterStart},
		{"bad date", func(s *round.Values) { s.Windows[0].EndDay = "2030-3-20" }, nil, "windows.SUBMIT.endDay", window.CodeDateFormat},
		{"no SUBMIT", func(s *round.Values) { s.Windows = s.Windows[1:] }, nil, "windows.SUBMIT", round.CodeWindowMissing},
		{"twice", func(s *round.Values) { s.Windows = append(s.Windows, s.Windows[0]) }, nil, "windows.SUBMIT", round.CodeWindowDuplicate},
		{"open window extended", func(s *round.Values) { s.Windows[0].StartDay, s.Windows[0].EndDay = "2030-03-01", "2030-03-25" }, &stored, "", ""},
		{"open window moved earlier", func(s *round.Values) { s.Windows[0].StartDay = "2030-02-01" }, &stored, "windows.SUBMIT.startDay", window.CodeStartAfterToday},
		{"free with card", func(s *round.Values) { s.FeeKrw, s.FeeUsd = 0, 0 }, nil, "payTypes", round.CodePayTypes},
		{"usd type without usd fee", func(s *round.Values) { s.FeeUsd = 0 }, nil, "payTypes", round.CodePayTypes},
		{"paid without a type", func(s *round.Values) { s.PayTypes = nil }, nil, "payTypes", round.CodePayTypesNone},
		{"negative fee", func(s *round.Values) { s.FeeKrw = -1 }, nil, "feeKrw", round.CodeFee},
		{"letters", func(s *round.Values) { s.LettersAsked = 6 }, nil, "lettersAsked", round.CodeLetters},
		{"rule", func(s *round.Values) { s.ApplIDRule = "{YYYY}" }, nil, "applIdRule", "examno.seq_count"},
		{"unknown major", func(s *round.Values) { s.Parts[0].MajorCode = "X" }, nil, "parts[0].majorCode", round.CodeMajorUnknown},
		{"no part", func(s *round.Values) { s.Parts = nil }, nil, "parts", round.CodePartsNone},
		{"extension", func(s *round.Values) { s.Documents[0].Extensions = []string{"p df"} }, nil, "documents[0].extensions", round.CodeExtension},
		{"doc name", func(s *round.Values) { s.Documents[0].EngName = " " }, nil, "documents[0].engName", "validation.required"},
		{"consent version", func(s *round.Values) {
			s.Consents = []school.ConsentItem{{Code: "c", TitleKo: "a", TitleEn: "a", BodyKo: "b", BodyEn: "b", Version: "2030-13-01"}}
		}, nil, "consents[0].version", window.CodeDateFormat},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := valid()
			s.Windows = slices.Clone(s.Windows)
			s.Parts = slices.Clone(s.Parts)
			s.Documents = slices.Clone(s.Documents)
			c.edit(&s)
			_, err := check(t, key, s, c.old, nil)
			got := fieldCodes(err)
			if c.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if got[c.field] != c.code {
				t.Fatalf("fields %v, want %s: %s", got, c.field, c.code)
			}
		})
	}
}

// A year and a sequence are checked when a round is created.
func TestNewRoundKey(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		k     application.RoundKey
		field string
		code  string
	}{
		{application.RoundKey{SchoolCode: "S1", EnterYear: 2000, RecruitPartSeq: 1}, "enterYear", round.CodeYear},
		{application.RoundKey{SchoolCode: "S1", EnterYear: 2036, RecruitPartSeq: 1}, "enterYear", round.CodeYear},
		{application.RoundKey{SchoolCode: "S1", EnterYear: 2029, RecruitPartSeq: 0}, "recruitPartSeq", round.CodeSeq},
		{application.RoundKey{SchoolCode: "S1", EnterYear: 2035, RecruitPartSeq: 100}, "recruitPartSeq", round.CodeSeq},
	} {
		if _, err := check(t, c.k, valid(), nil, nil); fieldCodes(err)[c.field] != c.code {
			t.Errorf("%+v: %v, want %s at %s", c.k, err, c.code, c.field)
		}
	}
	if s, err := check(t, application.RoundKey{SchoolCode: "S1", EnterYear: 2029, RecruitPartSeq: 99}, valid(), nil, nil); err != nil || !s.Changed() {
		t.Fatalf("last year, sequence 99: %v", err)
	}
}

func TestPartsInUseCannotBeRemoved(t *testing.T) {
	t.Parallel()
	old := valid()
	old.Parts = []round.Part{{ApplPartNo: 7, MajorCode: "M1", IsMaster: true}, {ApplPartNo: 8, MajorCode: "M2"}}
	next := valid()
	next.Parts = []round.Part{{MajorCode: "M2"}}
	if _, err := check(t, key, next, &old, map[int64]bool{7: true}); fieldCodes(err)["parts"] != round.CodePartInUse {
		t.Fatalf("removing a chosen part: %v", err)
	}
	s, err := check(t, key, next, &old, map[int64]bool{8: true})
	if err != nil {
		t.Fatalf("removing an unchosen part: %v", err)
	}
	if p := s.Parts(); len(p) != 1 || p[0].ApplPartNo != 8 {
		t.Fatalf("the part sent without its number did not keep it: %+v", p)
	}
}

func TestConsentVersions(t *testing.T) {
	t.Parallel()
	item := school.ConsentItem{Code: "c", TitleKo: "제목", TitleEn: "Title", BodyKo: "본문", BodyEn: "Body", Version: "2030-03-10"}
	edited := item
	edited.BodyKo = "새 본문"
	edited.Version = ""
	used := func(string, string) bool { return true }
	unused := func(string, string) bool { return false }
	cases := []struct {
		name    string
		prev    []school.ConsentItem
		next    school.ConsentItem
		inUse   func(string, string) bool
		version string
		retired bool
	}{
		{"unchanged keeps its version", []school.ConsentItem{item}, item, used, "2030-03-10", false},
		{"in use, edited the day of its version: the day after", []school.ConsentItem{item}, edited, used, "2030-03-11", true},
		{"not in use: edited in place", []school.ConsentItem{item}, edited, unused, "2030-03-10", false},
		{"new item: today", nil, edited, used, "2030-03-10", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, retired := round.Versioned(c.prev, []school.ConsentItem{c.next}, c.inUse, now)
			if out[0].Version != c.version || (len(retired) == 1) != c.retired {
				t.Fatalf("version %s retired %v, want %s %v", out[0].Version, retired, c.version, c.retired)
			}
			if c.retired && retired[0] != item {
				t.Fatalf("retired %+v, want the accepted text", retired[0])
			}
		})
	}
	older := item
	older.Version = "2029-01-05"
	if out, _ := round.Versioned([]school.ConsentItem{older}, []school.ConsentItem{edited}, used, now); out[0].Version != "2030-03-10" {
		t.Fatalf("an old version edited today: %s", out[0].Version)
	}
}

func TestValidateSchool(t *testing.T) {
	t.Parallel()
	ok := round.SchoolSettings{SchoolCode: "S1", KorName: "학교", EngName: "School", Color: "#1a4f8b", LogoURL: "/logos/school.png",
		ContactEmail: "office@school.example", ContactPhone: "+82 2-123-4567", PassportNone: "0000", VisaNone: "00999",
		RefusedNationalities: []string{"410"}, Majors: majors, VideoEssayMajors: []string{"M2"}}
	if err := round.ValidateSchool(ok); err != nil {
		t.Fatalf("valid school refused: %v", err)
	}
	for field, edit := range map[string]func(*round.SchoolSettings){
		"color":                func(s *round.SchoolSettings) { s.Color = "red;x" },
		"logoUrl":              func(s *round.SchoolSettings) { s.LogoURL = "javascript:alert(1)" },
		"logoUrl ":             func(s *round.SchoolSettings) { s.LogoURL = "//evil.example/x.png" },
		"contactEmail":         func(s *round.SchoolSettings) { s.ContactEmail = "nobody" },
		"refusedNationalities": func(s *round.SchoolSettings) { s.RefusedNationalities = []string{"KOR"} },
		"videoEssayMajors":     func(s *round.SchoolSettings) { s.VideoEssayMajors = []string{"ZZ"} },
		"passportNone":         func(s *round.SchoolSettings) { s.PassportNone = "" },
	} {
		s := ok
		edit(&s)
		if _, bad := fieldCodes(round.ValidateSchool(s))[strings.TrimSpace(field)]; !bad {
			t.Errorf("%s: not refused", field)
		}
	}
}

func TestHistoryOfListsEarlierVersionsNewestFirst(t *testing.T) {
	cur := []school.ConsentItem{{Code: "a", BodyKo: "3", Version: "2024-09-10"}, {Code: "b", BodyKo: "b1", Version: "2022-03-29"}}
	earlier := []school.ConsentItem{
		{Code: "a", BodyKo: "1", Version: "2021-09-01"},
		{Code: "gone", BodyKo: "x", Version: "2020-01-01"}, // an item no longer asked for
		{Code: "a", BodyKo: "2", Version: "2023-08-23"},
		{Code: "a", BodyKo: "3", Version: "2024-09-10"}, // a stored copy of the one in force
	}
	got := round.HistoryOf(cur, earlier)
	if len(got) != 2 || got[0].Code != "a" || got[1].Code != "b" {
		t.Fatalf("items %+v", got)
	}
	var bodies []string
	for _, v := range got[0].Versions {
		bodies = append(bodies, v.Version+":"+v.BodyKo)
	}
	if strings.Join(bodies, " ") != "2024-09-10:3 2023-08-23:2 2021-09-01:1" {
		t.Fatalf("versions of a: %v", bodies)
	}
	if len(got[1].Versions) != 1 || got[1].Versions[0].BodyKo != "b1" {
		t.Fatalf("versions of b: %+v", got[1].Versions)
	}
}

// A round's own step list: nil is the school's; known steps in any order
// (stored in the fixed order); the mandatory steps stay; and once
// applications exist the list does not change.
func TestRoundSteps(t *testing.T) {
	t.Parallel()
	own := []application.Status{application.Survey, application.BasisSave, application.AcadSave, application.LangSave, application.FileSave}
	in := valid()
	in.Steps = own
	created, err := check(t, key, in, nil, nil)
	if err != nil {
		t.Fatalf("a list without career and additional info: %v", err)
	}
	if got := created.Steps(); got[0] != application.BasisSave || got[len(got)-1] != application.Survey {
		t.Fatalf("normalised order %v", got)
	}
	resolved, err := application.ResolveSteps(created.Steps(), []application.Status{application.BasisSave, application.AcadSave, application.LangSave,
		application.CareerSave, application.AddInfoSave, application.FileSave})
	if err != nil || resolved.Has(application.CareerSave) || !resolved.Has(application.Survey) || resolved.Last() != application.Survey {
		t.Fatalf("resolved %v %v", resolved.List(), err)
	}
	if school, _ := application.ResolveSteps(nil, []application.Status{application.BasisSave, application.FileSave}); school.Last() != application.FileSave {
		t.Fatalf("no own list: %v", school.List())
	}
	for name, tc := range map[string]struct {
		steps []application.Status
		old   *round.Values
		inUse map[int64]bool
		code  string
	}{
		"drops the documents":            {[]application.Status{application.BasisSave, application.AcadSave, application.LangSave}, nil, nil, round.CodeStepsMandatory},
		"unknown step":                   {append(slices.Clone(own), "PAY"), nil, nil, round.CodeStepUnknown},
		"twice":                          {append(slices.Clone(own), application.Survey), nil, nil, round.CodeStepUnknown},
		"changed with applications":      {own[1:], &round.Values{Steps: own}, map[int64]bool{1: true}, round.CodeStepsInUse},
		"own list set with applications": {own, &round.Values{}, map[int64]bool{1: true}, round.CodeStepsInUse},
		"unchanged with applications":    {own, &round.Values{Steps: own}, map[int64]bool{1: true}, ""},
		"changed before any application": {own[1:], &round.Values{Steps: own}, nil, ""},
	} {
		x := valid()
		x.Steps = tc.steps
		var err error
		if tc.old == nil {
			_, err = check(t, key, x, nil, tc.inUse)
		} else {
			o := valid()
			o.Steps = tc.old.Steps
			before, err2 := round.NewSettings(key, o, round.Facts{Now: now, Majors: majors})
			if err2 != nil {
				t.Fatal(err2)
			}
			_, err = before.Edit(x, round.Facts{Now: now, Majors: majors, PartsInUse: tc.inUse})
		}
		if got := fieldCodes(err)["steps"]; got != tc.code {
			t.Errorf("%s: steps %q (%v), want %q", name, got, err, tc.code)
		}
	}
}
