package form

import (
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/school"
)

func codesOf(s SectionSet) []string {
	out := []string{}
	for _, x := range s {
		c := x.Code
		if x.Required {
			c += "*"
		}
		out = append(out, c)
	}
	return out
}

// Defect 7: a Korean applicant is not shown the passport, visa, alien
// registration, guarantor or G20 sections; a foreign applicant is, with the
// passport and visa required, and the round's settings hide or require the
// others.
func TestSections(t *testing.T) {
	t.Parallel()
	g20 := dflt
	g20.G20Required = true
	hide := map[string]ItemSetting{"spouse": {Display: false}, "familyList": {Display: true, Required: true},
		"financialGuarantor": {Display: false, Required: true}, "g20": {Display: false}}
	common := []string{"emergencyContact", "marital", "spouse", "familyList", "residency", "hometown", "messenger", "scholarship"}
	for _, c := range []struct {
		name     string
		o        Origin
		r        school.Rules
		settings map[string]ItemSetting
		want     []string
	}{
		{"no nationality yet", OriginNone, dflt, nil, common},
		{"Korean", OriginKorean, dflt, nil, common},
		{"Korean, G20 required by the school", OriginKorean, g20, nil, common},
		{"foreign", OriginForeign, dflt, nil, []string{"passport*", "visa*", "alienRegistration", "emergencyContact", "marital", "spouse", "familyList",
			"financialGuarantor", "languageSchool", "residency", "overseasAgency", "hometown", "stay", "messenger", "g20", "scholarship"}},
		{"foreign, G20 required", OriginForeign, g20, map[string]ItemSetting{"g20": {Display: false}}, []string{"passport*", "visa*", "alienRegistration", "emergencyContact", "marital", "spouse", "familyList",
			"financialGuarantor", "languageSchool", "residency", "overseasAgency", "hometown", "stay", "messenger", "g20*", "scholarship"}},
		{"round settings: hidden never required, passport and visa cannot be hidden", OriginForeign, dflt,
			map[string]ItemSetting{"passport": {Display: false}, "visa": {Display: false}, "familyList": {Display: true, Required: true},
				"financialGuarantor": {Display: false, Required: true}, "g20": {Display: false}, "spouse": {Display: false}},
			[]string{"passport*", "visa*", "alienRegistration", "emergencyContact", "marital", "familyList*",
				"languageSchool", "residency", "overseasAgency", "hometown", "stay", "messenger", "scholarship"}},
		{"Korean with round settings", OriginKorean, dflt, hide, []string{"emergencyContact", "marital", "familyList*", "residency", "hometown", "messenger", "scholarship"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := codesOf(Sections(c.o, c.r, c.settings)); !slices.Equal(got, c.want) {
				t.Fatalf("got  %v\nwant %v", got, c.want)
			}
		})
	}
	if OriginOf("") != OriginNone || OriginOf(school.CountryKorea) != OriginKorean || OriginOf("156") != OriginForeign {
		t.Fatal("OriginOf")
	}
}

// The server requires exactly what is shown: a Korean's hidden sections are
// neither required nor checked, and are dropped before storing.
func TestValidateInfoHiddenSections(t *testing.T) {
	t.Parallel()
	g20 := dflt
	g20.G20Required = true
	ctx := InfoContext{Rules: g20, Lookups: lk, Codes: codes, Now: now,
		Settings: requiredSettings("financialGuarantor", "alienRegistration", "stay", "g20")}

	k := ApplicantInfo{BasicInfo: korean()}
	k.PassportNo, k.PassportIssueDate, k.VisaTypeCode, k.ForeignerRegistrationNo = "x", "never", "Z-9", "1"
	k.FinancialGuarantor = Guarantor{Phone: "bad"}
	k.EntryDate, k.MonthsOfStay = "bad", "x"
	k.G20Member, k.G20Answers = true, []string{"156"}
	expect(t, ValidateInfo(k, ctx))
	kept := KeepSections(k, ctx.Sections(k.Nationality))
	if kept.PassportNo != "" || kept.PassportIssueDate != "" || kept.VisaTypeCode != "" || kept.ForeignerRegistrationNo != "" ||
		kept.FinancialGuarantor != (Guarantor{}) || kept.EntryDate != "" || kept.MonthsOfStay != "" || kept.G20Member || len(kept.G20Answers) != 0 {
		t.Fatalf("hidden data kept: %+v", kept)
	}
	if kept.KorName != k.KorName || kept.ResidentNoLast != k.ResidentNoLast || kept.Email != k.Email {
		t.Fatalf("shown data lost: %+v", kept)
	}

	// the same settings require a foreigner's sections
	f := info()
	expect(t, ValidateInfo(f, ctx),
		"applicantInfo.g20Answers:"+CodeG20Required,
		"applicantInfo.alienRegistrationStatus:"+CodeRequired,
		"applicantInfo.financialGuarantor.name:"+CodeRequired, "applicantInfo.financialGuarantor.relation:"+CodeRequired, "applicantInfo.financialGuarantor.phone:"+CodeRequired,
		"applicantInfo.entryDate:"+CodeRequired, "applicantInfo.monthsOfStay:"+CodeRequired)
	// and a section the round hides is dropped even for a foreigner
	f.Spouse.Name = "Li"
	hidden := ctx
	hidden.Settings = map[string]ItemSetting{"spouse": {Display: false}}
	if KeepSections(f, hidden.Sections(f.Nationality)).Spouse.Name != "" {
		t.Fatal("hidden spouse kept")
	}
}
