package pdf_test

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/recommendation"
)

// A letter PDF shows who wrote it for whom, every question with its answer
// (choices by their text, paragraphs kept, long answers across pages), the
// date and the signature, in Korean.
func letterDoc() recommendation.LetterDoc {
	tpl := recommendation.DefaultTemplate(application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1})
	answers := map[string]string{}
	for _, q := range tpl.Questions {
		if len(q.Options) > 0 {
			answers[q.Code] = q.Options[0]
		} else {
			answers[q.Code] = "답변 " + q.Code
		}
	}
	answers["rec_form_q2"] = "첫 문단입니다.\n\n" + strings.Repeat("지원자는 연구실 세미나를 이끌었습니다. ", 150) + "\n\n마지막 문단입니다."
	doc := recommendation.LetterDoc{Lang: "ko", SchoolName: "이화여자대학교 국제대학원", RoundName: "2027학년도 전기", ApplicantName: "김하늘",
		Profile:   recommendation.Profile{Email: "lee@example.com", Name: "이재원", Institution: "한국대학교", Position: "교수", Phone: "010-1234-5678"},
		Questions: tpl.Questions, Letter: recommendation.Letter{Answers: answers, ProfSign: "이재원"},
		SubmittedAt: time.Date(2027, 2, 20, 1, 0, 0, 0, time.UTC), FileName: "추천서.pdf"}
	return doc
}

func TestLetterShowsEveryAnswer(t *testing.T) {
	t.Parallel()
	doc := letterDoc()
	var b bytes.Buffer
	if err := renderer(t).Letter(&b, printing.LetterModel(doc)); err != nil {
		t.Fatal(err)
	}
	if p := os.Getenv("LETTER_PDF"); p != "" {
		_ = os.WriteFile(p, b.Bytes(), 0o644)
	}
	got := text(t, b.Bytes())
	for _, want := range []string{"LETTER OF RECOMMENDATION", "김하늘", "이재원", "한국대학교", "첫 문단입니다.", "마지막 문단입니다.", "상위 1%", "탁월", "적극 추천",
		"소속 기관의 소재지", "답변 rec_form_q16", "2027-02-20", "추천서.pdf"} {
		if !strings.Contains(got, want) {
			t.Errorf("the letter lacks %q", want)
		}
	}
	if strings.Count(got, "\f") < 1 {
		t.Errorf("a long letter on one page")
	}
}

// The letter PDF is rendered inside the submit request: how long it takes.
func BenchmarkLetter(b *testing.B) {
	r := renderer(b)
	m := printing.LetterModel(letterDoc())
	for b.Loop() {
		var buf bytes.Buffer
		if err := r.Letter(&buf, m); err != nil {
			b.Fatal(err)
		}
	}
}
