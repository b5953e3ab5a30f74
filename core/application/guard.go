package application

import (
	"context"
	"strconv"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/window"
)

// Access codes.
const (
	CodeNotFound = "application.not_found"
)

// Guard is the one place that decides who may read or change an
// application: every use case that names an application (the form, the
// documents, submission, printing) asks it first.
//   - The owner reads and changes it when they hold ApplicationOwn ("a
//     creator check compares the user id", spec section 6).
//   - Staff read it when the permission table gives them ApplicationRead for
//     the application's school (school-bound staff only for their school);
//     the read is logged. Through the applicant's use cases staff never
//     change it (they get CodeOwnerOnly): the back office changes
//     applications through its own use cases, which call Change with
//     staff=true.
//   - Everyone else is told the application does not exist, so ids cannot
//     be probed.
//   - Changes are allowed within the round's windows, or at any time for
//     ROLE_TIME_INDEPENDENT (Allow).
type Guard struct {
	Apps interface {
		Get(ctx context.Context, applNo int64) (Header, error)
	}
	Log port.AuditLog // nil: staff reads are not logged (tests only)
}

// Read loads an application p may read.
func (g Guard) Read(ctx context.Context, p permission.Principal, applNo int64) (Header, error) {
	return g.ReadFor(ctx, p, applNo, nil)
}

// ReadFor is Read with what is read (a step, a print) in the access log.
func (g Guard) ReadFor(ctx context.Context, p permission.Principal, applNo int64, detail map[string]any) (Header, error) {
	h, err := g.load(ctx, applNo)
	if err != nil {
		return Header{}, err
	}
	if err := checkAccess(p, h.UserID, h.Round.SchoolCode, false); err != nil {
		return Header{}, err
	}
	if !isOwner(p, h) && g.Log != nil {
		if err := g.Log.Record(ctx, p.UserID, "application.read", "application:"+strconv.FormatInt(applNo, 10), detail); err != nil {
			return Header{}, err
		}
	}
	return h, nil
}

// Change loads an application its owner is about to change. Staff who may
// read it are told they are not its owner; anyone else that it does not
// exist.
func (g Guard) Change(ctx context.Context, p permission.Principal, applNo int64) (Header, error) {
	h, err := g.load(ctx, applNo)
	if err != nil {
		return Header{}, err
	}
	if err := g.CheckChange(h, p); err != nil {
		return Header{}, err
	}
	return h, nil
}

// CheckChange is Change's rule on an application already loaded (under
// the row lock): nil for its owner; staff who may read it are told they are
// not its owner, anyone else that it does not exist.
func (g Guard) CheckChange(h Header, p permission.Principal) error {
	if isOwner(p, h) && checkAccess(p, h.UserID, h.Round.SchoolCode, true) == nil {
		return nil
	}
	if checkAccess(p, h.UserID, h.Round.SchoolCode, false) == nil {
		return apperr.Forbidden(CodeOwnerOnly)
	}
	return apperr.NotFound(CodeNotFound)
}

// Owner reports whether p owns the loaded application.
func (g Guard) Owner(p permission.Principal, h Header) bool { return isOwner(p, h) }

// Allow refuses act outside the round's window unless p is exempt from
// time windows (ROLE_TIME_INDEPENDENT).
func (g Guard) Allow(p permission.Principal, r Round, act window.Action, now time.Time) error {
	return window.NewRound(r.Windows...).Allow(act, now, Exempt(p))
}

// Exempt reports whether p is exempt from the time windows.
func Exempt(p permission.Principal) bool {
	return permission.Can(p, permission.TimeWindowExempt, "")
}

func (g Guard) load(ctx context.Context, applNo int64) (Header, error) {
	if applNo <= 0 {
		return Header{}, apperr.NotFound(CodeNotFound)
	}
	return g.Apps.Get(ctx, applNo)
}

func isOwner(p permission.Principal, h Header) bool {
	return p.Authenticated() && h.UserID != "" && h.UserID == p.UserID
}

// checkAccess is the permission rule of the guard: whether p may read
// (write false) or change (write true) an application owned by ownerUserID
// in schoolCode. Staff read with ApplicationRead and change with
// AdminBasicEdit.
func checkAccess(p permission.Principal, ownerUserID, schoolCode string, write bool) error {
	if p.Authenticated() && p.UserID == ownerUserID && permission.Can(p, permission.ApplicationOwn, "") {
		return nil
	}
	action := permission.ApplicationRead
	if write {
		action = permission.AdminBasicEdit
	}
	if schoolCode != "" && permission.Can(p, action, schoolCode) {
		return nil
	}
	return apperr.NotFound(CodeNotFound)
}
