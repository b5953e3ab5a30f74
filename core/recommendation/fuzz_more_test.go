package recommendation

import "testing"

func FuzzParseStatus(f *testing.F) {
	f.Add("00010", "applicant")
	f.Fuzz(func(t *testing.T, s, actor string) {
		st, err := ParseStatus(s)
		if err == nil && string(st) != s {
			t.Fatal(s)
		}
		// Nobody cancels a completed letter; the applicant only a sent one.
		if CheckCancel(Status(s), Actor(actor)) == nil && (s == string(Completed) || Actor(actor) == ByApplicant && s != string(Sent)) {
			t.Fatalf("%s may cancel %s", actor, s)
		}
	})
}
