package application

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/permission"
)

// DashboardDays is how many days back the dashboard counts per day.
const DashboardDays = 30

// DayCount is one day (yyyy-MM-dd, Asia/Seoul) of a round's dashboard.
type DayCount struct {
	Day         string
	Created     int // applications started
	Completions int // reached COMPLETE
	Payments    int // payments recorded
}

// Dashboard is how many applied to a round: applications by status (the
// review status while under review), under review, paid, and per day. It
// holds no personal data.
type Dashboard struct {
	Total     int
	ByStatus  map[Status]int
	Reviewing int
	Paid      int
	// LettersPending are recommendation letters requested (not cancelled,
	// for applications not cancelled) and not yet submitted;
	// LettersCompleted those submitted.
	LettersPending, LettersCompleted int
	Days                             []DayCount
}

// DashboardStore counts a round's applications.
type DashboardStore interface {
	Dashboard(ctx context.Context, k RoundKey, since time.Time) (Dashboard, error)
}

// Dashboard answers a round's counts to staff who may see the round
// (permission.Dashboard: a school-bound role for its own school); the
// days are the last DashboardDays.
func (s *Service) Dashboard(ctx context.Context, p permission.Principal, k RoundKey) (Dashboard, error) {
	if !permission.Can(p, permission.Dashboard, k.SchoolCode) {
		if permission.Can(p, permission.Dashboard, "") {
			return Dashboard{}, notFoundRound()
		}
		return Dashboard{}, forbidden()
	}
	if _, err := LoadRound(ctx, s.Ref, k); err != nil {
		return Dashboard{}, err
	}
	return s.Staff.Dashboard.Dashboard(ctx, k, s.now().AddDate(0, 0, -DashboardDays))
}
