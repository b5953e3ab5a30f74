package feeschedule

import (
	"context"

	"github.com/gradapply/gradapply/core/application"
)

// Store keeps the schedules. Update is the only way a stored schedule
// changes: in one transaction (the caller's, when ctx carries one) it
// locks the school's schedule, rebuilds it with
// UnmarshalScheduleFromDatabase (NewSchedule for a school without one),
// calls fn and, when fn returns nil and changed it, writes it back.
type Store interface {
	// Get answers a school's schedule; a school without rules has an
	// empty one.
	Get(ctx context.Context, school string) (*Schedule, error)
	// List answers the schedules of every school with rules, by school code.
	List(ctx context.Context) ([]*Schedule, error)
	Update(ctx context.Context, school string, fn func(s *Schedule) error) error
}

// Schools reads the schools of the service.
type Schools interface {
	Schools(ctx context.Context) ([]application.School, error)
}
