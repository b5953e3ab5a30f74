package form

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/textrule"
	"github.com/gradapply/gradapply/core/window"
)

// CodeTooMany is a list longer than allowed (param: max).
const CodeTooMany = "validation.too_many"

// MaxFamily is how many family members applicantInfo.familyList holds.
const MaxFamily = 10

// Spouse is the spouse data of a married applicant.
type Spouse struct {
	Name        string
	Nationality string
	BirthDate   string
	Occupation  string
	Phone       string
}

// Guarantor is the financial guarantor.
type Guarantor struct {
	Name         string
	Relation     string
	Occupation   string
	Phone        string
	Email        string
	Address      string
	AnnualIncome string
}

// LanguageSchool is a language institute attended (e.g. a Korean course).
type LanguageSchool struct {
	Name        string
	CountryCode string
	EnterDay    string
	GraduateDay string
	Level       string
}

// FamilyMember is one entry of familyList.
type FamilyMember struct {
	Relation    string
	Name        string
	Nationality string
	BirthDate   string
	Occupation  string
	Phone       string
}

// StudyAgency is the overseas study agency that helps the applicant.
type StudyAgency struct {
	Name      string
	AgentName string
	Email     string
	Phone     string
	WechatID  string
}

// ApplicantInfo is the whole applicantInfo of spec section 3 "Basic info":
// BasicInfo (validated by ValidateBasic) and the remaining groups (visa
// details, alien registration status, spouse, financial guarantor,
// language school, family, residency, overseas study agency).
type ApplicantInfo struct {
	BasicInfo
	G20Member                 bool
	VisaChangeRequired        bool
	ApplyVisa                 string
	IsHaveExperienceApplyVisa bool
	IsApplyVisaApproved       bool
	TravelAbroad              bool
	AlienRegistrationStatus   string
	Spouse                    Spouse
	FinancialGuarantor        Guarantor
	LanguageSchool            LanguageSchool
	FamilyList                []FamilyMember
	ResidencyTypeCode         string
	ResidencyCountryCode      string
	OverseasAgency            StudyAgency
}

// CodeChecker answers whether a code exists in a common-code group.
type CodeChecker interface {
	Has(group, code string) bool
}

// Code groups the basic info refers to.
const (
	GroupVisaType      = "VISA_TYPE"
	GroupForeignerType = "FOREIGNER_TYPE"
	GroupAlienRegSts   = "ALIEN_REG_STS"
	GroupMaritalSts    = "MARITAL_STS"
	GroupResidencyType = "RESIDENCY_TYPE"
	GroupRelation      = "RELATION"
)

// InfoItems are the groups of applicantInfo a round may show, hide or
// require (the admin "info-inquiry" settings), with the fields a required
// group must have filled.
var InfoItems = map[string][]string{
	"passport":           {"passportNo"},
	"visa":               {"visaTypeCode"},
	"alienRegistration":  {"alienRegistrationStatus"},
	"emergencyContact":   {"emergencyContact.name", "emergencyContact.relation", "emergencyContact.phone"},
	"marital":            {"maritalStatus"},
	"spouse":             {"spouse.name"},
	"familyList":         {"familyList"},
	"financialGuarantor": {"financialGuarantor.name", "financialGuarantor.relation", "financialGuarantor.phone"},
	"languageSchool":     {"languageSchool.name"},
	"residency":          {"residencyTypeCode", "residencyCountryCode"},
	"overseasAgency":     {"overseasAgency.name", "overseasAgency.agentName", "overseasAgency.email"},
	"hometown":           {"hometown"},
	"stay":               {"entryDate", "monthsOfStay"},
	"messenger":          {"messengerId"},
	"g20":                {"g20Answers"},
	"scholarship":        {},
}

// InfoItemCodes lists InfoItems in display order.
var InfoItemCodes = []string{"passport", "visa", "alienRegistration", "emergencyContact", "marital", "spouse",
	"familyList", "financialGuarantor", "languageSchool", "residency", "overseasAgency", "hometown", "stay",
	"messenger", "g20", "scholarship"}

