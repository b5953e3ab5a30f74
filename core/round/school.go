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
	SchoolCode   string `json:"schoolCode"`
	KorName      string `json:"korName"`
	EngName      string `json:"engName"`
	Slug         string `json:"slug"` // read only: /{slug}/main
	Color        string `json:"color"`
	LogoURL      string `json:"logoUrl"`
	ContactEmail string `json:"contactEmail"`
	ContactPhone string `json:"contactPhone"`
	// Steps are the steps the school requires after APPL_PART_SAVE.
	Steps []application.Status `json:"steps"`
	// RefusedNationalities are country codes the programme does not accept
	// (410: no applicants of South Korean nationality).
	RefusedNationalities []string `json:"refusedNationalities"`
	PassportNone         string   `json:"passportNone"` // the passport number meaning "none" (N/A, 0000)
	VisaNone             string   `json:"visaNone"`     // the visa type meaning "none" (00999)
	ExtraDocuments       bool     `json:"isEtcDocumentUploadable"`
	// VideoEssayMajors are the majors whose applicants give a video essay link.
	VideoEssayMajors []string `json:"videoEssayMajors"`
	Majors           []Major  `json:"majors"` // read only: what VideoEssayMajors may name
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
