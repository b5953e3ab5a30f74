package form

import (
	"fmt"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/textrule"
)

// Essay is the answer to one essay question, in Korean ("ko", counted in
// characters) or English ("en", counted in words).
type Essay struct {
	No   int
	Lang string
	Text string
}

// ValidateEssays checks essays against the school's limits (part of the
// ADD_INFO_SAVE step): every essay the school asks for is written, within
// 400 or 800 words (en) or characters (ko).
func ValidateEssays(list []Essay, r school.Rules) error {
	var f apperr.Fields
	written := map[int]bool{}
	for i, e := range list {
		p := fmt.Sprintf("essays[%d].", i)
		rule, ok := r.Essay(e.No)
		if !ok || written[e.No] {
			f.Add(p+"no", CodeEssayUnknown)
			continue
		}
		written[e.No] = true
		switch {
		case strings.TrimSpace(e.Text) == "":
			f.Add(p+"text", CodeRequired)
		case e.Lang == "ko":
			if !textrule.Within(e.Text, rule.Chars) {
				f.AddParam(p+"text", CodeEssayChars, "max", rule.Chars)
			}
		case e.Lang == "en":
			if textrule.Words(e.Text) > rule.Words {
				f.AddParam(p+"text", CodeEssayWords, "max", rule.Words)
			}
		default:
			f.Add(p+"lang", CodeRequired)
		}
	}
	for _, rule := range r.Essays {
		if !written[rule.No] {
			f.AddParam("essays", CodeRequired, "no", rule.No)
		}
	}
	return f.Err()
}

// SurveyAnswer is one answer of the survey (spec section 3 "Survey answer").
type SurveyAnswer struct {
	QuestionCode string
	SubQuestion  string
	ItemCode     string
	Answer       string
	Comment      string
}

// DefaultSurveyQuestions are q1 to q16.
func DefaultSurveyQuestions() []string {
	qs := make([]string, 16)
	for i := range qs {
		qs[i] = fmt.Sprintf("q%d", i+1)
	}
	return qs
}

// ValidateSurvey requires an answer (an item chosen or text written) to
// every question (the SURVEY step; "This is required"). Field names are
// answers.<questionCode>.
func ValidateSurvey(answers []SurveyAnswer, questions []string, r school.Rules) error {
	var f apperr.Fields
	lim := limiter{r}
	answered := map[string]bool{}
	for i, a := range answers {
		if strings.TrimSpace(a.ItemCode) != "" || strings.TrimSpace(a.Answer) != "" {
			answered[a.QuestionCode] = true
		}
		lim.check(&f, fmt.Sprintf("answers[%d].comment", i), "answers.comment", a.Comment)
		lim.check(&f, fmt.Sprintf("answers[%d].answer", i), "answers.comment", a.Answer)
	}
	for _, q := range questions {
		if !answered[q] {
			f.Add("answers."+q, CodeSurveyRequired)
		}
	}
	return f.Err()
}
