package form

import (
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/textrule"
	"github.com/gradapply/gradapply/core/window"
)

// EmergencyContact is whom to call.
type EmergencyContact struct {
	Name     string
	Relation string
	Phone    string
}

// BasicInfo is applicantInfo of spec section 3 "Basic info".
type BasicInfo struct {
	Gend                    string
	KorName                 string
	EngName                 string
	FirstName               string
	MiddleName              string
	LastName                string
	EngFirstName            string
	EngLastName             string
	FirstNameEng            string
	LastNameEng             string
	Nationality             string
	MultiNationality        bool
	MultiNationalityCode    string
	BirthDate               string
	ForeignerType           string
	IsCompatriot            bool
	OverseasKorean          bool
	Scholarship             bool
	ResidentNoLast          string
	PassportNo              string
	PassportIssueDate       string
	PassportExpiryDate      string
	PassportIssueCountry    string
	VisaTypeCode            string
	VisaTypeEtc             string
	VisaNo                  string
	VisaExpiryDate          string
	ForeignerRegistrationNo string
	Address                 string
	AddressDetail           string
	PostCode                string
	ForeignAddress          string
	Phone                   string
	Mobile                  string
	Email                   string
	MessengerID             string
	SkypeID                 string
	VideoEssayURL           string
	Hometown                string
	EntryDate               string
	MonthsOfStay            string
	EmergencyContact        EmergencyContact
	MaritalStatus           string
	ChildNum                string
	G20Answers              []string
}

const pfx = "applicantInfo."

type nameRule struct {
	field string
	value string
	ok    func(string) bool
	code  string
}

