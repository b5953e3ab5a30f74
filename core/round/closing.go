package round

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// Closing a round (issue 13, decisions.md "ROLE_CLOSE_ADMIN closes
// rounds"). Closing staff see every round with its counts and its state,
// and close a round early with a reason: its SUBMIT and COMPLETE windows
// end at once (application.Closure, window.CloseAt), so applicants can no
// longer change, submit or pay, and staff other than system admins can no
// longer correct its applications. A system admin may reopen it while one
// of its stored SUBMIT or COMPLETE windows has not ended. Both are written
// to the audit log.

// Closing codes.
const (
	CodeAlreadyClosed = "round.already_closed" // closing a closed round
	CodeNotClosed     = "round.not_closed"     // reopening a round that is not closed
	CodeNothingToEnd  = "round.nothing_to_end" // every closable window has already ended
	CodeReopenLate    = "round.reopen_late"    // the stored windows have ended: nothing to reopen
	CodeReason        = "round.reason"         // a close or reopen needs its reason (up to MaxReason)
)

// MaxReason is the longest reason of a close or reopen.
const MaxReason = 500

// Closures stores rounds' early closes.
type Closures interface {
	// Closure answers a round's close (nil when it is open).
	Closure(ctx context.Context, k application.RoundKey) (*application.Closure, error)
	// Close stores a close; a conflict (CodeAlreadyClosed) when the round
	// is closed already.
	Close(ctx context.Context, k application.RoundKey, c application.Closure) error
	// Reopen removes the close; a conflict (CodeNotClosed) when there is none.
	Reopen(ctx context.Context, k application.RoundKey) error
}

// ClosingRow is one round of the closing staff's list.
type ClosingRow struct {
	Summary
	Closure *application.Closure
}

// ClosingList answers a page of every school's rounds with their closes,
// to staff who may close rounds.
func (s *Service) ClosingList(ctx context.Context, p permission.Principal, q Query) ([]ClosingRow, int, error) {
	if !permission.Can(p, permission.RoundClose, "") {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	list, total, err := s.Store.List(ctx, pageOf(q))
	if err != nil {
		return nil, 0, err
	}
	out := make([]ClosingRow, len(list))
	for i, r := range list {
		out[i].Summary = r
		if out[i].Closure, err = s.Closures.Closure(ctx, r.RoundKey); err != nil {
			return nil, 0, err
		}
	}
	return out, total, nil
}

func checkCloseReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > MaxReason {
		var f apperr.Fields
		f.AddParam("reason", CodeReason, "max", MaxReason)
		return "", f.Err()
	}
	return reason, nil
}

// Close ends the round's SUBMIT and COMPLETE windows now.
func (s *Service) Close(ctx context.Context, p permission.Principal, k application.RoundKey, reason string) (application.Closure, error) {
	if !permission.Can(p, permission.RoundClose, "") {
		return application.Closure{}, apperr.Forbidden("auth.forbidden")
	}
	reason, err := checkCloseReason(reason)
	if err != nil {
		return application.Closure{}, err
	}
	st, err := s.Store.Get(ctx, k)
	if err != nil {
		return application.Closure{}, err
	}
	now := s.Clock.Now()
	if !runsAfter(st.Windows(), now) {
		return application.Closure{}, apperr.Conflict(CodeNothingToEnd)
	}
	c := application.Closure{At: now, By: p.UserID, Reason: reason}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Closures.Close(ctx, k, c); err != nil {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, "round.close", Target(k), map[string]any{"reason": reason})
	})
	if err != nil {
		return application.Closure{}, err
	}
	s.flush()
	return c, nil
}

// Reopen removes a close, so the stored windows apply again; system admins
// only, and only while one of them still runs.
func (s *Service) Reopen(ctx context.Context, p permission.Principal, k application.RoundKey, reason string) error {
	if !permission.Can(p, permission.RoundReopen, "") {
		return apperr.Forbidden("auth.forbidden")
	}
	reason, err := checkCloseReason(reason)
	if err != nil {
		return err
	}
	st, err := s.Store.Get(ctx, k)
	if err != nil {
		return err
	}
	c, err := s.Closures.Closure(ctx, k)
	if err != nil {
		return err
	}
	if c == nil {
		return apperr.Conflict(CodeNotClosed)
	}
	if !runsAfter(st.Windows(), s.Clock.Now()) {
		return apperr.Conflict(CodeReopenLate)
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Closures.Reopen(ctx, k); err != nil {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, "round.reopen", Target(k), map[string]any{"reason": reason, "closedAt": c.At, "closedBy": c.By})
	})
	if err == nil {
		s.flush()
	}
	return err
}

// runsAfter reports whether a stored closable window has not ended at now.
func runsAfter(ws []Window, now time.Time) bool {
	for _, w := range ws {
		b, err := w.Bounds()
		if err == nil && slices.Contains(window.Closable, b.Kind) && now.Before(b.End) {
			return true
		}
	}
	return false
}
