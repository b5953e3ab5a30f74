package form

import "github.com/gradapply/gradapply/core/school"

// CodeSet answers whether a code exists.
type CodeSet interface{ Has(code string) bool }

// Set is a CodeSet held in memory.
type Set map[string]bool

// Has reports whether code is in the set.
func (s Set) Has(code string) bool { return s[code] }

// SetOf builds a Set.
func SetOf(codes ...string) Set {
	s := Set{}
	for _, c := range codes {
		s[c] = true
	}
	return s
}

// InputType is how a language exam's result is entered (spec section 9).
type InputType string

const (
	InputScore InputType = "score"
	InputLevel InputType = "level"
	InputDocNo InputType = "docNo"
)

// LanguageExam is a language test a school accepts.
type LanguageExam struct {
	Code      string    // TOEFL 00001, IELTS 00005, ...
	InputType InputType // what the applicant enters
	MaxScore  float64   // for scores; 0 means not checked
}

// Lookups are the code lists validation needs; they live in the database.
// A nil list is not checked (the adapter must then check it).
type Lookups struct {
	Countries       CodeSet
	Schools         CodeSet
	CompanyTypes    CodeSet
	EmploymentTypes CodeSet
	LanguageExams   map[string]LanguageExam
}

func has(s CodeSet, code string) bool { return s == nil || s.Has(code) }

// Korean reports whether a nationality is South Korea.
func Korean(nationality string) bool { return nationality == school.CountryKorea }
