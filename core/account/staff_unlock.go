package account

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// LoginLock is whether an account's sign-in is locked now: Failures of the
// account within FailWindow, locked at AccountLockAfter.
type LoginLock struct {
	Failures int
	Locked   bool
}

// loginLock reads the account's failure count (the key of the login gate).
func (s *Service) loginLock(ctx context.Context, userID string) (LoginLock, error) {
	if s.Failures == nil {
		return LoginLock{}, nil
	}
	n, err := s.Failures.Count(ctx, loginAccountKey(userID))
	return LoginLock{Failures: n, Locked: n >= AccountLockAfter}, err
}

// Unlock clears a member's login failures for a system admin, so the
// member can sign in again at once (the captcha the failures asked for
// goes too). It is audited with the count it cleared and the reason.
func (s *Service) Unlock(ctx context.Context, p permission.Principal, userID, reason string) (LoginLock, error) {
	if !permission.Can(p, permission.UserManage, "") {
		return LoginLock{}, apperr.Forbidden("auth.forbidden")
	}
	reason, err := checkReason(reason)
	if err != nil {
		return LoginLock{}, err
	}
	u, err := s.Users.ByUserID(ctx, userID)
	if err != nil {
		return LoginLock{}, err
	}
	before, err := s.loginLock(ctx, u.UserID)
	if err != nil {
		return LoginLock{}, err
	}
	if err := s.Failures.Reset(ctx, loginAccountKey(u.UserID)); err != nil {
		return LoginLock{}, err
	}
	if err := s.Access.Record(ctx, p.UserID, "member.unlock", u.UserID, map[string]any{"failures": before.Failures, "locked": before.Locked, "reason": reason}); err != nil {
		return LoginLock{}, err
	}
	return LoginLock{}, nil
}
