package inquiry

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
)

// Query selects inquiries for a list, newest first (Oldest: oldest first).
type Query struct {
	UserID     string    // "": every member's
	SchoolCode string    // "": every school's
	Status     Status    // "": any
	Type       Type      // "": any
	From, To   time.Time // created in [From, To); zero: unbounded
	Text       string    // in the title, the question or the member's id
	Oldest     bool
	Offset     int
	Limit      int // 0: no limit
}

// Store keeps inquiries. Update locks the row for fn in one transaction
// (the caller's when ctx carries one); a missing inquiry is CodeNotFound.
type Store interface {
	Create(ctx context.Context, q Inquiry) (Inquiry, error)
	Get(ctx context.Context, no int64) (Inquiry, error)
	Update(ctx context.Context, no int64, fn func(q *Inquiry) error) error
	// List answers a page and the total of what the query selects.
	List(ctx context.Context, q Query) ([]Inquiry, int, error)
	// Unread counts a member's inquiries with an answer not yet opened.
	Unread(ctx context.Context, userID string) (int, error)
}

// Schools reads the schools of the service.
type Schools interface {
	Schools(ctx context.Context) ([]application.School, error)
}

// Applications lists a member's applications (the schools applied to
// come first in the form).
type Applications interface {
	ListByUser(ctx context.Context, userID string) ([]application.Header, error)
}

// FileStore keeps attachments (the documents' store).
type FileStore = document.FileStore
