package form

import (
	"slices"

	"github.com/gradapply/gradapply/core/school"
)

// Origin is what the sections of applicantInfo depend on in the nationality:
// whether it is chosen, and whether it is South Korea.
type Origin string

const (
	OriginNone    Origin = "none"    // no nationality chosen yet
	OriginKorean  Origin = "korean"  // South Korea
	OriginForeign Origin = "foreign" // any other country
)

// Origins lists every Origin, in the order clients show them.
var Origins = []Origin{OriginNone, OriginKorean, OriginForeign}

// OriginOf is the origin of a nationality code.
func OriginOf(nationality string) Origin {
	switch {
	case nationality == "":
		return OriginNone
	case Korean(nationality):
		return OriginKorean
	}
	return OriginForeign
}

// foreignOnly are the sections that apply only to applicants of another
// nationality than Korea: a Korean national has no passport or visa to
// declare here, no alien registration, no financial guarantor for a visa,
// no Korean language school, stay in Korea or overseas agency, and the G20
// question is about foreign nationality or residence.
var foreignOnly = map[string]bool{
	"passport": true, "visa": true, "alienRegistration": true, "financialGuarantor": true,
	"languageSchool": true, "stay": true, "overseasAgency": true, "g20": true,
}

// foreignMandatory are required of every foreign applicant whatever the
// round's settings: the passport (or the school's "none") and the visa type.
var foreignMandatory = map[string]bool{"passport": true, "visa": true}

// ItemSetting is the round's (or part's) setting of one info item: whether
// the group is shown and whether it is required.
type ItemSetting struct {
	Display  bool
	Required bool
}

// Section is one group of applicantInfo shown to the applicant.
type Section struct {
	Code     string
	Required bool
}

// SectionSet is the sections shown to one applicant, in display order.
type SectionSet []Section

// Has reports whether a section is shown.
func (s SectionSet) Has(code string) bool {
	return slices.ContainsFunc(s, func(x Section) bool { return x.Code == code })
}

// Required reports whether a section is shown and required.
func (s SectionSet) Required(code string) bool {
	return slices.ContainsFunc(s, func(x Section) bool { return x.Code == code && x.Required })
}

// Sections is the rule of which groups of applicantInfo an applicant sees
// and must fill: by the origin of the nationality, the school's rules and
// the round's info-item settings (an item without a setting is shown and
// optional). The server requires exactly these and drops the data of any
// other group (KeepSections); clients get them from the server.
func Sections(o Origin, r school.Rules, settings map[string]ItemSetting) SectionSet {
	out := SectionSet{}
	for _, code := range InfoItemCodes {
		if foreignOnly[code] && o != OriginForeign {
			continue
		}
		set, ok := settings[code]
		display := !ok || set.Display
		required := ok && set.Display && set.Required
		switch {
		case foreignMandatory[code]:
			display, required = true, true
		case code == "g20" && r.G20Required:
			display, required = true, true
		}
		if display {
			out = append(out, Section{Code: code, Required: required})
		}
	}
	return out
}

// KeepSections empties every group of applicantInfo that is not shown, so
// nothing hidden from the applicant is validated or stored (for instance a
// passport typed before the nationality was changed to Korea).
func KeepSections(a ApplicantInfo, s SectionSet) ApplicantInfo {
	if !s.Has("passport") {
		a.PassportNo, a.PassportIssueDate, a.PassportExpiryDate, a.PassportIssueCountry = "", "", "", ""
	}
	if !s.Has("visa") {
		a.VisaTypeCode, a.VisaTypeEtc, a.VisaNo, a.VisaExpiryDate, a.ApplyVisa = "", "", "", "", ""
		a.VisaChangeRequired, a.IsHaveExperienceApplyVisa, a.IsApplyVisaApproved, a.TravelAbroad = false, false, false, false
	}
	if !s.Has("alienRegistration") {
		a.ForeignerRegistrationNo, a.AlienRegistrationStatus = "", ""
	}
	if !s.Has("emergencyContact") {
		a.EmergencyContact = EmergencyContact{}
	}
	if !s.Has("marital") {
		a.MaritalStatus, a.ChildNum = "", ""
	}
	if !s.Has("spouse") {
		a.Spouse = Spouse{}
	}
	if !s.Has("familyList") {
		a.FamilyList = nil
	}
	if !s.Has("financialGuarantor") {
		a.FinancialGuarantor = Guarantor{}
	}
	if !s.Has("languageSchool") {
		a.LanguageSchool = LanguageSchool{}
	}
	if !s.Has("residency") {
		a.ResidencyTypeCode, a.ResidencyCountryCode = "", ""
	}
	if !s.Has("overseasAgency") {
		a.OverseasAgency = StudyAgency{}
	}
	if !s.Has("hometown") {
		a.Hometown = ""
	}
	if !s.Has("stay") {
		a.EntryDate, a.MonthsOfStay = "", ""
	}
	if !s.Has("messenger") {
		a.MessengerID, a.SkypeID = "", ""
	}
	if !s.Has("g20") {
		a.G20Member, a.G20Answers = false, []string{}
	}
	if !s.Has("scholarship") {
		a.Scholarship = false
	}
	return a
}

// G20None is the G20 answer "none of them".
const G20None = "NONE"

// G20Countries are the G20 members that have a country code (ISO 3166
// numeric; the European Union and the African Union have none), offered by
// the G20 question.
var G20Countries = []string{"032", "036", "076", "124", "156", "250", "276", "356", "360", "380", "392", "410", "484", "643", "682", "710", "792", "826", "840"}
