package form

import (
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/textrule"
)

// DefaultTextLimits are the maximum characters of free-text fields, keyed by
// field path without list indexes.
var DefaultTextLimits = map[string]int{
	"applicantInfo.korName":                   20,
	"applicantInfo.engName":                   100,
	"applicantInfo.firstName":                 50,
	"applicantInfo.middleName":                50,
	"applicantInfo.lastName":                  50,
	"applicantInfo.engFirstName":              50,
	"applicantInfo.engLastName":               50,
	"applicantInfo.firstName_eng":             50,
	"applicantInfo.lastName_eng":              50,
	"applicantInfo.address":                   200,
	"applicantInfo.addressDetail":             200,
	"applicantInfo.foreignAddress":            300,
	"applicantInfo.postCode":                  10,
	"applicantInfo.messengerId":               100,
	"applicantInfo.skypeId":                   100,
	"applicantInfo.hometown":                  100,
	"applicantInfo.visaTypeEtc":               100,
	"applicantInfo.emergencyContact.name":     50,
	"applicantInfo.emergencyContact.relation": 30,
	"acadList.college":                        100,
	"acadList.major":                          100,
	"acadList.department":                     100,
	"acadList.city":                           100,
	"acadList.degreeNo":                       50,
	"acadList.studentId":                      30,
	"acadList.credits":                        10,
	"partLanguages.level":                     30,
	"partLanguages.docNo":                     50,
	"careerList.companyName":                  100,
	"careerList.description":                  1000,
	"careerList.address":                      200,
	"careerList.department":                   100,
	"careerList.position":                     100,
	"certificateList.description":             200,
	"certificateList.institution":             100,
	"answers.comment":                         1000,
}

// limiter checks text maximums against the school's overrides.
type limiter struct{ r school.Rules }

// check records CodeTooLong on field (the indexed name) when value is longer
// than the limit of key (the unindexed name). It reports whether it fit.
func (l limiter) check(f *apperr.Fields, field, key, value string) bool {
	max := l.r.TextLimit(key, DefaultTextLimits[key])
	if max > 0 && !textrule.Within(value, max) {
		f.AddParam(field, CodeTooLong, "max", max)
		return false
	}
	return true
}
