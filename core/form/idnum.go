package form

import (
	"time"

	"github.com/gradapply/gradapply/core/textrule"
	"github.com/gradapply/gradapply/core/window"
)

// ResidentNoLast checks the last 7 digits of a resident registration
// number: 7 digits whose first is consistent with the century of birth and
// the gender. gend is "M" or "F"; an unknown gender only checks the century.
// No checksum is demanded (numbers issued since October 2020 carry none).
func ResidentNoLast(last string, birth time.Time, gend string) bool {
	if len(last) != 7 || !textrule.Digits(last) {
		return false
	}
	d := last[0] - '0'
	var century int
	switch d {
	case 9, 0:
		century = 1800
	case 1, 2:
		century = 1900
	case 3, 4:
		century = 2000
	default:
		return false
	}
	if y := birth.In(window.Seoul).Year(); y < century || y >= century+100 {
		return false
	}
	male := d%2 == 1
	return gend != "M" && gend != "F" || male == (gend == "M")
}

// AlienNo checks an alien registration number: exactly 13 digits.
func AlienNo(s string) bool { return len(s) == 13 && textrule.Digits(s) }
