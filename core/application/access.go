package application

import (
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Access codes.
const (
	CodeNotFound = "application.not_found"
)

// CheckAccess decides whether p may read (write false) or change (write
// true) an application owned by ownerUserID in schoolCode. The owner may do
// both when they hold ApplicationOwn ("a creator check compares the user
// id", spec section 6); staff read with ApplicationRead and change with
// AdminBasicEdit, school-bound staff only for their school. Everyone else
// is told the application does not exist, so ids cannot be probed.
func CheckAccess(p permission.Principal, ownerUserID, schoolCode string, write bool) error {
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
