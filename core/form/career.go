package form

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/textrule"
	"github.com/gradapply/gradapply/core/window"
)

// Career is one entry of careerList (spec section 3).
type Career struct {
	CompanyName    string
	Description    string
	Address        string
	CompType       string
	EmploymentType string
	Department     string
	Position       string
	JoinDay        string
	RetireDay      string
	Current        bool // currently employed
}

// ValidateCareers checks careerList (the CAREER_SAVE step). An empty list is
// valid: career is optional.
func ValidateCareers(list []Career, r school.Rules, lk Lookups, now time.Time) error {
	var f apperr.Fields
	lim := limiter{r}
	current := 0
	for i, c := range list {
		p := fmt.Sprintf("careerList[%d].", i)
		if strings.TrimSpace(c.CompanyName) == "" {
			f.Add(p+"companyName", CodeRequired)
		}
		for _, t := range []struct{ key, v string }{{"companyName", c.CompanyName}, {"description", c.Description}, {"address", c.Address}, {"department", c.Department}, {"position", c.Position}} {
			lim.check(&f, p+t.key, "careerList."+t.key, t.v)
		}
		if c.CompType != "" && !has(lk.CompanyTypes, c.CompType) {
			f.Add(p+"compType", CodeCode)
		}
		if c.EmploymentType != "" && !has(lk.EmploymentTypes, c.EmploymentType) {
			f.Add(p+"employmentType", CodeCode)
		}
		join, ok1 := window.CheckDate(&f, p+"joinDay", c.JoinDay)
		if ok1 {
			window.NotAfterToday(&f, p+"joinDay", join, now)
		}
		if c.Current {
			current++
			if c.RetireDay != "" {
				f.Add(p+"retireDay", CodeRetireWhenCurrent)
			}
			continue
		}
		retire, ok2 := window.CheckDate(&f, p+"retireDay", c.RetireDay)
		if ok2 {
			window.NotAfterToday(&f, p+"retireDay", retire, now)
		}
		if ok1 && ok2 {
			window.EndAfterStart(&f, p+"retireDay", join, retire)
		}
	}
	if current > 1 {
		f.Add("careerList", CodeCareerCurrentOne)
	}
	return f.Err()
}

// LanguageEntry is one entry of partLanguages (spec section 3).
type LanguageEntry struct {
	NodeID    string
	ExamCode  string
	Score     string
	Level     string
	DocNo     string
	ExamDay   string
	ExpiryDay string
	TopikSeq  string
}

// ValidateLanguages checks partLanguages (the LANG_SAVE step): at least one
// score where the school requires it, each exam from the school's list,
// the result entered the way the exam asks.
func ValidateLanguages(list []LanguageEntry, r school.Rules, lk Lookups, now time.Time) error {
	var f apperr.Fields
	lim := limiter{r}
	if len(list) == 0 && r.LanguageRequired {
		f.Add("partLanguages", CodeLanguageRequired)
	}
	seen := map[string]bool{}
	for i, l := range list {
		p := fmt.Sprintf("partLanguages[%d].", i)
		exam, known := lk.LanguageExams[l.ExamCode]
		switch {
		case l.ExamCode == "":
			f.Add(p+"langExamCode", CodeRequired)
		case lk.LanguageExams != nil && !known:
			f.Add(p+"langExamCode", CodeCode)
		case seen[l.ExamCode]:
			f.Add(p+"langExamCode", CodeDuplicate)
		}
		seen[l.ExamCode] = true
		switch exam.InputType {
		case InputScore:
			checkScore(&f, p+"score", l.Score, exam.MaxScore)
		case InputLevel:
			if strings.TrimSpace(l.Level) == "" {
				f.Add(p+"level", CodeRequired)
			}
		case InputDocNo:
			if strings.TrimSpace(l.DocNo) == "" {
				f.Add(p+"docNo", CodeRequired)
			}
		default:
			if l.Score == "" && l.Level == "" && l.DocNo == "" {
				f.Add(p+"score", CodeRequired)
			} else if l.Score != "" {
				checkScore(&f, p+"score", l.Score, 0)
			}
		}
		lim.check(&f, p+"level", "partLanguages.level", l.Level)
		lim.check(&f, p+"docNo", "partLanguages.docNo", l.DocNo)
		if l.TopikSeq != "" && (!textrule.Digits(l.TopikSeq) || len(l.TopikSeq) > 4) {
			f.Add(p+"topik_seq", CodeDigits)
		}
		exam1, ok1 := window.CheckDate(&f, p+"examDay", l.ExamDay)
		if ok1 {
			window.NotAfterToday(&f, p+"examDay", exam1, now)
		}
		if exp, ok2 := window.CheckOptionalDate(&f, p+"expiryDay", l.ExpiryDay); ok1 && ok2 {
			window.EndAfterStart(&f, p+"expiryDay", exam1, exp)
		}
	}
	return f.Err()
}

// checkScore accepts a non-negative decimal of at most 4 integer digits and
// 2 decimals, not above max when max > 0.
func checkScore(f *apperr.Fields, field, s string, max float64) {
	if s == "" {
		f.Add(field, CodeRequired)
		return
	}
	i, frac, dot := strings.Cut(s, ".")
	if !textrule.Digits(i) || len(i) > 4 || dot && (!textrule.Digits(frac) || len(frac) > 2) {
		f.Add(field, CodeScore)
		return
	}
	if v, _ := strconv.ParseFloat(s, 64); max > 0 && v > max {
		f.Add(field, CodeScore)
	}
}

// Certificate is one entry of certificateList (spec section 3).
type Certificate struct {
	Category    string
	Description string
	Institution string
	IssueDay    string
}

// ValidateCertificates checks certificateList; certificates are optional.
func ValidateCertificates(list []Certificate, r school.Rules, now time.Time) error {
	var f apperr.Fields
	lim := limiter{r}
	for i, c := range list {
		p := fmt.Sprintf("certificateList[%d].", i)
		if strings.TrimSpace(c.Description) == "" {
			f.Add(p+"description", CodeRequired)
		}
		lim.check(&f, p+"description", "certificateList.description", c.Description)
		lim.check(&f, p+"institution", "certificateList.institution", c.Institution)
		if d, ok := window.CheckDate(&f, p+"issueDay", c.IssueDay); ok {
			window.NotAfterToday(&f, p+"issueDay", d, now)
		}
	}
	return f.Err()
}
