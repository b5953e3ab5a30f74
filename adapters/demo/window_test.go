package demo

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/window"
)

// Demo deadlines fall on whole, sensible times in Seoul whatever the time of
// loading (issue 8, defect 7: a round loaded at 20:36 UTC closed at 05:36 KST).
func TestWindowOnTheHour(t *testing.T) {
	t.Parallel()
	for _, now := range []time.Time{
		time.Date(2026, 11, 23, 20, 36, 17, 0, time.UTC), // 05:36 KST the next day
		time.Date(2026, 1, 31, 3, 59, 59, 0, time.UTC),
		time.Date(2027, 12, 31, 14, 59, 0, 0, time.UTC), // 23:59 KST on new year's eve
	} {
		opens, closes := Window(now)
		o, c := opens.In(window.Seoul), closes.In(window.Seoul)
		if o.Hour() != 9 || o.Minute() != 0 || o.Second() != 0 || c.Hour() != 17 || c.Minute() != 0 || c.Second() != 0 {
			t.Errorf("now %s: opens %s closes %s", now, o, c)
		}
		if !opens.Before(now) || closes.Sub(now) < 80*24*time.Hour || closes.Sub(now) > 100*24*time.Hour {
			t.Errorf("now %s: window %s .. %s does not hold a month back and three ahead", now, o, c)
		}
	}
}
