package form

import (
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/window"
)

type groupCodes map[string]bool

func (g groupCodes) Has(group, code string) bool { return g[group+":"+code] }

var codes = groupCodes{"VISA_TYPE:D-2": true, "VISA_TYPE:00999": true, "RELATION:FATHER": true, "MARITAL_STS:M": true,
	"RESIDENCY_TYPE:R1": true, "FOREIGNER_TYPE:F1": true, "ALIEN_REG_STS:Y": true}

func info() ApplicantInfo { return ApplicantInfo{BasicInfo: foreigner()} }

// Spec section 3 "Basic info": spouse data, financial guarantor, language
// school info, family info, residency type and country, overseas study
// agency; the round's info settings decide which groups are required.
func TestValidateInfo(t *testing.T) {
	t.Parallel()
	ctx := InfoContext{Rules: dflt, Lookups: lk, Codes: codes, Now: now}
	expect(t, ValidateInfo(info(), ctx))
	cases := []struct {
		name     string
		mod      func(a *ApplicantInfo)
		required []string
		want     []string
	}{
		{"basic rules still apply", func(a *ApplicantInfo) { a.Gend = "" }, nil, []string{"applicantInfo.gend:" + CodeGender}},
		{"visa type from the code list", func(a *ApplicantInfo) { a.VisaTypeCode = "Z-9" }, nil, []string{"applicantInfo.visaTypeCode:" + CodeCode}},
		{"codes of the groups", func(a *ApplicantInfo) {
			a.ApplyVisa, a.ForeignerType, a.AlienRegistrationStatus, a.MaritalStatus, a.ResidencyTypeCode = "x", "x", "x", "x", "x"
		}, nil, []string{"applicantInfo.applyVisa:" + CodeCode, "applicantInfo.foreignerType:" + CodeCode,
			"applicantInfo.alienRegistrationStatus:" + CodeCode, "applicantInfo.maritalStatus:" + CodeCode, "applicantInfo.residencyTypeCode:" + CodeCode}},
		{"residency country exists", func(a *ApplicantInfo) { a.ResidencyCountryCode = "000" }, nil, []string{"applicantInfo.residencyCountryCode:" + CodeCountry}},
		{"visa number maximum", func(a *ApplicantInfo) { a.VisaNo = strings.Repeat("1", 31) }, nil, []string{"applicantInfo.visaNo:" + CodeTooLong}},
		{"spouse", func(a *ApplicantInfo) {
			a.Spouse = Spouse{Name: strings.Repeat("가", 51), Nationality: "000", BirthDate: "2027-01-01", Phone: "x"}
		}, nil, []string{"applicantInfo.spouse.name:" + CodeTooLong, "applicantInfo.spouse.nationality:" + CodeCountry,
			"applicantInfo.spouse.birthDate:" + window.CodeNotAfterToday, "applicantInfo.spouse.phone:" + CodePhone}},
		{"guarantor", func(a *ApplicantInfo) {
			a.FinancialGuarantor = Guarantor{Name: "Zhang", Relation: "father", Phone: "123", Email: "no-at"}
		}, nil, []string{"applicantInfo.financialGuarantor.phone:" + CodePhone, "applicantInfo.financialGuarantor.email:" + account.CodeEmailFormat}},
		{"language school dates", func(a *ApplicantInfo) {
			a.LanguageSchool = LanguageSchool{Name: "KLI", CountryCode: "410", EnterDay: "2024-03-01", GraduateDay: "2024-02-01"}
		}, nil, []string{"applicantInfo.languageSchool.graduateDay:" + window.CodeEndAfterStart}},
		{"family member", func(a *ApplicantInfo) {
			a.FamilyList = []FamilyMember{{Relation: "UNCLE", Occupation: strings.Repeat("a", 101)}, {Name: strings.Repeat("a", 51), Relation: "FATHER", Nationality: "x"}}
		}, nil, []string{"applicantInfo.familyList[0].name:" + CodeRequired, "applicantInfo.familyList[0].relation:" + CodeCode,
			"applicantInfo.familyList[0].occupation:" + CodeTooLong, "applicantInfo.familyList[1].name:" + CodeTooLong, "applicantInfo.familyList[1].nationality:" + CodeCountry}},
		{"family relation required", func(a *ApplicantInfo) { a.FamilyList = []FamilyMember{{Name: "Zhang"}} }, nil,
			[]string{"applicantInfo.familyList[0].relation:" + CodeRequired}},
		{"at most 10 family members", func(a *ApplicantInfo) {
			for range 11 {
				a.FamilyList = append(a.FamilyList, FamilyMember{Name: "A", Relation: "FATHER"})
			}
		}, nil, []string{"applicantInfo.familyList:" + CodeTooMany}},
		{"agency", func(a *ApplicantInfo) {
			a.OverseasAgency = StudyAgency{Name: "Agency", AgentName: "Li", Email: "li@", Phone: "abc", WechatID: strings.Repeat("w", 51)}
		}, nil, []string{"applicantInfo.overseasAgency.wechatId:" + CodeTooLong, "applicantInfo.overseasAgency.email:" + account.CodeEmailFormat,
			"applicantInfo.overseasAgency.phone:" + CodePhone}},
		{"required groups", func(a *ApplicantInfo) {}, []string{"spouse", "familyList", "g20", "residency"},
			[]string{"applicantInfo.spouse.name:" + CodeRequired, "applicantInfo.familyList:" + CodeRequired,
				"applicantInfo.residencyTypeCode:" + CodeRequired, "applicantInfo.residencyCountryCode:" + CodeRequired, "applicantInfo.g20Answers:" + CodeRequired}},
		{"required groups filled", func(a *ApplicantInfo) {
			a.Spouse.Name = "Li"
			a.FamilyList = []FamilyMember{{Name: "Zhang", Relation: "FATHER"}}
			a.G20Answers = []string{"Y"}
			a.ResidencyTypeCode, a.ResidencyCountryCode = "R1", "156"
		}, []string{"spouse", "familyList", "g20", "residency", "scholarship"}, nil},
		{"a field already wrong is not also reported missing", func(a *ApplicantInfo) { a.MonthsOfStay = "x"; a.EntryDate = "2024-01-01" },
			[]string{"stay"}, []string{"applicantInfo.monthsOfStay:" + CodeDigits}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a := info()
			c.mod(&a)
			cx := ctx
			cx.Settings = requiredSettings(c.required...)
			expect(t, ValidateInfo(a, cx), c.want...)
		})
	}
	// Without a code checker, codes are the adapter's to check.
	a := info()
	a.MaritalStatus = "unknown"
	expect(t, ValidateInfo(a, InfoContext{Rules: dflt, Lookups: lk, Now: now}))
	for _, item := range InfoItemCodes {
		if _, ok := InfoItems[item]; !ok {
			t.Errorf("InfoItemCodes lists %q, InfoItems does not", item)
		}
	}
	if len(InfoItemCodes) != len(InfoItems) {
		t.Error("InfoItems and InfoItemCodes differ")
	}
}