// groupLimits are the text maximums of the groups ValidateBasic does not
// see; a school may override them like DefaultTextLimits.
var groupLimits = map[string]int{
	"applicantInfo.applyVisa":                       100,
	"applicantInfo.spouse.name":                     50,
	"applicantInfo.spouse.occupation":               100,
	"applicantInfo.financialGuarantor.name":         50,
	"applicantInfo.financialGuarantor.relation":     30,
	"applicantInfo.financialGuarantor.occupation":   100,
	"applicantInfo.financialGuarantor.address":      200,
	"applicantInfo.financialGuarantor.annualIncome": 50,
	"applicantInfo.languageSchool.name":             100,
	"applicantInfo.languageSchool.level":            30,
	"applicantInfo.familyList.name":                 50,
	"applicantInfo.familyList.occupation":           100,
	"applicantInfo.overseasAgency.name":             100,
	"applicantInfo.overseasAgency.agentName":        50,
	"applicantInfo.overseasAgency.wechatId":         50,
	"applicantInfo.visaNo":                          30,
}

// TextLimits returns every text maximum of the form for a school: the
// defaults, the groups of ApplicantInfo, and the school's overrides.
func TextLimits(r school.Rules) map[string]int {
	out := map[string]int{}
	for _, m := range []map[string]int{DefaultTextLimits, groupLimits} {
		for k, v := range m {
			out[k] = r.TextLimit(k, v)
		}
	}
	for k, v := range r.TextLimits {
		if v > 0 {
			out[k] = v
		}
	}
	return out
}

// InfoContext is what ValidateInfo needs besides the info.
type InfoContext struct {
	Rules   school.Rules
	Lookups Lookups
	Codes   CodeChecker // nil: codes are not checked
	// Settings are the round's info items by code (see Sections); an item
	// without a setting is shown and optional.
	Settings map[string]ItemSetting
	Now      time.Time
}

// Sections are the groups shown to an applicant of a nationality.
func (c InfoContext) Sections(nationality string) SectionSet {
	return Sections(OriginOf(nationality), c.Rules, c.Settings)
}

