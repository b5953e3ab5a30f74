package form

import (
	"slices"
	"strings"
)

// The fields of applicantInfo by the names the form gives them: the names
// of its field errors without the "applicantInfo." prefix, which clients
// and staff corrections use. They are declared here, one per field, so that
// no rule depends on how an adapter encodes the form.

// infoField reads and writes one top-level field of applicantInfo.
type infoField struct {
	copy  func(dst, src *ApplicantInfo)
	equal func(a, b *ApplicantInfo) bool
}

func scalarField[T comparable](at func(*ApplicantInfo) *T) infoField {
	return infoField{
		copy:  func(dst, src *ApplicantInfo) { *at(dst) = *at(src) },
		equal: func(a, b *ApplicantInfo) bool { return *at(a) == *at(b) },
	}
}

func listField[T comparable](at func(*ApplicantInfo) *[]T) infoField {
	return infoField{
		copy:  func(dst, src *ApplicantInfo) { *at(dst) = slices.Clone(*at(src)) },
		equal: func(a, b *ApplicantInfo) bool { return slices.Equal(*at(a), *at(b)) },
	}
}

func text(at func(*ApplicantInfo) *string) infoField { return scalarField(at) }
func flag(at func(*ApplicantInfo) *bool) infoField   { return scalarField(at) }