// requiredSettings shows and requires the items given.
func requiredSettings(items ...string) map[string]ItemSetting {
	out := map[string]ItemSetting{}
	for _, it := range items {
		out[it] = ItemSetting{Display: true, Required: true}
	}
	return out
}

func TestTextLimits(t *testing.T) {
	t.Parallel()
	r := dflt
	r.TextLimits = map[string]int{"applicantInfo.spouse.name": 20, "essays.custom": 300, "careerList.description": 0}
	got := TextLimits(r)
	if got["applicantInfo.spouse.name"] != 20 || got["essays.custom"] != 300 || got["careerList.description"] != 1000 || got["applicantInfo.visaNo"] != 30 || got["applicantInfo.korName"] != 20 {
		t.Fatalf("%v", got)
	}
}

func TestItemFilled(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		field string
		a     ApplicantInfo
		want  bool
	}{
		{"hometown", ApplicantInfo{}, false},
		{"hometown", ApplicantInfo{BasicInfo: BasicInfo{Hometown: " "}}, false},
		{"hometown", ApplicantInfo{BasicInfo: BasicInfo{Hometown: "a"}}, true},
		{"g20Answers", ApplicantInfo{BasicInfo: BasicInfo{G20Answers: []string{}}}, false},
		{"g20Answers", ApplicantInfo{BasicInfo: BasicInfo{G20Answers: []string{" ", ""}}}, false},
		{"g20Answers", ApplicantInfo{BasicInfo: BasicInfo{G20Answers: []string{"a"}}}, true},
		{"familyList", ApplicantInfo{FamilyList: []FamilyMember{}}, false},
		{"familyList", ApplicantInfo{FamilyList: []FamilyMember{{}}}, true},
		{"spouse.name", ApplicantInfo{Spouse: Spouse{Name: "a"}}, true},
		{"nope", ApplicantInfo{}, false},
	} {
		if itemFilled(&c.a, c.field) != c.want {
			t.Errorf("itemFilled(%s, %+v)", c.field, c.a)
		}
	}
}

func FuzzValidateInfo(f *testing.F) {
	f.Add("Li", "FATHER", "2024-01-01", "li@example.com", uint8(3))
	f.Fuzz(func(t *testing.T, name, relation, day, email string, n uint8) {
		a := info()
		for range int(n % 13) {
			a.FamilyList = append(a.FamilyList, FamilyMember{Name: name, Relation: relation, BirthDate: day})
		}
		a.OverseasAgency.Email = email
		err := ValidateInfo(a, InfoContext{Rules: dflt, Lookups: lk, Codes: codes, Now: now, Settings: requiredSettings("familyList")})
		if err != nil {
			return
		}
		if len(a.FamilyList) == 0 || len(a.FamilyList) > MaxFamily || strings.TrimSpace(name) == "" || relation != "FATHER" {
			t.Fatalf("accepted %d members %q %q", len(a.FamilyList), name, relation)
		}
	})
}
