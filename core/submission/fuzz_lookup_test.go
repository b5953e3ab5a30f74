package submission_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/submission"
)

// Lookup takes any text as an address: it answers nil or a validation
// error on email and altcha only, counts only accepted requests, and mails
// only the one known address.
func FuzzLookup(f *testing.F) {
	for _, s := range []string{"hong@example.com", " HONG@example.com ", "hong", "", "@", strings.Repeat("a", 250) + "@b.kr", "ㅎ@예시.한국", "a@b\x00"} {
		f.Add(s, true)
	}
	f.Add("hong@example.com", false)
	f.Fuzz(func(t *testing.T, email string, solved bool) {
		e := newEnv(t, state(application.Complete), testRound())
		e.Captcha.OK = solved
		e.Completed(t, "hong@example.com", []submission.Completed{{ApplID: "X-1", Locale: "en"}})
		err := e.s.Lookup(context.Background(), email, "proof", "10.0.0.1")
		norm := strings.ToLower(strings.TrimSpace(email))
		valid := strings.Contains(norm, "@") && len(norm) <= 254
		if err != nil {
			ae, ok := apperr.As(err)
			if !ok || ae.Kind != apperr.KindInvalid || len(ae.Fields) == 0 {
				t.Fatalf("Lookup(%q) = %v", email, err)
			}
			for _, fe := range ae.Fields {
				if fe.Field != "email" && fe.Field != "altcha" {
					t.Fatalf("Lookup(%q) names field %q", email, fe.Field)
				}
				if fe.Field == "email" && valid || fe.Field == "altcha" && solved {
					t.Fatalf("Lookup(%q, %v) refused %s", email, solved, fe.Field)
				}
			}
			if len(e.Counters()) != 0 || len(e.Mails()) != 0 {
				t.Fatalf("refused lookup counted %v mailed %v", e.Counters(), e.Mails())
			}
			return
		}
		if !valid || !solved {
			t.Fatalf("Lookup(%q, %v) accepted", email, solved)
		}
		if e.Counters()["examno:addr:"+norm] != 1 || e.Counters()["examno:ip:10.0.0.1"] != 1 {
			t.Fatalf("counters %v", e.Counters())
		}
		m := e.Mails()
		if mailed := len(m) == 1; mailed != (norm == "hong@example.com") {
			t.Fatalf("Lookup(%q) mailed %+v", email, m)
		}
	})
}
