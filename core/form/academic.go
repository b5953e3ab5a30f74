package form

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/textrule"
	"github.com/gradapply/gradapply/core/window"
)

// Grade forms (spec section 9).
const (
	GradeAverage = "00001" // point average, #.##
	GradePercent = "00002" // percentage, digits
	GradeOther   = "00003" // other, free text
)

// FullScores are the full-scale options of a point average; "ETC" asks for
// fullScoreEtc.
var FullScores = []string{"4.00", "4.30", "4.50", "5.00", "10.00", "20.00", "ETC"}

// GraduationGraduated is the graduated status (spec section 9: 00001).
const GraduationGraduated = "00001"

// AcademicRecord is one entry of acadList (spec section 3).
type AcademicRecord struct {
	AcadType         string // univ, grad, ...
	SchoolCode       string
	SearchSchoolName string // typed when schoolCode is 999
	CountryCode      string
	City             string
	College          string
	Major            string
	Department       string
	AcadFinal        bool
	EnterDay         string
	GraduateDay      string
	GraduationStatus string
	DegreeNo         string
	DegreeCourse     string
	DegreeLevel      string
	Transfer         bool
	Credits          string
	GradeForm        string
	FullScore        string
	FullScoreEtc     string
	Gpa              string
	StudentID        string
}

// hundredths reads #.## (one or two integer digits, exactly two decimals)
// as hundredths.
func hundredths(s string) (int, bool) {
	i, frac, ok := strings.Cut(s, ".")
	if !ok || len(i) < 1 || len(i) > 2 || len(frac) != 2 || !textrule.Digits(i) || !textrule.Digits(frac) {
		return 0, false
	}
	n, _ := strconv.Atoi(i + frac)
	return n, true
}

// CheckGrade applies the grade rules of one record and adds field errors
// under prefix (e.g. "acadList[0].").
func CheckGrade(f *apperr.Fields, prefix string, a AcademicRecord) {
	switch a.GradeForm {
	case GradeAverage:
		var full int
		switch {
		case a.FullScore == "ETC":
			n, ok := hundredths(a.FullScoreEtc)
			if !ok || n == 0 {
				f.Add(prefix+"fullScoreEtc", CodeFullScore)
				return
			}
			full = n
		case slices.Contains(FullScores, a.FullScore):
			full, _ = hundredths(a.FullScore)
		default:
			f.Add(prefix+"fullScore", CodeFullScore)
			return
		}
		switch gpa, ok := hundredths(a.Gpa); {
		case a.Gpa == "":
			f.Add(prefix+"gpa", CodeRequired)
		case !ok:
			f.Add(prefix+"gpa", CodeGpaTwoDecimals)
		case gpa > full:
			f.Add(prefix+"gpa", CodeGpaOverFull)
		}
	case GradePercent:
		if a.FullScore != "" && a.FullScore != "100" {
			f.Add(prefix+"fullScore", CodeFullScore)
		}
		switch {
		case a.Gpa == "":
			f.Add(prefix+"gpa", CodeRequired)
		case !textrule.Digits(a.Gpa) || len(a.Gpa) > 3:
			f.Add(prefix+"gpa", CodeDigits)
		default:
			if n, _ := strconv.Atoi(a.Gpa); n > 100 {
				f.Add(prefix+"gpa", CodeGpaOverFull)
			}
		}
	case GradeOther:
		switch {
		case strings.TrimSpace(a.Gpa) == "":
			f.Add(prefix+"gpa", CodeRequired)
		case !textrule.Within(a.Gpa, 20):
			f.AddParam(prefix+"gpa", CodeTooLong, "max", 20)
		}
	default:
		f.Add(prefix+"gradeForm", CodeGradeForm)
	}
}

// ValidateAcademic checks acadList (the ACAD_SAVE step): at least one
// record, exactly one marked as the final education, schools and countries
// chosen from the lists, dates, department and grades.
func ValidateAcademic(list []AcademicRecord, r school.Rules, lk Lookups, now time.Time) error {
	var f apperr.Fields
	lim := limiter{r}
	if len(list) == 0 {
		f.Add("acadList", CodeRequired)
		return f.Err()
	}
	finals := 0
	for i, a := range list {
		p := fmt.Sprintf("acadList[%d].", i)
		if a.AcadFinal {
			finals++
		}
		switch {
		case a.SchoolCode == school.SchoolOther:
			if !textrule.SchoolName(a.SearchSchoolName) {
				f.Add(p+"searchSchoolName", CodeSchoolName)
			}
		case a.SchoolCode == "":
			f.Add(p+"schoolCode", CodeSchool)
		case !has(lk.Schools, a.SchoolCode):
			f.Add(p+"schoolCode", CodeSchool)
		}
		switch {
		case a.CountryCode == "":
			f.Add(p+"countryCode", CodeCountry)
		case !has(lk.Countries, a.CountryCode):
			f.Add(p+"countryCode", CodeCountry)
		}
		if a.Department != "" && lim.check(&f, p+"department", "acadList.department", a.Department) && !textrule.Department(a.Department) {
			f.Add(p+"department", CodeDepartment)
		}
		for _, t := range []struct{ key, v string }{{"college", a.College}, {"major", a.Major}, {"city", a.City}, {"degreeNo", a.DegreeNo}, {"studentId", a.StudentID}} {
			lim.check(&f, p+t.key, "acadList."+t.key, t.v)
		}
		if a.Credits != "" && lim.check(&f, p+"credits", "acadList.credits", a.Credits) && !textrule.Digits(strings.Replace(a.Credits, ".", "", 1)) {
			f.Add(p+"credits", CodeDigits)
		}
		enter, ok1 := window.CheckDate(&f, p+"enterDay", a.EnterDay)
		if ok1 {
			window.NotAfterToday(&f, p+"enterDay", enter, now)
		}
		var grad time.Time
		ok2 := false
		if a.GraduationStatus == GraduationGraduated {
			if grad, ok2 = window.CheckDate(&f, p+"graduateDay", a.GraduateDay); ok2 {
				window.NotAfterToday(&f, p+"graduateDay", grad, now)
			}
		} else {
			grad, ok2 = window.CheckOptionalDate(&f, p+"graduateDay", a.GraduateDay)
		}
		if ok1 && ok2 {
			window.EndAfterStart(&f, p+"graduateDay", enter, grad)
		}
		CheckGrade(&f, p, a)
	}
	if finals != 1 {
		f.Add("acadList", CodeAcadFinal)
	}
	return f.Err()
}
