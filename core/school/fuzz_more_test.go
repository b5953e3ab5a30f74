package school

import "testing"

func FuzzValidateConsentItems(f *testing.F) {
	f.Add("consent.x", "제목", "Title", "본문", "Body", "2024-09-10")
	f.Fuzz(func(t *testing.T, code, tko, ten, bko, ben, version string) {
		items := []ConsentItem{{code, tko, ten, bko, ben, version}}
		if ValidateConsentItems(items) != nil {
			return
		}
		if code == "" || tko == "" || ten == "" || bko == "" || ben == "" || len(version) != 10 {
			t.Fatalf("accepted %+v", items[0])
		}
		if ValidateConsentItems(append(items, items[0])) == nil {
			t.Fatal("a repeated code accepted")
		}
	})
}
