package account

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/window"
)

// Spec section 4 "A member is dropped after 36 months without login";
// decisions.md "Dormancy": 30 days before the 36th month the member is
// e-mailed; at 36 months the account is closed.
func TestDormancy(t *testing.T) {
	t.Parallel()
	kst := func(y int, m time.Month, d, h int) time.Time { return time.Date(y, m, d, h, 0, 0, 0, window.Seoul) }
	last := kst(2023, 3, 15, 10)
	if !DormancyCloseAt(last).Equal(kst(2026, 3, 15, 10)) || !DormancyNoticeAt(last).Equal(kst(2026, 2, 13, 10)) {
		t.Fatalf("dates %v %v", DormancyCloseAt(last), DormancyNoticeAt(last))
	}
	old := kst(2020, 1, 1, 0)
	sent := kst(2026, 2, 14, 0)
	cases := []struct {
		name     string
		now      time.Time
		notified *time.Time
		want     DormancyAction
	}{
		{"just before the notice", kst(2026, 2, 13, 9), nil, DormancyNone},
		{"notice day", kst(2026, 2, 13, 10), nil, DormancyNotify},
		{"notice not sent twice", kst(2026, 3, 1, 0), &sent, DormancyNone},
		{"a notice of an earlier period does not count", kst(2026, 3, 1, 0), &old, DormancyNotify},
		{"just before 36 months", kst(2026, 3, 15, 9), &sent, DormancyNone},
		{"at 36 months", kst(2026, 3, 15, 10), &sent, DormancyClose},
		{"closed even if never notified", kst(2027, 1, 1, 0), nil, DormancyClose},
	}
	for _, c := range cases {
		if got := Dormancy(last, c.notified, c.now); got != c.want {
			t.Errorf("%s: %q want %q", c.name, got, c.want)
		}
	}
}

// Spec section 4: "A repeat after suspension, or failure to fix within 10
// days, leads to loss of membership."
func TestLosesMembership(t *testing.T) {
	t.Parallel()
	s := time.Date(2026, 3, 1, 9, 0, 0, 0, window.Seoul)
	cases := []struct {
		now             time.Time
		fixed, repeated bool
		want            bool
	}{
		{s.AddDate(0, 0, 9), false, false, false},
		{s.AddDate(0, 0, 10), false, false, true},
		{s.AddDate(0, 0, 30), true, false, false},
		{s.AddDate(0, 0, 1), true, true, true},
	}
	for _, c := range cases {
		if got := LosesMembership(s, c.fixed, c.repeated, c.now); got != c.want {
			t.Errorf("%+v: %v", c, got)
		}
	}
}
