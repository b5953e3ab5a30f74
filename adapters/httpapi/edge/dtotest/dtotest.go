// Package dtotest checks the edge's JSON shapes: a value with every field
// set, its key paths, and a round trip through a request type.
package dtotest

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/money"
)

// Filled answers a T with every exported field reachable from it set to a
// value of its own (strings name their field, numbers count up, lists and
// maps hold one element, pointers point), so a JSON key that a mapper
// drops shows up as missing.
func Filled[T any]() T {
	var v T
	n := 0
	fillValue(reflect.ValueOf(&v).Elem(), "v", &n)
	return v
}

var (
	moneyType = reflect.TypeFor[money.Money]()
	timeType  = reflect.TypeFor[time.Time]()
)

func fillValue(v reflect.Value, name string, n *int) {
	*n++
	switch {
	case v.Type() == moneyType:
		v.Set(reflect.ValueOf(money.Won(int64(*n))))
		return
	case v.Type() == timeType:
		v.Set(reflect.ValueOf(time.Date(2026, 1, 1, 0, 0, *n, 0, time.UTC)))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(name)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n)) // #nosec G115 -- n counts the fields filled so far: small and positive
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(*n) + 0.5)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fillValue(p.Elem(), name, n)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fillValue(s.Index(0), name+"[0]", n)
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k := reflect.New(v.Type().Key()).Elem()
		fillValue(k, name+".key", n)
		e := reflect.New(v.Type().Elem()).Elem()
		fillValue(e, name+".value", n)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				fillValue(v.Field(i), name+"."+f.Name, n)
			}
		}
	}
}

// JSONKeys answers the key paths of v's JSON, sorted: "a", "a.b" for an
// object in a, "a[].b" for objects in a list.
func JSONKeys(t *testing.T, v any) []string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	var walk func(prefix string, x any)
	walk = func(prefix string, x any) {
		switch x := x.(type) {
		case map[string]any:
			for k, e := range x {
				p := k
				if prefix != "" {
					p = prefix + "." + k
				}
				set[p] = true
				walk(p, e)
			}
		case []any:
			for _, e := range x {
				walk(prefix+"[]", e)
			}
		}
	}
	walk("", x)
	return slices.Sorted(maps.Keys(set))
}

// WantKeys fails unless v's JSON has exactly the key paths want.
func WantKeys(t *testing.T, what string, v any, want ...string) {
	t.Helper()
	got := JSONKeys(t, v)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		missing, extra := diffKeys(want, got), diffKeys(got, want)
		t.Errorf("%s: JSON keys differ\nmissing: %q\nextra:   %q", what, missing, extra)
	}
}

func diffKeys(a, b []string) []string {
	var out []string
	for _, k := range a {
		if !slices.Contains(b, k) {
			out = append(out, k)
		}
	}
	return out
}

// RoundTrip decodes v's JSON into a D and maps it back: what a client
// sending the JSON it was given makes of it.
func RoundTrip[C, D any](t *testing.T, v D, toCore func(D) C) C {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var back D
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	return toCore(back)
}

func SameValue(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: round trip\n got %s\nwant %s", what, fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", want))
	}
}

// InfoKeys are the key paths of the application form's applicant info.
var InfoKeys = []string{
	"address", "addressDetail", "alienRegistrationStatus", "applyVisa", "birthDate", "childNum", "email",
	"emergencyContact", "emergencyContact.name", "emergencyContact.phone", "emergencyContact.relation", "engFirstName",
	"engLastName", "engName", "entryDate", "familyList", "familyList[].birthDate", "familyList[].name",
	"familyList[].nationality", "familyList[].occupation", "familyList[].phone", "familyList[].relation",
	"financialGuarantor", "financialGuarantor.address", "financialGuarantor.annualIncome", "financialGuarantor.email",
	"financialGuarantor.name", "financialGuarantor.occupation", "financialGuarantor.phone", "financialGuarantor.relation",
	"firstName", "firstName_eng", "foreignAddress", "foreignerRegistrationNo", "foreignerType", "g20Answers", "g20Member",
	"gend", "hometown", "isApplyVisaApproved", "isCompatriot", "isHaveExperienceApplyVisa", "korName", "languageSchool",
	"languageSchool.countryCode", "languageSchool.enterDay", "languageSchool.graduateDay", "languageSchool.level",
	"languageSchool.name", "lastName", "lastName_eng", "maritalStatus", "messengerId", "middleName", "mobile",
	"monthsOfStay", "multiNationality", "multiNationalityCode", "nationality", "overseasAgency",
	"overseasAgency.agentName", "overseasAgency.email", "overseasAgency.name", "overseasAgency.phone",
	"overseasAgency.wechatId", "overseasKorean", "passportExpiryDate", "passportIssueCountry", "passportIssueDate",
	"passportNo", "phone", "postCode", "residencyCountryCode", "residencyTypeCode", "residentNoLast", "scholarship",
	"skypeId", "spouse", "spouse.birthDate", "spouse.name", "spouse.nationality", "spouse.occupation", "spouse.phone",
	"travelAbroad", "videoEssayUrl", "visaChangeRequired", "visaExpiryDate", "visaNo", "visaTypeCode", "visaTypeEtc",
}