// ValidateInfo checks the whole applicantInfo (the BASIS_SAVE step): every
// rule of ValidateBasic, the codes of the groups, the groups' own fields,
// and the groups the round requires. Groups not shown to the applicant
// (Sections) are not looked at: the caller stores KeepSections of the info.
func ValidateInfo(a ApplicantInfo, c InfoContext) error {
	sections := c.Sections(a.Nationality)
	a = KeepSections(a, sections)
	var f apperr.Fields
	if e, ok := apperr.As(ValidateBasic(a.BasicInfo, c.Rules, c.Lookups, c.Now)); ok {
		if e.Kind != apperr.KindInvalid || len(e.Fields) == 0 {
			return e
		}
		f = append(f, e.Fields...)
	}
	text := func(field, v string) bool {
		key := pfx + field
		max := c.Rules.TextLimit(key, groupLimits[key])
		if max > 0 && !textrule.Within(v, max) {
			f.AddParam(key, CodeTooLong, "max", max)
			return false
		}
		return true
	}
	code := func(field, group, v string) {
		if v != "" && c.Codes != nil && !c.Codes.Has(group, v) {
			f.Add(pfx+field, CodeCode)
		}
	}
	country := func(field, v string) {
		if v != "" && !has(c.Lookups.Countries, v) {
			f.Add(pfx+field, CodeCountry)
		}
	}
	phone := func(field, v string) {
		if v != "" && !textrule.Phone(v) {
			f.Add(pfx+field, CodePhone)
		}
	}
	email := func(field, v string) {
		if v == "" {
			return
		}
		if _, ok := account.NormalizeEmail(v); !ok {
			f.Add(pfx+field, account.CodeEmailFormat)
		}
	}
	pastDate := func(field, v string) (time.Time, bool) {
		d, ok := window.CheckOptionalDate(&f, pfx+field, v)
		if ok {
			window.NotAfterToday(&f, pfx+field, d, c.Now)
		}
		return d, ok
	}

	code("visaTypeCode", GroupVisaType, a.VisaTypeCode)
	code("applyVisa", GroupVisaType, a.ApplyVisa)
	code("foreignerType", GroupForeignerType, a.ForeignerType)
	code("alienRegistrationStatus", GroupAlienRegSts, a.AlienRegistrationStatus)
	code("maritalStatus", GroupMaritalSts, a.MaritalStatus)
	code("residencyTypeCode", GroupResidencyType, a.ResidencyTypeCode)
	country("residencyCountryCode", a.ResidencyCountryCode)
	text("visaNo", a.VisaNo)

	s := a.Spouse
	text("spouse.name", s.Name)
	text("spouse.occupation", s.Occupation)
	country("spouse.nationality", s.Nationality)
	pastDate("spouse.birthDate", s.BirthDate)
	phone("spouse.phone", s.Phone)

	g := a.FinancialGuarantor
	for _, t := range []struct{ k, v string }{{"name", g.Name}, {"relation", g.Relation}, {"occupation", g.Occupation}, {"address", g.Address}, {"annualIncome", g.AnnualIncome}} {
		text("financialGuarantor."+t.k, t.v)
	}
	phone("financialGuarantor.phone", g.Phone)
	email("financialGuarantor.email", g.Email)

	ls := a.LanguageSchool
	text("languageSchool.name", ls.Name)
	text("languageSchool.level", ls.Level)
	country("languageSchool.countryCode", ls.CountryCode)
	enter, ok1 := pastDate("languageSchool.enterDay", ls.EnterDay)
	grad, ok2 := window.CheckOptionalDate(&f, pfx+"languageSchool.graduateDay", ls.GraduateDay)
	if ok1 && ok2 {
		window.EndAfterStart(&f, pfx+"languageSchool.graduateDay", enter, grad)
	}

	if len(a.FamilyList) > MaxFamily {
		f.AddParam(pfx+"familyList", CodeTooMany, "max", MaxFamily)
	}
	for i, m := range a.FamilyList {
		p := fmt.Sprintf("familyList[%d].", i)
		if strings.TrimSpace(m.Name) == "" {
			f.Add(pfx+p+"name", CodeRequired)
		} else if max := c.Rules.TextLimit(pfx+"familyList.name", groupLimits[pfx+"familyList.name"]); !textrule.Within(m.Name, max) {
			f.AddParam(pfx+p+"name", CodeTooLong, "max", max)
		}
		if strings.TrimSpace(m.Relation) == "" {
			f.Add(pfx+p+"relation", CodeRequired)
		} else {
			code(p+"relation", GroupRelation, m.Relation)
		}
		if max := c.Rules.TextLimit(pfx+"familyList.occupation", groupLimits[pfx+"familyList.occupation"]); !textrule.Within(m.Occupation, max) {
			f.AddParam(pfx+p+"occupation", CodeTooLong, "max", max)
		}
		country(p+"nationality", m.Nationality)
		pastDate(p+"birthDate", m.BirthDate)
		phone(p+"phone", m.Phone)
	}

	ag := a.OverseasAgency
	text("overseasAgency.name", ag.Name)
	text("overseasAgency.agentName", ag.AgentName)
	text("overseasAgency.wechatId", ag.WechatID)
	email("overseasAgency.email", ag.Email)
	phone("overseasAgency.phone", ag.Phone)

	// Groups the round requires.
	for _, sec := range sections {
		if !sec.Required {
			continue
		}
		for _, field := range InfoItems[sec.Code] {
			if !itemFilled(&a, field) && !slices.ContainsFunc(f, func(e apperr.FieldError) bool { return e.Field == pfx+field }) {
				f.Add(pfx+field, CodeRequired)
			}
		}
	}
	return f.Err()
}
