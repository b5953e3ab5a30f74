package application

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/school"
)

type oneRound Round

func (o oneRound) Round(context.Context, RoundKey) (Round, error) { return Round(o), nil }

// The round rules core owns (they were in the postgres adapter): the
// default colour, a school's codes else the SYSTEM ones, and consent items
// by precedence round, school, default.
func TestRoundResolve(t *testing.T) {
	t.Parallel()
	dflt := school.Default("236")
	roundC := []school.ConsentItem{{Code: "R"}}
	schoolC := []school.ConsentItem{{Code: "S"}}
	sys := []Code{{Code: "00001"}}
	own := []Code{{Code: "X"}}
	for _, c := range []struct {
		name     string
		r        Round
		color    string
		consent  string
		category string
		stayType string
	}{
		{"defaults", Round{Rules: dflt, SystemCategories: sys, SystemStayTypes: sys}, DefaultColor, dflt.Consents[0].Code, "00001", "00001"},
		{"school's", Round{Color: "blue", Rules: dflt, SchoolConsents: schoolC, Categories: own, StayTypes: own, SystemCategories: sys}, "blue", "S", "X", "X"},
		{"round's over school's", Round{Rules: dflt, RoundConsents: roundC, SchoolConsents: schoolC, SystemCategories: sys, StayTypes: own}, DefaultColor, "R", "00001", "X"},
	} {
		r, err := LoadRound(context.Background(), oneRound(c.r), RoundKey{})
		if err != nil || r.Color != c.color || r.Rules.Consents[0].Code != c.consent || r.Categories[0].Code != c.category || r.StayTypes[0].Code != c.stayType {
			t.Errorf("%s: %+v %v", c.name, r, err)
		}
	}
}