// ValidateBasic checks applicantInfo (the BASIS_SAVE step).
func ValidateBasic(b BasicInfo, r school.Rules, lk Lookups, now time.Time) error {
	var f apperr.Fields
	lim := limiter{r}
	req := func(field, v string) bool {
		if strings.TrimSpace(v) == "" {
			f.Add(pfx+field, CodeRequired)
			return false
		}
		return true
	}

	if b.Gend != "M" && b.Gend != "F" {
		f.Add(pfx+"gend", CodeGender)
	}

	// Nationality: an existing code the programme accepts.
	korean := Korean(b.Nationality)
	switch {
	case !req("nationality", b.Nationality):
	case !has(lk.Countries, b.Nationality):
		f.Add(pfx+"nationality", CodeCountry)
	case !r.NationalityAllowed(b.Nationality):
		f.Add(pfx+"nationality", school.CodeNationalityRefused)
	}
	if b.MultiNationality {
		switch {
		case !req("multiNationalityCode", b.MultiNationalityCode):
		case !has(lk.Countries, b.MultiNationalityCode):
			f.Add(pfx+"multiNationalityCode", CodeCountry)
		case b.MultiNationalityCode == b.Nationality:
			f.Add(pfx+"multiNationalityCode", CodeMultiNationality)
		}
	}

	// Names: required by nationality, each checked by its rule when given.
	if korean {
		req("korName", b.KorName)
		req("engName", b.EngName)
	} else {
		req("firstName", b.FirstName)
		req("lastName", b.LastName)
	}
	for _, n := range []nameRule{
		{"korName", b.KorName, textrule.KorName, CodeKorName},
		{"engName", b.EngName, textrule.EngName, CodeEngName},
		{"firstName", b.FirstName, textrule.KorEngDigit, CodeNameKorEngDigit},
		{"lastName", b.LastName, textrule.KorEngDigit, CodeNameKorEngDigit},
		{"middleName", b.MiddleName, textrule.MiddleName, CodeMiddleName},
		{"engFirstName", b.EngFirstName, textrule.EngAlnum, CodeEngAlnum},
		{"engLastName", b.EngLastName, textrule.EngAlnum, CodeEngAlnum},
		{"firstName_eng", b.FirstNameEng, textrule.EngOnly, CodeEngOnly},
		{"lastName_eng", b.LastNameEng, textrule.EngOnly, CodeEngOnly},
	} {
		if n.value == "" {
			continue
		}
		if lim.check(&f, pfx+n.field, pfx+n.field, n.value) && !n.ok(n.value) {
			f.Add(pfx+n.field, n.code)
		}
	}

	birth, birthOK := window.CheckDate(&f, pfx+"birthDate", b.BirthDate)
	if birthOK {
		window.NotAfterToday(&f, pfx+"birthDate", birth, now)
	}

	// Identification numbers.
	switch {
	case b.ResidentNoLast != "":
		if !birthOK || !ResidentNoLast(b.ResidentNoLast, birth, b.Gend) {
			f.Add(pfx+"residentNoLast", CodeResidentNo)
		}
	case korean:
		f.Add(pfx+"residentNoLast", CodeRequired)
	}
	// Passport, visa, alien registration and G20 apply to foreign
	// nationals only (Sections); a Korean's are not looked at.
	foreign := OriginOf(b.Nationality) == OriginForeign
	if foreign && b.ForeignerRegistrationNo != "" && !AlienNo(b.ForeignerRegistrationNo) {
		f.Add(pfx+"foreignerRegistrationNo", CodeAlienNo)
	}

	// Passport and visa: foreigners give them, or the school's "none".
	if foreign {
		validatePassport(&f, b, r, lk, now, true)
	}
	if foreign {
		switch {
		case !req("visaTypeCode", b.VisaTypeCode):
		case r.NoVisa(b.VisaTypeCode):
		case b.VisaTypeCode == school.VisaOther:
			if req("visaTypeEtc", b.VisaTypeEtc) {
				lim.check(&f, pfx+"visaTypeEtc", pfx+"visaTypeEtc", b.VisaTypeEtc)
			}
		}
		if b.VisaExpiryDate != "" && !r.NoVisa(b.VisaTypeCode) {
			window.CheckDate(&f, pfx+"visaExpiryDate", b.VisaExpiryDate)
		}
	}

	// Contact.
	if _, ok := account.NormalizeEmail(b.Email); !ok {
		f.Add(pfx+"email", account.CodeEmailFormat)
	}
	if b.Mobile == "" && b.Phone == "" {
		f.Add(pfx+"mobile", CodeRequired)
	}
	for _, p := range []struct{ field, v string }{{"phone", b.Phone}, {"mobile", b.Mobile}, {"emergencyContact.phone", b.EmergencyContact.Phone}} {
		if p.v != "" && !textrule.Phone(p.v) {
			f.Add(pfx+p.field, CodePhone)
		}
	}
	for _, t := range []struct{ field, v string }{
		{"address", b.Address}, {"addressDetail", b.AddressDetail}, {"foreignAddress", b.ForeignAddress},
		{"postCode", b.PostCode}, {"messengerId", b.MessengerID}, {"skypeId", b.SkypeID}, {"hometown", b.Hometown},
		{"emergencyContact.name", b.EmergencyContact.Name}, {"emergencyContact.relation", b.EmergencyContact.Relation},
	} {
		lim.check(&f, pfx+t.field, pfx+t.field, t.v)
	}
	if b.EntryDate != "" {
		window.CheckDate(&f, pfx+"entryDate", b.EntryDate)
	}
	if b.MonthsOfStay != "" && (!textrule.Digits(b.MonthsOfStay) || len(b.MonthsOfStay) > 4) {
		f.Add(pfx+"monthsOfStay", CodeDigits)
	}
	if b.ChildNum != "" && (!textrule.Digits(b.ChildNum) || len(b.ChildNum) > 2) {
		f.Add(pfx+"childNum", CodeDigits)
	}

	// School rules.
	if r.VideoEssay != nil && req("videoEssayUrl", b.VideoEssayURL) {
		if code := r.VideoEssay.Check(b.VideoEssayURL); code != "" {
			f.Add(pfx+"videoEssayUrl", code)
		}
	}
	if r.G20Required && foreign {
		answered := false
		for _, a := range b.G20Answers {
			answered = answered || strings.TrimSpace(a) != ""
		}
		if !answered {
			f.Add(pfx+"g20Answers", CodeG20Required)
		}
	}
	return f.Err()
}

func validatePassport(f *apperr.Fields, b BasicInfo, r school.Rules, lk Lookups, now time.Time, required bool) {
	switch {
	case b.PassportNo == "":
		if required {
			f.Add(pfx+"passportNo", CodeRequired)
		}
		return
	case r.NoPassport(b.PassportNo):
		return
	case len(b.PassportNo) < 5 || len(b.PassportNo) > 20 || !textrule.EngAlnum(b.PassportNo):
		f.Add(pfx+"passportNo", CodePassportNo)
	}
	issue, ok1 := window.CheckDate(f, pfx+"passportIssueDate", b.PassportIssueDate)
	expiry, ok2 := window.CheckDate(f, pfx+"passportExpiryDate", b.PassportExpiryDate)
	if ok1 {
		window.NotAfterToday(f, pfx+"passportIssueDate", issue, now)
	}
	if ok1 && ok2 {
		window.EndAfterStart(f, pfx+"passportExpiryDate", issue, expiry)
	}
	if b.PassportIssueCountry == "" {
		f.Add(pfx+"passportIssueCountry", CodeRequired)
	} else if !has(lk.Countries, b.PassportIssueCountry) {
		f.Add(pfx+"passportIssueCountry", CodeCountry)
	}
}
