package form

import "testing"

func FuzzValidateCertificates(f *testing.F) {
	f.Add("정보처리기사", "HRDK", "2024-01-01")
	f.Fuzz(func(t *testing.T, desc, inst, day string) {
		if ValidateCertificates([]Certificate{{Description: desc, Institution: inst, IssueDay: day}}, dflt, now) != nil {
			return
		}
		if desc == "" || len(day) != 10 {
			t.Fatalf("accepted %q %q", desc, day)
		}
	})
}
