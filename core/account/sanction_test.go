package account

import "testing"

// Spec section 4: limited, suspended or ended; a repeat after suspension
// ends membership.
func TestDecideSanction(t *testing.T) {
	for _, c := range []struct {
		kind    string
		history []Sanction
		want    string
		status  Status
	}{
		{SanctionLimit, nil, SanctionLimit, StatusActive},
		{SanctionSuspend, nil, SanctionSuspend, StatusInactive},
		{SanctionSuspend, []Sanction{{Kind: SanctionLimit}}, SanctionSuspend, StatusInactive},
		{SanctionSuspend, []Sanction{{Kind: SanctionSuspend}}, SanctionEnd, StatusWithdraw},
		{SanctionLimit, []Sanction{{Kind: SanctionSuspend}}, SanctionLimit, StatusActive},
		{SanctionEnd, nil, SanctionEnd, StatusWithdraw},
	} {
		k, st := DecideSanction(c.kind, c.history)
		if k != c.want || st != c.status {
			t.Errorf("%s after %v: %s %s, want %s %s", c.kind, c.history, k, st, c.want, c.status)
		}
	}
}
