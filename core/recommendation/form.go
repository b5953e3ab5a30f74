package recommendation

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/textrule"
)

// Request is what the applicant sends to a recommender (spec section 3).
type Request struct {
	ProfName    string
	Email       string
	Phone       string
	Institution string
	Position    string
}

// Validate checks a request; the e-mail is returned normalized.
func (r Request) Validate() (Request, error) {
	var f apperr.Fields
	if !textrule.ProfSign(r.ProfName) || !textrule.Within(r.ProfName, 50) {
		f.Add("profName", CodeName)
	}
	if e, ok := account.NormalizeEmail(r.Email); ok {
		r.Email = e
	} else {
		f.Add("email", account.CodeEmailFormat)
	}
	if r.Phone != "" && !textrule.Phone(r.Phone) {
		f.Add("phone", CodePhone)
	}
	for _, x := range []struct{ field, v string }{{"institution", r.Institution}, {"position", r.Position}} {
		switch {
		case strings.TrimSpace(x.v) == "":
			f.Add(x.field, CodeRequired)
		case !textrule.Within(x.v, 100):
			f.AddParam(x.field, CodeTooLong, "max", 100)
		}
	}
	return r, f.Err()
}

// Question is one question of a school's letter form: a choice among
// options (ratings, summary) or a text with a maximum length.
type Question struct {
	Code    string
	Kind    string   // text, long or choice (KindText...)
	Kor     string   // the question in Korean
	Eng     string   // and in English
	Options []string // empty: free text
	Labels  []Option // the options' texts, same order
	Max     int      // for text; 0 means 4000
}

// DefaultQuestions are rec_form_q1 to rec_form_q16 as free text; a school's
// template replaces them with its choices and limits.
func DefaultQuestions() []Question {
	qs := make([]Question, 16)
	for i := range qs {
		qs[i] = Question{Code: fmt.Sprintf("rec_form_q%d", i+1)}
	}
	return qs
}

// Letter is the recommender's form: answers by question code and the
// signature.
type Letter struct {
	Answers  map[string]string
	ProfSign string
}

// Validate checks a letter against the questions. On submit every question
// and the signature are required ("Is required"); a draft may leave them
// empty. Field names are answers.<code> and profSign.
func (l Letter) Validate(qs []Question, submit bool) error {
	var f apperr.Fields
	for _, q := range qs {
		field := "answers." + q.Code
		a := l.Answers[q.Code]
		switch {
		case strings.TrimSpace(a) == "":
			if submit {
				f.Add(field, CodeRequired)
			}
		case len(q.Options) > 0:
			if !slices.Contains(q.Options, a) {
				f.Add(field, CodeChoice)
			}
		default:
			max := q.Max
			if max <= 0 {
				max = 4000
			}
			if !textrule.Within(a, max) {
				f.AddParam(field, CodeTooLong, "max", max)
			}
		}
	}
	var unknown []string
	for code := range l.Answers {
		if !slices.ContainsFunc(qs, func(q Question) bool { return q.Code == code }) {
			unknown = append(unknown, code)
		}
	}
	slices.Sort(unknown)
	for _, code := range unknown {
		f.Add("answers."+code, CodeCheckInput)
	}
	switch {
	case l.ProfSign == "":
		if submit {
			f.Add("profSign", CodeRequired)
		}
	case !textrule.ProfSign(l.ProfSign) || !textrule.Within(l.ProfSign, 50):
		f.Add("profSign", CodeProfSign)
	}
	return f.Err()
}
