package helpdesk_test

import (
	"testing"

	"github.com/gradapply/gradapply/core/helpdesk"
)

// Any text is either accepted or refused with field errors, never a panic;
// normalising twice changes nothing more.
func FuzzEntryValidate(f *testing.F) {
	f.Add("FAQ", " 질문\r\n", "Q", "본문", "", "답\r\n\r\n둘째", "A", int64(1), 3)
	f.Add("HELP", "", "\x00", "\xff", "b", "", "", int64(0), -1)
	f.Fuzz(func(t *testing.T, kind, tk, te, bk, be, ak, ae string, cat int64, order int) {
		e := helpdesk.Entry{Kind: helpdesk.Kind(kind), CategoryID: cat, TitleKo: tk, TitleEn: te, BodyKo: bk, BodyEn: be,
			AnswerKo: ak, AnswerEn: ae, Order: order}.Normalise()
		if e.Normalise() != e {
			t.Fatalf("normalise is not stable: %+v", e)
		}
		if err := e.Validate(); err != nil && len(fields(err)) == 0 {
			t.Fatalf("refused without naming a field: %v", err)
		}
	})
}
