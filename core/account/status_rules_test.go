package account

import (
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
)

// Spec section 4: "User status: ACTIVE, INACTIVE, WITHDRAW"; "Withdrawal is
// immediate on request"; membership "can be limited, suspended or ended".
func TestUserStatus(t *testing.T) {
	t.Parallel()
	for _, s := range Statuses {
		if got, err := ParseStatus(string(s)); err != nil || got != s {
			t.Fatalf("ParseStatus(%s)", s)
		}
	}
	if _, err := ParseStatus("active"); apperr.CodeOf(err) != CodeStatusUnknown {
		t.Fatal("lowercase status")
	}
	if !StatusActive.CanSignIn() || StatusInactive.CanSignIn() || StatusWithdraw.CanSignIn() {
		t.Fatal("CanSignIn")
	}
	cases := []struct {
		from, to Status
		code     string
	}{
		{StatusActive, StatusInactive, ""},
		{StatusInactive, StatusActive, ""},
		{StatusActive, StatusWithdraw, ""},
		{StatusInactive, StatusWithdraw, ""},
		{StatusWithdraw, StatusActive, CodeStatusChange},
		{StatusWithdraw, StatusWithdraw, CodeStatusChange},
		{StatusActive, StatusActive, CodeStatusChange},
		{StatusActive, "X", CodeStatusUnknown},
		{"X", StatusActive, CodeStatusUnknown},
	}
	for _, c := range cases {
		if got := apperr.CodeOf(CheckStatusChange(c.from, c.to)); got != c.code {
			t.Errorf("%s -> %s: %q want %q", c.from, c.to, got, c.code)
		}
	}
}

func FuzzParseStatus(f *testing.F) {
	f.Add("ACTIVE")
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseStatus(s)
		if err == nil && string(st) != s {
			t.Fatal(s)
		}
	})
}
