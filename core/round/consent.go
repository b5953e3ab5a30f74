package round

import (
	"slices"
	"strings"
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

// ConsentVersions is one consent item of a round with every version of its
// text, newest (the one in force) first.
type ConsentVersions struct {
	Code     string
	Versions []school.ConsentItem
}

// HistoryOf groups the items in force with the earlier versions kept for
// them: per item the current text, then the older versions newest first.
// Versions of items no longer asked for are left out, and so is a stored
// copy of the current version.
func HistoryOf(current, earlier []school.ConsentItem) []ConsentVersions {
	out := make([]ConsentVersions, len(current))
	for i, c := range current {
		out[i] = ConsentVersions{Code: c.Code, Versions: []school.ConsentItem{c}}
		var old []school.ConsentItem
		for _, e := range earlier {
			if e.Code == c.Code && e.Version < c.Version {
				old = append(old, e)
			}
		}
		slices.SortFunc(old, func(a, b school.ConsentItem) int { return strings.Compare(b.Version, a.Version) })
		out[i].Versions = append(out[i].Versions, slices.CompactFunc(old, func(a, b school.ConsentItem) bool { return a.Version == b.Version })...)
	}
	return out
}
