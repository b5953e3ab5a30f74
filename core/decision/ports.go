package decision

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
)

// Decisions keeps decisions. Calls given the ctx of a transaction join it.
type Decisions interface {
	// Create stores a new decision; CodeExists (conflict) when the
	// application has one.
	Create(ctx context.Context, d Decision) error
	// Get answers CodeNoDecision (not found) for an undecided application.
	Get(ctx context.Context, applNo int64) (Decision, error)
	// Update locks one decision, hands it to fn and writes back what fn
	// changed; CodeNoDecision when there is none.
	Update(ctx context.Context, applNo int64, fn func(ctx context.Context, d *Decision) error) error
	// ForRound lists a round's decisions by application number.
	ForRound(ctx context.Context, k application.RoundKey) ([]Decision, error)
	// MailBatch locks up to limit decisions of the round not yet mailed
	// (skipping rows another worker holds), by application number, hands
	// them to fn and writes back what fn changed, in one transaction. It
	// answers how many fn was given (0: none left).
	MailBatch(ctx context.Context, k application.RoundKey, limit int, fn func(ctx context.Context, list []*Decision) error) (int, error)
}

// Releases keeps the rounds' releases.
type Releases interface {
	// Create stores a round's first release; CodeReleaseExists when it has one.
	Create(ctx context.Context, r Release) error
	// Get answers CodeNoRelease (not found) for a round without one.
	Get(ctx context.Context, k application.RoundKey) (Release, error)
	// Update locks the round's release for fn and writes it back.
	Update(ctx context.Context, k application.RoundKey, fn func(ctx context.Context, r *Release) error) error
	// Due lists the rounds released at or before now that have decisions
	// not yet mailed.
	Due(ctx context.Context, now time.Time) ([]application.RoundKey, error)
}

// Applications reads applications (the applicant's own, one by number).
type Applications interface {
	Get(ctx context.Context, applNo int64) (application.Header, error)
	ListByUser(ctx context.Context, userID string) ([]application.Header, error)
}
