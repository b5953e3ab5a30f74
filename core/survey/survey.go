package survey

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/window"
)

// Audiences of a site survey.
const (
	AudienceAll    = "ALL"    // every signed-in applicant account (provider only)
	AudienceSchool = "SCHOOL" // the applicants of the school
	AudienceRound  = "ROUND"  // the applicants of one round of the school
)

// Limits of what staff type.
const (
	MaxTitle     = 200
	MaxText      = 1000
	MaxQuestions = 50
	MaxItems     = 30
)

// InputTypes are the kinds of question.
var InputTypes = []string{"radio", "checkbox", "text", "textarea"}

var codeRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,30}$`)

// Survey is a site survey.
type Survey struct {
	ID             int64
	SchoolCode     string // "" the provider's
	TitleKo        string
	TitleEn        string
	StartDay       string // yyyy-MM-dd, Asia/Seoul, inclusive
	EndDay         string
	Audience       string
	EnterYear      int // ROUND: the round
	RecruitPartSeq int
	Completion     bool // the round's completion survey (/appl/survey)
	Questions      []application.Question
	Responses      int // read only
	CreatedBy      string
	UpdatedAt      time.Time
}

// Round is the round a ROUND survey is for.
func (s Survey) Round() application.RoundKey {
	return application.RoundKey{SchoolCode: s.SchoolCode, EnterYear: s.EnterYear, RecruitPartSeq: s.RecruitPartSeq}
}

// OpenAt reports whether the survey takes answers at t.
func (s Survey) OpenAt(t time.Time) bool {
	day := window.FormatDate(t)
	return s.StartDay <= day && day <= s.EndDay
}

// For reports whether the survey is meant for someone with these
// applications (cancelled ones left out by the caller).
func (s Survey) For(rounds []application.RoundKey) bool {
	switch s.Audience {
	case AudienceAll:
		return true
	case AudienceSchool:
		for _, k := range rounds {
			if k.SchoolCode == s.SchoolCode {
				return true
			}
		}
	case AudienceRound:
		for _, k := range rounds {
			if k == s.Round() {
				return true
			}
		}
	}
	return false
}

func text(f *apperr.Fields, field, v string, max int) {
	switch {
	case strings.TrimSpace(v) == "":
		f.Add(field, form.CodeRequired)
	case utf8.RuneCountInString(v) > max:
		f.AddParam(field, form.CodeTooLong, "max", max)
	}
}

// Normalise trims codes and texts, makes text questions item-less and
// numbers items in order.
func Normalise(qs []application.Question) []application.Question {
	out := make([]application.Question, len(qs))
	for i, q := range qs {
		q.Code = strings.TrimSpace(q.Code)
		q.KorText, q.EngText = strings.TrimSpace(q.KorText), strings.TrimSpace(q.EngText)
		q.Depth, q.IsLeaf, q.ParentCode = 1, true, ""
		items := make([]application.Item, len(q.Items))
		for j, it := range q.Items {
			it.Code.Code = strings.TrimSpace(it.Code.Code)
			it.KorValue, it.EngValue = strings.TrimSpace(it.KorValue), strings.TrimSpace(it.EngValue)
			it.Seq = j + 1
			items[j] = it
		}
		q.Items = items
		out[i] = q
	}
	return out
}

// ValidateQuestions checks questions as staff set them. Field names are
// questions[i].x and questions[i].items[j].x.
func ValidateQuestions(qs []application.Question) apperr.Fields {
	var f apperr.Fields
	if len(qs) > MaxQuestions {
		f.AddParam("questions", form.CodeTooMany, "max", MaxQuestions)
	}
	seen := map[string]bool{}
	for i, q := range qs {
		p := "questions[" + strconv.Itoa(i) + "]."
		switch {
		case !codeRE.MatchString(q.Code):
			f.Add(p+"questionCode", CodeQuestionCode)
		case seen[q.Code]:
			f.Add(p+"questionCode", CodeDuplicate)
		}
		seen[q.Code] = true
		text(&f, p+"korText", q.KorText, MaxText)
		text(&f, p+"engText", q.EngText, MaxText)
		choice := q.InputType == "radio" || q.InputType == "checkbox"
		switch {
		case !choice && q.InputType != "text" && q.InputType != "textarea":
			f.Add(p+"inputType", CodeInputType)
		case choice && len(q.Items) == 0:
			f.Add(p+"items", CodeItemsNone)
		case !choice && len(q.Items) > 0:
			f.Add(p+"items", CodeItemsText)
		case len(q.Items) > MaxItems:
			f.AddParam(p+"items", form.CodeTooMany, "max", MaxItems)
		}
		items := map[string]bool{}
		for j, it := range q.Items {
			ip := p + "items[" + strconv.Itoa(j) + "]."
			switch {
			case !codeRE.MatchString(it.Code.Code):
				f.Add(ip+"itemCode", CodeQuestionCode)
			case items[it.Code.Code]:
				f.Add(ip+"itemCode", CodeDuplicate)
			}
			items[it.Code.Code] = true
			text(&f, ip+"korValue", it.KorValue, MaxText)
			text(&f, ip+"engValue", it.EngValue, MaxText)
		}
	}
	return f
}

// Validate checks a site survey before it is stored. rounds are the
// school's rounds (for ROUND); provider is whether the caller may publish
// to everyone.
func Validate(s Survey, rounds []application.RoundKey, provider bool) error {
	var f apperr.Fields
	text(&f, "titleKo", s.TitleKo, MaxTitle)
	text(&f, "titleEn", s.TitleEn, MaxTitle)
	start, err1 := window.ParseDate(s.StartDay)
	if err1 != nil {
		f.Add("startDay", window.CodeDateFormat)
	}
	end, err2 := window.ParseDate(s.EndDay)
	if err2 != nil {
		f.Add("endDay", window.CodeDateFormat)
	}
	if err1 == nil && err2 == nil && end.Before(start) {
		f.Add("endDay", CodePeriod)
	}
	switch s.Audience {
	case AudienceAll:
		if !provider || s.SchoolCode != "" {
			f.Add("audience", CodeAudience)
		}
	case AudienceSchool:
		if s.SchoolCode == "" {
			f.Add("audience", CodeAudience)
		}
	case AudienceRound:
		k := s.Round()
		found := false
		for _, r := range rounds {
			found = found || r == k
		}
		if s.SchoolCode == "" {
			f.Add("audience", CodeAudience)
		} else if !found {
			f.Add("recruitPartSeq", CodeRoundUnknown)
		}
	default:
		f.Add("audience", CodeAudience)
	}
	if s.Completion && s.Audience != AudienceRound {
		f.Add("completion", CodeCompletion)
	}
	if len(s.Questions) == 0 {
		f.Add("questions", CodeQuestionsNone)
	}
	f = append(f, ValidateQuestions(s.Questions)...)
	return f.Err()
}
