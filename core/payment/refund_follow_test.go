package payment

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/window"
)

// A refund is overdue ten business days (Monday to Friday, Seoul) after it
// was requested: weekends do not count, and the day is Seoul's, not UTC's.
func TestRefundDueAfterTenBusinessDays(t *testing.T) {
	seoul := func(s string) time.Time {
		tm, err := time.ParseInLocation("2006-01-02 15:04", s, window.Seoul)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	for _, tc := range []struct{ at, due string }{
		{"2026-11-20 10:00", "2026-12-04 10:00"}, // Friday -> Friday two weeks on
		{"2026-11-23 09:00", "2026-12-07 09:00"}, // Monday -> Monday two weeks on
		{"2026-11-21 15:00", "2026-12-04 15:00"}, // Saturday: counting starts Monday
		{"2026-11-21 00:30", "2026-12-04 00:30"}, // Saturday in Seoul, still Friday in UTC
	} {
		if got := refundDue(seoul(tc.at).UTC()); !got.Equal(seoul(tc.due)) {
			t.Errorf("requested %s: due %s, want %s", tc.at, got.In(window.Seoul).Format("2006-01-02 15:04 Mon"), tc.due)
		}
	}
}
