package round

import (
	"net/mail"
	"regexp"
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

// SchoolSettings is what staff set on a school: the school page (colour,
// logo, names, contact), its step list and the variants of spec section 1
// as data.
type SchoolSettings struct {
	SchoolCode   string
	KorName      string
	EngName      string
	Slug         string // read only: /{slug}/main
	Color        string
	LogoURL      string
	ContactEmail string
	ContactPhone string
	// Steps are the steps the school requires after APPL_PART_SAVE.
	Steps []application.Status
	// RefusedNationalities are country codes the programme does not accept
	// (410: no applicants of South Korean nationality).
	RefusedNationalities []string
	PassportNone         string // the passport number meaning "none" (N/A, 0000)
	VisaNone             string // the visa type meaning "none" (00999)
	ExtraDocuments       bool
	// VideoEssayMajors are the majors whose applicants give a video essay link.
	VideoEssayMajors []string
	Majors           []Major // read only: what VideoEssayMajors may name
}

var (
	colorRE   = regexp.MustCompile(`^(#[0-9a-fA-F]{6}|[a-z]{3,20})$`)
	countryRE = regexp.MustCompile(`^[0-9]{3}$`)
	phoneRE   = regexp.MustCompile(`^[0-9+() -]{0,30}$`)
)

// ValidateSchool checks school settings before they are stored.
func ValidateSchool(s SchoolSettings) error {
	var f apperr.Fields
	text(&f, "korName", s.KorName, true, MaxName)
	text(&f, "engName", s.EngName, true, MaxName)
	if !colorRE.MatchString(s.Color) {
		f.Add("color", CodeColor)
	}
	// A path on this site: the pages' Content-Security-Policy loads images
	// from the site only (img-src 'self'), so a logo elsewhere would not show.
	if s.LogoURL != "" && (len(s.LogoURL) > 500 || !strings.HasPrefix(s.LogoURL, "/") ||
		strings.HasPrefix(s.LogoURL, "//") || strings.ContainsAny(s.LogoURL, " \"'<>\\")) {
		f.Add("logoUrl", CodeLogo)
	}
	if s.ContactEmail != "" {
		if a, err := mail.ParseAddress(s.ContactEmail); err != nil || a.Address != s.ContactEmail {
			f.Add("contactEmail", CodeEmail)
		}
	}
	if !phoneRE.MatchString(s.ContactPhone) {
		f.Add("contactPhone", form.CodePhone)
	}
	if _, err := application.NewSteps(s.Steps...); err != nil {
		f.Add("steps", CodeStepUnknown)
	}
	for _, c := range s.RefusedNationalities {
		if !countryRE.MatchString(c) {
			f.Add("refusedNationalities", form.CodeCountry)
			break
		}
	}
	text(&f, "passportNone", s.PassportNone, true, 20)
	text(&f, "visaNone", s.VisaNone, true, 20)
	for _, m := range s.VideoEssayMajors {
		if !slices.ContainsFunc(s.Majors, func(x Major) bool { return x.Code == m }) {
			f.Add("videoEssayMajors", CodeMajorUnknown)
			break
		}
	}
	return f.Err()
}

// schoolField is one field of the school settings as the audit log knows it.
type schoolField struct {
	name  string
	same  func(a, b *SchoolSettings) bool
	value func(s *SchoolSettings) any
}

func schoolScalar[T comparable](name string, get func(s *SchoolSettings) T) schoolField {
	return schoolField{name, func(a, b *SchoolSettings) bool { return get(a) == get(b) }, func(s *SchoolSettings) any { return get(s) }}
}

func schoolList[T comparable](name string, get func(s *SchoolSettings) []T, value func(T) any) schoolField {
	return schoolField{name, func(a, b *SchoolSettings) bool { return slices.Equal(get(a), get(b)) },
		func(s *SchoolSettings) any { return list(get(s), value) }}
}

func str(s string) any { return s }

// schoolFields are every field of the school settings, field by field.
var schoolFields = []schoolField{
	schoolScalar("schoolCode", func(s *SchoolSettings) string { return s.SchoolCode }),
	schoolScalar("korName", func(s *SchoolSettings) string { return s.KorName }),
	schoolScalar("engName", func(s *SchoolSettings) string { return s.EngName }),
	schoolScalar("slug", func(s *SchoolSettings) string { return s.Slug }),
	schoolScalar("color", func(s *SchoolSettings) string { return s.Color }),
	schoolScalar("logoUrl", func(s *SchoolSettings) string { return s.LogoURL }),
	schoolScalar("contactEmail", func(s *SchoolSettings) string { return s.ContactEmail }),
	schoolScalar("contactPhone", func(s *SchoolSettings) string { return s.ContactPhone }),
	schoolList("steps", func(s *SchoolSettings) []application.Status { return s.Steps }, func(st application.Status) any { return string(st) }),
	schoolList("refusedNationalities", func(s *SchoolSettings) []string { return s.RefusedNationalities }, str),
	schoolScalar("passportNone", func(s *SchoolSettings) string { return s.PassportNone }),
	schoolScalar("visaNone", func(s *SchoolSettings) string { return s.VisaNone }),
	schoolScalar("isEtcDocumentUploadable", func(s *SchoolSettings) bool { return s.ExtraDocuments }),
	schoolList("videoEssayMajors", func(s *SchoolSettings) []string { return s.VideoEssayMajors }, str),
	schoolList("majors", func(s *SchoolSettings) []Major { return s.Majors }, func(m Major) any {
		return map[string]any{"Code": m.Code, "KorName": m.KorName, "EngName": m.EngName, "VideoEssay": m.VideoEssay}
	}),
}

// schoolChanges answers the fields whose values differ from a to b.
func schoolChanges(a, b SchoolSettings) []Change {
	var out []Change
	for _, f := range schoolFields {
		if !f.same(&a, &b) {
			out = append(out, Change{Field: f.name, Before: f.value(&a), After: f.value(&b)})
		}
	}
	return out
}
