package pdf_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/decision"
)

// The admission letter names the applicant, the exam number, the school
// and round and the school's message, in the language asked, with the
// announcement date in Korea time.
func TestAdmissionLetterInKoAndEn(t *testing.T) {
	t.Parallel()
	l := decision.Letter{ApplNo: 42, ExamNumber: "2027-1-IS-0007", ApplicantName: "김지원", SchoolKorName: "이화여자대학교 국제대학원",
		SchoolEng: "Ewha GSIS", RoundKorName: "2027학년도 전기", RoundEng: "Spring 2027",
		Message:    decision.Message{Ko: "합격을 축하합니다. 등록 안내는 2월 2일에 드립니다.", En: "Congratulations. Enrolment details follow on 2 February."},
		ReleasedAt: time.Date(2026, 12, 10, 16, 0, 0, 0, time.UTC)} // 11 December in Seoul
	for lang, want := range map[string][]string{
		"ko": {"합격증", "이화여자대학교 국제대학원", "2027학년도 전기", "김지원", "2027-1-IS-0007", "합격을 축하합니다", "발표일 2026-12-11"},
		"en": {"Certificate of Admission", "Ewha GSIS", "Spring 2027", "김지원", "2027-1-IS-0007", "Congratulations.", "Announced 2026-12-11"},
	} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			if err := renderer(t).AdmissionLetter(&b, l, lang); err != nil {
				t.Fatal(err)
			}
			got := text(t, b.Bytes())
			for _, w := range want {
				if !strings.Contains(got, w) {
					t.Errorf("the letter lacks %q:\n%s", w, got)
				}
			}
			if word("42").MatchString(got) {
				t.Errorf("the letter shows the internal application number:\n%s", got)
			}
		})
	}
}
