package school

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
)

// Spec section 1: "one programme does not accept applicants of South Korean
// nationality. The same programme asks for passport number 0000 if none and
// visa 'None' if none."; section 9: Korea 410, visa none 00999.
func TestForeignersOnly(t *testing.T) {
	t.Parallel()
	d := Default("236")
	p := ForeignersOnly(d)
	cases := []struct {
		name string
		got  bool
		want bool
	}{
		{"default accepts Korea 410", d.NationalityAllowed(CountryKorea), true},
		{"programme refuses Korea 410", p.NationalityAllowed(CountryKorea), false},
		{"programme accepts China 156", p.NationalityAllowed(CountryChina), true},
		{"programme: passport 0000 is none", p.NoPassport("0000"), true},
		{"programme: N/A is not its none", p.NoPassport("N/A"), false},
		{"default: N/A is none", d.NoPassport("n/a"), true},
		{"default: 0000 is a number", d.NoPassport("0000"), false},
		{"empty rules: N/A is none", Rules{}.NoPassport("N/A"), true},
		{"visa 00999 is none", p.NoVisa("00999"), true},
		{"visa 00099 is other", p.NoVisa(VisaOther), false},
		{"empty rules: 00999 is none", Rules{}.NoVisa("00999"), true},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %v", c.name, c.got)
		}
	}
	if len(d.RefusedNationalities) != 0 {
		t.Fatal("ForeignersOnly changed its argument")
	}
}

// Spec section 5: "Essays: 400 words for questions 1 and 3, 800 words for
// question 2. Korean variants use 400 or 800 characters."
func TestEssaysAndLimits(t *testing.T) {
	t.Parallel()
	d := Default("X")
	for _, c := range []struct{ no, n int }{{1, 400}, {2, 800}, {3, 400}} {
		e, ok := d.Essay(c.no)
		if !ok || e.Words != c.n || e.Chars != c.n {
			t.Errorf("essay %d: %+v", c.no, e)
		}
	}
	if _, ok := d.Essay(4); ok {
		t.Fatal("essay 4")
	}
	d.TextLimits = map[string]int{"careerList.description": 500, "zero": 0}
	if d.TextLimit("careerList.description", 1000) != 500 || d.TextLimit("other", 1000) != 1000 || d.TextLimit("zero", 7) != 7 {
		t.Fatal("TextLimit")
	}
}

// Spec section 1: the video essay link must be a single downloadable file,
// not streaming; the other requirements are shown to the applicant.
func TestVideoEssay(t *testing.T) {
	t.Parallel()
	v := DefaultVideoEssay()
	cases := []struct{ url, code string }{
		{"https://files.example.com/essay.mp4", ""},
		{"http://files.example.com/a/b/essay.MOV?dl=1", ""},
		{"https://drive.google.com/file/d/abc/view", ""},
		{"https://www.dropbox.com/s/abc/essay?dl=1", ""},
		{"https://www.youtube.com/watch?v=abc", CodeVideoStreaming},
		{"https://youtu.be/abc", CodeVideoStreaming},
		{"https://WWW.YouTube.com./clip.mp4", CodeVideoStreaming},
		{"https://./a.mp4", CodeVideoURL},
		{"https://vimeo.com/123.mp4", CodeVideoStreaming},
		{"https://tv.naver.com/v/1", CodeVideoStreaming},
		{"https://example.com/page.html", CodeVideoNotFile},
		{"https://example.com/", CodeVideoNotFile},
		{"ftp://example.com/a.mp4", CodeVideoURL},
		{"javascript:alert(1)//a.mp4", CodeVideoURL},
		{"example.com/a.mp4", CodeVideoURL},
		{"https://user:pw@example.com/a.mp4", CodeVideoURL},
		{"https://:80/a.mp4", CodeVideoURL},
		{"", CodeVideoURL},
		{"https://example.com/" + strings.Repeat("a", 2000) + ".mp4", CodeVideoURL},
	}
	for _, c := range cases {
		if got := v.Check(c.url); got != c.code {
			t.Errorf("Check(%q)=%q want %q", c.url, got, c.code)
		}
	}
	if len(v.Requirements) != 5 {
		t.Fatal("five requirements are shown")
	}
}

// Spec section 5 "Consent: all items are mandatory"; decisions.md: consent
// items are data per school with a code, ko and en title and body and a
// version date; the bundled default is the six named items; what was
// accepted (item, version, time) is stored.
func TestConsents(t *testing.T) {
	t.Parallel()
	items := DefaultConsents()
	if len(items) != 6 || ValidateConsentItems(items) != nil {
		t.Fatalf("default consents: %d %v", len(items), ValidateConsentItems(items))
	}
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	all := map[string]string{}
	for _, it := range items {
		all[it.Code] = it.Version
	}
	acc, err := CheckConsents(items, all, now)
	if err != nil || len(acc) != 6 || acc[0].At != now || acc[0].Version != "2024-09-10" {
		t.Fatal(acc, err)
	}
	missing := map[string]string{}
	for k, v := range all {
		missing[k] = v
	}
	delete(missing, CodeConsentFalseAppl)
	missing[CodeConsentUniqueID] = "2022-03-29"
	missing["zzz"] = "x"
	_, err = CheckConsents(items, missing, now)
	e, _ := apperr.As(err)
	var got []string
	for _, f := range e.Fields {
		got = append(got, f.Field+":"+f.Code)
	}
	want := []string{"consents.consent.unique_id:" + CodeConsentOutdated, "consents.consent.false_application:" + CodeConsentRequired, "consents.zzz:" + CodeConsentUnknown}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v", got)
	}
	bad := []ConsentItem{{Code: "a", TitleKo: "t", TitleEn: "t", BodyKo: "b", BodyEn: " ", Version: "2024-9-1"}, {Code: "a"}}
	e, _ = apperr.As(ValidateConsentItems(bad))
	if e == nil || len(e.Fields) != 8 {
		t.Fatalf("ValidateConsentItems: %v", e)
	}
}

func FuzzVideoEssayCheck(f *testing.F) {
	for _, s := range []string{"https://a.com/x.mp4", "https://youtube.com/x.mp4", "http://[::1]/a.mp4", "https://%zz"} {
		f.Add(s)
	}
	v := DefaultVideoEssay()
	f.Fuzz(func(t *testing.T, s string) {
		if v.Check(s) != "" {
			return
		}
		l := strings.ToLower(strings.TrimSpace(s))
		if !strings.HasPrefix(l, "http://") && !strings.HasPrefix(l, "https://") {
			t.Fatalf("accepted %q", s)
		}
		if strings.Contains(l, "youtube.com/") && !strings.Contains(l, "?") && !strings.Contains(l, "#") && !strings.Contains(l, "@") {
			if strings.HasPrefix(strings.TrimPrefix(strings.TrimPrefix(l, "https://"), "http://"), "youtube.com/") {
				t.Fatalf("accepted streaming %q", s)
			}
		}
	})
}

func FuzzCheckConsents(f *testing.F) {
	f.Add(CodeConsentPersonal, "2024-09-10")
	f.Fuzz(func(t *testing.T, code, version string) {
		items := DefaultConsents()
		acc, err := CheckConsents(items, map[string]string{code: version}, time.Time{})
		if err == nil || acc != nil {
			t.Fatal("one item accepted all six")
		}
	})
}
