package notice

import (
	"context"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
)

// Query selects notices: Site takes the site-wide ones, Schools those of
// the schools listed (every round of them); both empty selects every
// notice.
type Query struct {
	Site    bool
	Schools []string
}

// Notices keeps notices. Calls given the ctx of a transaction join it.
type Notices interface {
	// Create stores a new notice and answers it numbered.
	Create(ctx context.Context, n Notice) (Notice, error)
	// Get answers CodeNotFound for an unknown number.
	Get(ctx context.Context, id int64) (Notice, error)
	// Update locks a notice for fn and writes back what fn changed,
	// deleting it when fn removed it.
	Update(ctx context.Context, id int64, fn func(ctx context.Context, n *Notice) error) error
	// List answers the notices the query selects, newest start first.
	List(ctx context.Context, q Query) ([]Notice, error)
}

// Progress is how far a bulk mail is: recipients and mails queued.
type Progress struct {
	Total int
	Sent  int
}

// Mails keeps bulk mails and their recipients.
type Mails interface {
	// Create stores a new mail and answers it numbered.
	Create(ctx context.Context, m BulkMail) (BulkMail, error)
	// Get answers CodeMailNotFound for an unknown number.
	Get(ctx context.Context, id int64) (BulkMail, error)
	// Update locks a mail for fn and writes back what fn changed.
	Update(ctx context.Context, id int64, fn func(ctx context.Context, m *BulkMail) error) error
	// List answers a round's mails, newest first.
	List(ctx context.Context, k application.RoundKey) ([]BulkMail, error)
	// AddRecipients stores a mail's recipients (user ids): a member
	// already a recipient of the mail is skipped (one row per mail and
	// member). It answers how many were added.
	AddRecipients(ctx context.Context, id int64, userIDs []string) (int, error)
	// Batch locks up to limit recipients of the mail not yet mailed
	// (skipping those another worker holds), hands their ids to fn and
	// marks them mailed, in one transaction; it answers how many.
	Batch(ctx context.Context, id int64, limit int, fn func(ctx context.Context, userIDs []string) error) (int, error)
	// Progress counts a mail's recipients and those mailed.
	Progress(ctx context.Context, id int64) (Progress, error)
	// Sending lists the mails being sent, oldest first.
	Sending(ctx context.Context) ([]BulkMail, error)
}

// Roster lists applications for staff (application.StaffStore's list).
type Roster interface {
	ListApplications(ctx context.Context, q application.StaffQuery) ([]application.StaffRow, int, error)
}

// Outcomes reads a round's decisions (core/decision's store).
type Outcomes interface {
	ForRound(ctx context.Context, k application.RoundKey) ([]decision.Decision, error)
}

// Applications lists a member's applications.
type Applications interface {
	ListByUser(ctx context.Context, userID string) ([]application.Header, error)
}
