package evaluation

import (
	"context"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/application"
)

// Rubrics keeps the rounds' rubrics. Calls given the ctx of a transaction
// join it.
type Rubrics interface {
	// Create stores a round's first rubric; a conflict when it has one.
	Create(ctx context.Context, r Rubric) error
	// Get answers CodeNoRubric (not found) for a round without one.
	Get(ctx context.Context, k application.RoundKey) (Rubric, error)
	// Update locks the round's rubric, hands it to fn with the ctx of its
	// transaction and writes back what fn changed; fn's error changes
	// nothing. CodeNoRubric for a round without one.
	Update(ctx context.Context, k application.RoundKey, fn func(ctx context.Context, r *Rubric) error) error
}

// Sheets keeps the sheets (the assignments). Calls given the ctx of a
// transaction join it.
type Sheets interface {
	// Add stores new sheets; one already there for its (application,
	// reviewer) is skipped. It answers how many were added.
	Add(ctx context.Context, sheets []Sheet) (int, error)
	// Get answers CodeNotAssigned (not found) when there is no such sheet.
	Get(ctx context.Context, applNo int64, reviewer string) (Sheet, error)
	// Update locks one sheet, hands it to fn and writes back what fn
	// changed, deleting it when fn withdrew it. CodeNotAssigned when
	// there is none.
	Update(ctx context.Context, applNo int64, reviewer string, fn func(ctx context.Context, s *Sheet) error) error
	// ForRound lists a round's sheets by application then reviewer.
	ForRound(ctx context.Context, k application.RoundKey) ([]Sheet, error)
	// ForApplication lists an application's sheets by reviewer.
	ForApplication(ctx context.Context, applNo int64) ([]Sheet, error)
	// ForReviewer lists a reviewer's sheets by application.
	ForReviewer(ctx context.Context, reviewer string) ([]Sheet, error)
}

// Roster lists applications for staff (application.StaffStore's list).
type Roster interface {
	ListApplications(ctx context.Context, q application.StaffQuery) ([]application.StaffRow, int, error)
}

// Users finds accounts by user id (to check a reviewer's role and school).
type Users interface {
	ByUserID(ctx context.Context, userID string) (account.User, error)
}

// Directory lists accounts (account.Users's list): the school's reviewers
// staff choose from.
type Directory interface {
	List(ctx context.Context, q account.ListQuery) ([]account.User, int, error)
}