// infoFields are the top-level fields of applicantInfo; a group (spouse,
// emergencyContact ...) is one field.
var infoFields = map[string]infoField{
	"gend":                      text(func(a *ApplicantInfo) *string { return &a.Gend }),
	"korName":                   text(func(a *ApplicantInfo) *string { return &a.KorName }),
	"engName":                   text(func(a *ApplicantInfo) *string { return &a.EngName }),
	"firstName":                 text(func(a *ApplicantInfo) *string { return &a.FirstName }),
	"middleName":                text(func(a *ApplicantInfo) *string { return &a.MiddleName }),
	"lastName":                  text(func(a *ApplicantInfo) *string { return &a.LastName }),
	"engFirstName":              text(func(a *ApplicantInfo) *string { return &a.EngFirstName }),
	"engLastName":               text(func(a *ApplicantInfo) *string { return &a.EngLastName }),
	"firstName_eng":             text(func(a *ApplicantInfo) *string { return &a.FirstNameEng }),
	"lastName_eng":              text(func(a *ApplicantInfo) *string { return &a.LastNameEng }),
	"nationality":               text(func(a *ApplicantInfo) *string { return &a.Nationality }),
	"multiNationality":          flag(func(a *ApplicantInfo) *bool { return &a.MultiNationality }),
	"multiNationalityCode":      text(func(a *ApplicantInfo) *string { return &a.MultiNationalityCode }),
	"birthDate":                 text(func(a *ApplicantInfo) *string { return &a.BirthDate }),
	"foreignerType":             text(func(a *ApplicantInfo) *string { return &a.ForeignerType }),
	"isCompatriot":              flag(func(a *ApplicantInfo) *bool { return &a.IsCompatriot }),
	"overseasKorean":            flag(func(a *ApplicantInfo) *bool { return &a.OverseasKorean }),
	"scholarship":               flag(func(a *ApplicantInfo) *bool { return &a.Scholarship }),
	"residentNoLast":            text(func(a *ApplicantInfo) *string { return &a.ResidentNoLast }),
	"passportNo":                text(func(a *ApplicantInfo) *string { return &a.PassportNo }),
	"passportIssueDate":         text(func(a *ApplicantInfo) *string { return &a.PassportIssueDate }),
	"passportExpiryDate":        text(func(a *ApplicantInfo) *string { return &a.PassportExpiryDate }),
	"passportIssueCountry":      text(func(a *ApplicantInfo) *string { return &a.PassportIssueCountry }),
	"visaTypeCode":              text(func(a *ApplicantInfo) *string { return &a.VisaTypeCode }),
	"visaTypeEtc":               text(func(a *ApplicantInfo) *string { return &a.VisaTypeEtc }),
	"visaNo":                    text(func(a *ApplicantInfo) *string { return &a.VisaNo }),
	"visaExpiryDate":            text(func(a *ApplicantInfo) *string { return &a.VisaExpiryDate }),
	"foreignerRegistrationNo":   text(func(a *ApplicantInfo) *string { return &a.ForeignerRegistrationNo }),
	"address":                   text(func(a *ApplicantInfo) *string { return &a.Address }),
	"addressDetail":             text(func(a *ApplicantInfo) *string { return &a.AddressDetail }),
	"postCode":                  text(func(a *ApplicantInfo) *string { return &a.PostCode }),
	"foreignAddress":            text(func(a *ApplicantInfo) *string { return &a.ForeignAddress }),
	"phone":                     text(func(a *ApplicantInfo) *string { return &a.Phone }),
	"mobile":                    text(func(a *ApplicantInfo) *string { return &a.Mobile }),
	"email":                     text(func(a *ApplicantInfo) *string { return &a.Email }),
	"messengerId":               text(func(a *ApplicantInfo) *string { return &a.MessengerID }),
	"skypeId":                   text(func(a *ApplicantInfo) *string { return &a.SkypeID }),
	"videoEssayUrl":             text(func(a *ApplicantInfo) *string { return &a.VideoEssayURL }),
	"hometown":                  text(func(a *ApplicantInfo) *string { return &a.Hometown }),
	"entryDate":                 text(func(a *ApplicantInfo) *string { return &a.EntryDate }),
	"monthsOfStay":              text(func(a *ApplicantInfo) *string { return &a.MonthsOfStay }),
	"emergencyContact":          scalarField(func(a *ApplicantInfo) *EmergencyContact { return &a.EmergencyContact }),
	"maritalStatus":             text(func(a *ApplicantInfo) *string { return &a.MaritalStatus }),
	"childNum":                  text(func(a *ApplicantInfo) *string { return &a.ChildNum }),
	"g20Answers":                listField(func(a *ApplicantInfo) *[]string { return &a.G20Answers }),
	"g20Member":                 flag(func(a *ApplicantInfo) *bool { return &a.G20Member }),
	"visaChangeRequired":        flag(func(a *ApplicantInfo) *bool { return &a.VisaChangeRequired }),
	"applyVisa":                 text(func(a *ApplicantInfo) *string { return &a.ApplyVisa }),
	"isHaveExperienceApplyVisa": flag(func(a *ApplicantInfo) *bool { return &a.IsHaveExperienceApplyVisa }),
	"isApplyVisaApproved":       flag(func(a *ApplicantInfo) *bool { return &a.IsApplyVisaApproved }),
	"travelAbroad":              flag(func(a *ApplicantInfo) *bool { return &a.TravelAbroad }),
	"alienRegistrationStatus":   text(func(a *ApplicantInfo) *string { return &a.AlienRegistrationStatus }),
	"spouse":                    scalarField(func(a *ApplicantInfo) *Spouse { return &a.Spouse }),
	"financialGuarantor":        scalarField(func(a *ApplicantInfo) *Guarantor { return &a.FinancialGuarantor }),
	"languageSchool":            scalarField(func(a *ApplicantInfo) *LanguageSchool { return &a.LanguageSchool }),
	"familyList":                listField(func(a *ApplicantInfo) *[]FamilyMember { return &a.FamilyList }),
	"residencyTypeCode":         text(func(a *ApplicantInfo) *string { return &a.ResidencyTypeCode }),
	"residencyCountryCode":      text(func(a *ApplicantInfo) *string { return &a.ResidencyCountryCode }),
	"overseasAgency":            scalarField(func(a *ApplicantInfo) *StudyAgency { return &a.OverseasAgency }),
}

// IsInfoField reports whether applicantInfo has a top-level field of this
// name.
func IsInfoField(name string) bool {
	_, ok := infoFields[name]
	return ok
}

// InfoChanges are new values for some top-level fields of applicantInfo:
// Names says which (by the form's names, e.g. "mobile", "spouse"), Values
// holds them; its other fields are not looked at.
type InfoChanges struct {
	Names  []string
	Values ApplicantInfo
}

