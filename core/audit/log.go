package audit

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Entry is one row of the personal-data access log: who (Actor) did what
// (Action) to whom or what (Target), when and from which address.
type Entry struct {
	ID        int64
	Actor     string
	Action    string
	Target    string
	Detail    map[string]any
	From      string
	CreatedAt time.Time
}

// Query filters the access log. From and To bound CreatedAt (zero: open).
type Query struct {
	Actor  string // staff user id
	Target string // part of the target ("application:12", a user id)
	// ExactTarget makes Target the whole target (application:12 then
	// does not find application:123).
	ExactTarget bool
	Action      string // prefix, e.g. "application." or "member.status"
	From        time.Time
	To          time.Time
	Sort        string // one of SortFields
	Desc        bool
	Offset      int
	Limit       int
}

// SortFields are the columns the log may be sorted by.
var SortFields = []string{"id", "createdAt", "actor", "action"}

// Reader reads the access log (it is written by the stores of each area).
type Reader interface {
	List(ctx context.Context, q Query) ([]Entry, int, error)
}

// Log is the access log viewer's use case.
type Log struct{ Reader Reader }

// List answers one page of the access log to a system admin.
func (l Log) List(ctx context.Context, p permission.Principal, q Query) ([]Entry, int, error) {
	if !permission.Can(p, permission.AccessLogRead, "") {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	if q.Limit <= 0 || q.Limit > 100 {
		q.Limit = 25
	}
	q.Offset = max(q.Offset, 0)
	return l.Reader.List(ctx, q)
}
