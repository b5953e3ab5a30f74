package round

import (
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Versioned decides the versions of edited consent items. For each item of
// next: a new code keeps its version (today when empty); an item whose
// texts are unchanged keeps the stored version; changed texts that some
// application accepted (inUse(code, version)) get a new version, today or,
// when today is not later than the stored one, the day after it; changed
// texts nobody accepted are edited in place with version today (never
// earlier than the stored one). retired are the stored versions that
// applications keep (to be kept in the version history).
func Versioned(prev, next []school.ConsentItem, inUse func(code, version string) bool, now time.Time) (out, retired []school.ConsentItem) {
	today := window.FormatDate(now)
	out = make([]school.ConsentItem, len(next))
	for i, it := range next {
		j := slices.IndexFunc(prev, func(p school.ConsentItem) bool { return p.Code == it.Code })
		if j < 0 {
			if it.Version == "" {
				it.Version = today
			}
			out[i] = it
			continue
		}
		old := prev[j]
		if sameText(old, it) {
			it.Version = old.Version
			out[i] = it
			continue
		}
		v := today
		if inUse(old.Code, old.Version) {
			if v <= old.Version {
				v = dayAfter(old.Version)
			}
			retired = append(retired, old)
		} else if v < old.Version {
			v = old.Version
		}
		it.Version = v
		out[i] = it
	}
	return out, retired
}

func sameText(a, b school.ConsentItem) bool {
	return a.TitleKo == b.TitleKo && a.TitleEn == b.TitleEn && a.BodyKo == b.BodyKo && a.BodyEn == b.BodyEn
}

func dayAfter(day string) string {
	t, err := window.ParseDate(day)
	if err != nil {
		return day
	}
	return window.FormatDate(t.AddDate(0, 0, 1))
}
