package printing

import (
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/recommendation"
	"github.com/gradapply/gradapply/core/window"
)

// Letter is the print model of a submitted recommendation letter: who
// wrote it for whom, each question of the template the letter was written
// on with its answer (choices by their text, long texts with their
// paragraphs), the date and the signature. Labels carry both languages;
// the letter's own language comes first.
type Letter struct {
	Lang      Lang
	School    string
	Round     string
	Applicant string
	Writer    []LetterRow // name, institution, position, phone, e-mail
	Answers   []LetterAnswer
	File      string // the uploaded letter file's name, if any
	Date      string // yyyy-MM-dd, Asia/Seoul
	Sign      string
}

// LetterRow is one labelled value.
type LetterRow struct {
	Label Label
	Value string
}

// LetterAnswer is one question and its answer.
type LetterAnswer struct {
	No       int
	Question Label
	Answer   string
	Long     bool
}

// LetterModel builds the print model of a letter.
func LetterModel(d recommendation.LetterDoc) Letter {
	l := Korean
	if d.Lang == "en" {
		l = English
	}
	out := Letter{Lang: l, School: d.SchoolName, Round: d.RoundName, Applicant: d.ApplicantName, File: d.FileName,
		Date: d.SubmittedAt.In(window.Seoul).Format(time.DateOnly), Sign: d.Letter.ProfSign}
	out.Writer = []LetterRow{
		{Label{"추천인", "Recommender"}, d.Profile.Name},
		{Label{"소속 기관", "Institution"}, d.Profile.Institution},
		{Label{"직위", "Position"}, d.Profile.Position},
		{Label{"연락처", "Phone"}, d.Profile.Phone},
		{Label{"이메일", "E-mail"}, d.Profile.Email},
	}
	for i, q := range d.Questions {
		a := d.Letter.Answers[q.Code]
		if n := slices.Index(q.Options, a); n >= 0 && n < len(q.Labels) {
			a = Label{q.Labels[n].Kor, q.Labels[n].Eng}.In(l)
		}
		out.Answers = append(out.Answers, LetterAnswer{No: i + 1, Question: Label{q.Kor, q.Eng}, Answer: a, Long: q.Kind == recommendation.KindLong})
	}
	return out
}
