package competition

import (
	"context"

	"github.com/gradapply/gradapply/core/application"
)

// Count is the applications of one part of a round past submission.
type Count struct {
	ApplPartNo int64
	// Submitted counts SUBMIT, VBANK_ISSUE and COMPLETE; Completed only
	// COMPLETE.
	Submitted, Completed int
}

// Counter counts a round's applications per part, in one query. Parts
// with none are left out.
type Counter interface {
	Count(ctx context.Context, k application.RoundKey) ([]Count, error)
}

// Reference reads the schools and a school's rounds as the public pages
// show them (application.Reference answers it).
type Reference interface {
	Schools(ctx context.Context) ([]application.School, error)
	Rounds(ctx context.Context, school string) ([]application.Round, error)
}
