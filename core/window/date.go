package window

import (
	"time"

	"github.com/gradapply/gradapply/core/apperr"
)

// Seoul is the time zone of every deadline and displayed date. When the
// system has no zone database the fixed +09:00 offset is exact: Korea has
// kept no daylight saving time since 1988.
var Seoul = loadSeoul()

func loadSeoul() *time.Location {
	if loc, err := time.LoadLocation("Asia/Seoul"); err == nil {
		return loc
	}
	return time.FixedZone("KST", 9*60*60)
}

// DateLayout is the date format of the whole product (spec section 9).
const DateLayout = "2006-01-02"

// ParseDate reads a yyyy-MM-dd date as midnight in Asia/Seoul. Exactly ten
// characters are required, so "2026-3-1" and "2026-03-01T00:00" are refused.
func ParseDate(s string) (time.Time, error) {
	if len(s) != len(DateLayout) {
		return time.Time{}, apperr.Invalid(CodeDateFormat)
	}
	t, err := time.ParseInLocation(DateLayout, s, Seoul)
	if err != nil {
		return time.Time{}, apperr.Invalid(CodeDateFormat)
	}
	return t, nil
}

// FormatDate writes the Asia/Seoul calendar date of t.
func FormatDate(t time.Time) string { return t.In(Seoul).Format(DateLayout) }

// Today is the Asia/Seoul calendar day of now, at midnight.
func Today(now time.Time) time.Time { return StartOfDay(now) }

// StartOfDay is midnight (Asia/Seoul) of the day that holds t.
func StartOfDay(t time.Time) time.Time {
	y, m, d := t.In(Seoul).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, Seoul)
}

// EndOfDay is the first instant after the Asia/Seoul day that holds t, so a
// deadline date is inclusive when used as the end of a half-open interval.
func EndOfDay(t time.Time) time.Time { return StartOfDay(t).AddDate(0, 0, 1) }

// CheckDate parses a required date field and records a field error when it
// is empty or badly formed. ok is false when f received an error.
func CheckDate(f *apperr.Fields, field, value string) (time.Time, bool) {
	if value == "" {
		f.Add(field, CodeDateRequired)
		return time.Time{}, false
	}
	t, err := ParseDate(value)
	if err != nil {
		f.Add(field, CodeDateFormat)
		return time.Time{}, false
	}
	return t, true
}

// CheckOptionalDate is CheckDate for a field that may be empty; ok is false
// when the field is empty or wrong.
func CheckOptionalDate(f *apperr.Fields, field, value string) (time.Time, bool) {
	if value == "" {
		return time.Time{}, false
	}
	return CheckDate(f, field, value)
}

// StartAfterToday is the startDay rule: the day must be after today.
func StartAfterToday(f *apperr.Fields, field string, day, now time.Time) {
	if !StartOfDay(day).After(Today(now)) {
		f.Add(field, CodeStartAfterToday)
	}
}

// EndAfterStart is the endDay rule: the end must be after the start (both
// are dates; the same day is refused). Passport expiry after its issue date
// and graduation after entrance use the same rule.
func EndAfterStart(f *apperr.Fields, field string, start, end time.Time) {
	if !StartOfDay(end).After(StartOfDay(start)) {
		f.Add(field, CodeEndAfterStart)
	}
}

// NotAfterToday is the retireDay rule: the day must be today or earlier.
func NotAfterToday(f *apperr.Fields, field string, day, now time.Time) {
	if StartOfDay(day).After(Today(now)) {
		f.Add(field, CodeNotAfterToday)
	}
}
