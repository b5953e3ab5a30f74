package form

import (
	"reflect"
	"slices"
	"testing"
)

// topFields lists the top-level fields of applicantInfo by their Go names,
// the basic info's included.
func topFields() []string {
	var out []string
	t := reflect.TypeFor[ApplicantInfo]()
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			for j := range f.Type.NumField() {
				out = append(out, f.Type.Field(j).Name)
			}
			continue
		}
		out = append(out, f.Name)
	}
	return out
}

// fullInfo has every field of applicantInfo set.
func fullInfo() ApplicantInfo {
	a := ApplicantInfo{G20Member: true, VisaChangeRequired: true, ApplyVisa: "D-2", IsHaveExperienceApplyVisa: true,
		IsApplyVisaApproved: true, TravelAbroad: true, AlienRegistrationStatus: "01",
		Spouse:             Spouse{Name: "s", Nationality: "156", BirthDate: "1990-01-01", Occupation: "o", Phone: "010"},
		FinancialGuarantor: Guarantor{Name: "g", Relation: "r", Occupation: "o", Phone: "010", Email: "g@x", Address: "a", AnnualIncome: "1"},
		LanguageSchool:     LanguageSchool{Name: "l", CountryCode: "410", EnterDay: "2020-01-01", GraduateDay: "2021-01-01", Level: "3"},
		FamilyList:         []FamilyMember{{Relation: "r", Name: "n"}}, ResidencyTypeCode: "1", ResidencyCountryCode: "156",
		OverseasAgency: StudyAgency{Name: "n", AgentName: "a", Email: "e", Phone: "p", WechatID: "w"}}
	b := reflect.ValueOf(&a.BasicInfo).Elem()
	for i := range b.NumField() {
		switch f := b.Field(i); f.Kind() {
		case reflect.String:
			f.SetString(b.Type().Field(i).Name)
		case reflect.Bool:
			f.SetBool(true)
		}
	}
	a.EmergencyContact = EmergencyContact{Name: "e", Relation: "r", Phone: "010"}
	a.G20Answers = []string{"156"}
	return a
}

// Each name of the table writes exactly one field of applicantInfo, and
// together they write all of them: a field added to the form without a name
// fails here.
func TestInfoFieldsCoverEveryField(t *testing.T) {
	t.Parallel()
	if got, want := len(infoFields), len(topFields()); got != want {
		t.Fatalf("%d named fields, applicantInfo has %d", got, want)
	}
	full := fullInfo()
	written := map[string]string{}
	for name := range infoFields {
		next, changed, unknown := InfoChanges{Names: []string{name}, Values: full}.Apply(ApplicantInfo{})
		if len(unknown) > 0 || !slices.Equal(changed, []string{name}) {
			t.Fatalf("%s: changed %v, unknown %v", name, changed, unknown)
		}
		diff := differing(next, ApplicantInfo{})
		if len(diff) != 1 {
			t.Fatalf("%s writes %v", name, diff)
		}
		if other, dup := written[diff[0]]; dup {
			t.Fatalf("%s and %s both write %s", name, other, diff[0])
		}
		written[diff[0]] = name
	}
	all := InfoChanges{Values: full}
	for name := range infoFields {
		all.Names = append(all.Names, name)
	}
	if next, _, _ := all.Apply(ApplicantInfo{}); !reflect.DeepEqual(next, full) {
		t.Fatalf("all fields: %+v", next)
	}
}

func differing(a, b ApplicantInfo) []string {
	var out []string
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for _, name := range topFields() {
		if !reflect.DeepEqual(va.FieldByName(name).Interface(), vb.FieldByName(name).Interface()) {
			out = append(out, name)
		}
	}
	return out
}

func TestInfoChangesApply(t *testing.T) {
	t.Parallel()
	stored := fullInfo()
	in := ApplicantInfo{Spouse: Spouse{Name: "new"}}
	in.Mobile = stored.Mobile
	in.FamilyList = []FamilyMember{{Name: "x"}}
	next, changed, unknown := InfoChanges{Names: []string{"spouse", "mobile", "familyList"}, Values: in}.Apply(stored)
	if len(unknown) != 0 || !slices.Equal(changed, []string{"familyList", "spouse"}) {
		t.Fatalf("changed %v unknown %v", changed, unknown)
	}
	// A group is replaced whole; the rest stays.
	if next.Spouse != (Spouse{Name: "new"}) || next.Mobile != stored.Mobile || next.Email != stored.Email ||
		!slices.Equal(next.FamilyList, in.FamilyList) || stored.FamilyList[0].Name != "n" {
		t.Fatalf("next: %+v", next)
	}
	kept, changed, unknown := InfoChanges{Names: []string{"nope", "mobile", "Mobile"}, Values: in}.Apply(stored)
	if !slices.Equal(unknown, []string{"Mobile", "nope"}) || changed != nil || !reflect.DeepEqual(kept, stored) {
		t.Fatalf("unknown names: %v %v", unknown, changed)
	}
	if !IsInfoField("firstName_eng") || !IsInfoField("emergencyContact") || IsInfoField("emergencyContact.name") {
		t.Fatal("IsInfoField")
	}
}

// Every field a required group needs can be told filled or not.
func TestInfoItemsHaveReaders(t *testing.T) {
	t.Parallel()
	full, empty := fullInfo(), ApplicantInfo{BasicInfo: BasicInfo{G20Answers: []string{" "}}, FamilyList: []FamilyMember{}}
	for code, fields := range InfoItems {
		for _, f := range fields {
			if _, ok := infoItemFilled[f]; !ok {
				t.Errorf("%s: no reader of %s", code, f)
				continue
			}
			if !itemFilled(&full, f) || itemFilled(&empty, f) {
				t.Errorf("%s: %s filled %v when set, %v when blank", code, f, itemFilled(&full, f), itemFilled(&empty, f))
			}
		}
	}
}