// Apply puts the named fields of c.Values into a. It answers the result,
// the names whose value differs from a's, sorted, and the names
// applicantInfo does not have (nothing is applied then).
func (c InfoChanges) Apply(a ApplicantInfo) (next ApplicantInfo, changed, unknown []string) {
	for _, name := range c.Names {
		if !IsInfoField(name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return a, nil, unknown
	}
	next = a
	next.G20Answers, next.FamilyList = slices.Clone(a.G20Answers), slices.Clone(a.FamilyList)
	for _, name := range c.Names {
		f := infoFields[name]
		if f.equal(&a, &c.Values) || slices.Contains(changed, name) {
			continue
		}
		f.copy(&next, &c.Values)
		changed = append(changed, name)
	}
	slices.Sort(changed)
	return next, changed, nil
}

// infoItemFilled tells, for each field a required group must have filled
// (InfoItems), whether it is: text that is not blank, a list with an entry.
var infoItemFilled = map[string]func(a *ApplicantInfo) bool{
	"passportNo":                  filledText(func(a *ApplicantInfo) string { return a.PassportNo }),
	"visaTypeCode":                filledText(func(a *ApplicantInfo) string { return a.VisaTypeCode }),
	"alienRegistrationStatus":     filledText(func(a *ApplicantInfo) string { return a.AlienRegistrationStatus }),
	"emergencyContact.name":       filledText(func(a *ApplicantInfo) string { return a.EmergencyContact.Name }),
	"emergencyContact.relation":   filledText(func(a *ApplicantInfo) string { return a.EmergencyContact.Relation }),
	"emergencyContact.phone":      filledText(func(a *ApplicantInfo) string { return a.EmergencyContact.Phone }),
	"maritalStatus":               filledText(func(a *ApplicantInfo) string { return a.MaritalStatus }),
	"spouse.name":                 filledText(func(a *ApplicantInfo) string { return a.Spouse.Name }),
	"familyList":                  func(a *ApplicantInfo) bool { return len(a.FamilyList) > 0 },
	"financialGuarantor.name":     filledText(func(a *ApplicantInfo) string { return a.FinancialGuarantor.Name }),
	"financialGuarantor.relation": filledText(func(a *ApplicantInfo) string { return a.FinancialGuarantor.Relation }),
	"financialGuarantor.phone":    filledText(func(a *ApplicantInfo) string { return a.FinancialGuarantor.Phone }),
	"languageSchool.name":         filledText(func(a *ApplicantInfo) string { return a.LanguageSchool.Name }),
	"residencyTypeCode":           filledText(func(a *ApplicantInfo) string { return a.ResidencyTypeCode }),
	"residencyCountryCode":        filledText(func(a *ApplicantInfo) string { return a.ResidencyCountryCode }),
	"overseasAgency.name":         filledText(func(a *ApplicantInfo) string { return a.OverseasAgency.Name }),
	"overseasAgency.agentName":    filledText(func(a *ApplicantInfo) string { return a.OverseasAgency.AgentName }),
	"overseasAgency.email":        filledText(func(a *ApplicantInfo) string { return a.OverseasAgency.Email }),
	"hometown":                    filledText(func(a *ApplicantInfo) string { return a.Hometown }),
	"entryDate":                   filledText(func(a *ApplicantInfo) string { return a.EntryDate }),
	"monthsOfStay":                filledText(func(a *ApplicantInfo) string { return a.MonthsOfStay }),
	"messengerId":                 filledText(func(a *ApplicantInfo) string { return a.MessengerID }),
	"g20Answers": func(a *ApplicantInfo) bool {
		return slices.ContainsFunc(a.G20Answers, func(s string) bool { return strings.TrimSpace(s) != "" })
	},
}

func filledText(v func(*ApplicantInfo) string) func(*ApplicantInfo) bool {
	return func(a *ApplicantInfo) bool { return strings.TrimSpace(v(a)) != "" }
}

// itemFilled reports whether a field of InfoItems is filled in.
func itemFilled(a *ApplicantInfo, field string) bool {
	f, ok := infoItemFilled[field]
	return ok && f(a)
}
