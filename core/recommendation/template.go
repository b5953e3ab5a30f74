package recommendation

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/textrule"
)

// Question kinds of a template.
const (
	KindText   = "text"   // one line
	KindLong   = "long"   // paragraphs
	KindChoice = "choice" // one of Options
)

// Template is a school's letter form for a round (spec section 5; issue
// 11): the questions in order, whether a letter file is required and how
// many letters the round asks each applicant for. A template that letters
// were written on is never changed: saving it makes a new Version.
type Template struct {
	Round        application.RoundKey
	Version      int
	Letters      int // letters the round asks for
	FileRequired bool
	Questions    []Question
}

// Option is one answer of a choice question.
type Option struct {
	Code string
	Kor  string
	Eng  string
}

// MaxLetters bounds how many letters a round may ask for.
const MaxLetters = 5

// Validate checks a template a staff member saves: 1 to 40 questions with
// distinct codes rec_form_q<n>, texts in both languages, choices with at
// least two distinct options.
func (t Template) Validate() error {
	var f apperr.Fields
	if t.Letters < 0 || t.Letters > MaxLetters {
		f.AddParam("letters", CodeTooLong, "max", MaxLetters)
	}
	if len(t.Questions) == 0 || len(t.Questions) > 40 {
		f.Add("questions", CodeCheckInput)
	}
	seen := map[string]bool{}
	for i, q := range t.Questions {
		p := fmt.Sprintf("questions[%d].", i)
		if !strings.HasPrefix(q.Code, "rec_form_q") || seen[q.Code] || !textrule.Within(q.Code, 20) {
			f.Add(p+"code", CodeCheckInput)
		}
		seen[q.Code] = true
		for _, x := range []struct{ field, v string }{{"kor", q.Kor}, {"eng", q.Eng}} {
			switch {
			case strings.TrimSpace(x.v) == "":
				f.Add(p+x.field, CodeRequired)
			case !textrule.Within(x.v, 500):
				f.AddParam(p+x.field, CodeTooLong, "max", 500)
			}
		}
		if !slices.Contains([]string{"", KindText, KindLong, KindChoice}, q.Kind) {
			f.Add(p+"kind", CodeChoice)
		}
		if q.Kind == KindChoice && len(q.Options) < 2 {
			f.Add(p+"options", CodeCheckInput)
		}
		if q.Max < 0 || q.Max > 20000 {
			f.AddParam(p+"max", CodeTooLong, "max", 20000)
		}
		codes := map[string]bool{}
		for j, o := range q.Options {
			if o == "" || codes[o] {
				f.Add(fmt.Sprintf("%soptions[%d]", p, j), CodeCheckInput)
			}
			codes[o] = true
		}
		if len(q.Labels) != 0 && len(q.Labels) != len(q.Options) {
			f.Add(p+"labels", CodeCheckInput)
		}
	}
	return f.Err()
}

// Same reports whether two templates ask the same (versions aside).
func (t Template) Same(o Template) bool {
	if t.Letters != o.Letters || t.FileRequired != o.FileRequired || len(t.Questions) != len(o.Questions) {
		return false
	}
	for i := range t.Questions {
		a, b := t.Questions[i], o.Questions[i]
		if a.Code != b.Code || a.Kind != b.Kind || a.Max != b.Max || a.Kor != b.Kor || a.Eng != b.Eng ||
			!slices.Equal(a.Options, b.Options) || !slices.Equal(a.Labels, b.Labels) {
			return false
		}
	}
	return true
}

var (
	ratingKor = []Option{{"5", "탁월", "Outstanding"}, {"4", "우수", "Excellent"}, {"3", "양호", "Good"}, {"2", "보통", "Average"}, {"1", "미흡", "Below average"}, {"0", "판단 불가", "Unable to judge"}}
	rankOpts  = []Option{{"1", "상위 1%", "Top 1%"}, {"5", "상위 5%", "Top 5%"}, {"10", "상위 10%", "Top 10%"}, {"25", "상위 25%", "Top 25%"}, {"50", "상위 50%", "Top 50%"}, {"99", "하위 50%", "Lower 50%"}}
	yesNo     = []Option{{"Y", "예", "Yes"}, {"N", "아니오", "No"}}
	summary   = []Option{{"1", "적극 추천", "Recommend with enthusiasm"}, {"2", "추천", "Recommend"}, {"3", "조건부 추천", "Recommend with reservation"}, {"4", "추천하지 않음", "Do not recommend"}}
)

func choice(code, kor, eng string, os []Option) Question {
	q := Question{Code: code, Kind: KindChoice, Kor: kor, Eng: eng}
	for _, o := range os {
		q.Options = append(q.Options, o.Code)
		q.Labels = append(q.Labels, o)
	}
	return q
}

// DefaultTemplate is the letter form of spec section 5 for a round without
// a template of its own: how long known, strengths, weaknesses, relative
// rating, nine skill ratings, the integrity question, summary choice and the
// location of the institution (rec_form_q1 to q16); the date and the
// signature (profSign) are fields of every letter. Two letters, no file.
func DefaultTemplate(k application.RoundKey) Template {
	skills := [][2]string{
		{"지적 능력", "Intellectual ability"}, {"학업 성취", "Academic achievement"}, {"분석력", "Analytical skill"},
		{"창의성", "Creativity"}, {"의사소통 능력(구두)", "Oral communication"}, {"의사소통 능력(작문)", "Written communication"},
		{"성실성과 책임감", "Diligence and responsibility"}, {"협동심", "Teamwork"}, {"지도력", "Leadership"},
	}
	qs := []Question{
		{Code: "rec_form_q1", Kind: KindText, Max: 100, Kor: "지원자를 알게 된 기간과 관계", Eng: "How long and in what capacity have you known the applicant?"},
		{Code: "rec_form_q2", Kind: KindLong, Max: 4000, Kor: "지원자의 강점", Eng: "The applicant's strengths"},
		{Code: "rec_form_q3", Kind: KindLong, Max: 4000, Kor: "지원자의 약점 또는 보완할 점", Eng: "The applicant's weaknesses or areas to improve"},
		choice("rec_form_q4", "함께 지도한 학생들 중 지원자의 상대적 위치", "Relative rating among students you have known", rankOpts),
	}
	for i, s := range skills {
		qs = append(qs, choice(fmt.Sprintf("rec_form_q%d", 5+i), s[0], s[1], ratingKor))
	}
	qs = append(qs,
		choice("rec_form_q14", "지원자의 정직성이나 성실성에 의문을 가진 적이 있습니까?", "Have you ever had reason to question the applicant's integrity?", yesNo),
		choice("rec_form_q15", "종합 추천 의견", "Summary of your recommendation", summary),
		Question{Code: "rec_form_q16", Kind: KindText, Max: 200, Kor: "소속 기관의 소재지", Eng: "Location of your institution"},
	)
	return Template{Round: k, Version: 0, Letters: 2, Questions: qs}
}
