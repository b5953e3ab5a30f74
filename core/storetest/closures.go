package storetest

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/round"
)

// RunClosures checks rounds' early closes (issue 13): a close is stored
// once, the reference store answers the round with it, a reopen removes it,
// and a close in a transaction that fails leaves nothing.
func RunClosures(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("close, read back, refuse twice, reopen", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Closures == nil {
			t.Skip("no closures store")
		}
		if c, err := e.Closures.Closure(ctx, e.Round); err != nil || c != nil {
			t.Fatalf("an open round: %+v %v", c, err)
		}
		want := application.Closure{At: base, By: "closer", Reason: "quota reached"}
		if err := e.Closures.Close(ctx, e.Round, want); err != nil {
			t.Fatal(err)
		}
		c, err := e.Closures.Closure(ctx, e.Round)
		if err != nil || c == nil || !c.At.Equal(want.At) || c.By != want.By || c.Reason != want.Reason {
			t.Fatalf("closure: %+v %v", c, err)
		}
		wantCode(t, e.Closures.Close(ctx, e.Round, want), apperr.KindConflict, round.CodeAlreadyClosed)
		wantCode(t, e.Closures.Close(ctx, e.Unknown, want), apperr.KindNotFound, round.CodeNotFound)
		if e.Ref != nil {
			r, err := e.Ref.Round(ctx, e.Round)
			if err != nil || r.Closure == nil || !r.Closure.At.Equal(base) {
				t.Fatalf("the reference store answers the round with its close: %+v %v", r.Closure, err)
			}
		}
		if err := e.Closures.Reopen(ctx, e.Round); err != nil {
			t.Fatal(err)
		}
		wantCode(t, e.Closures.Reopen(ctx, e.Round), apperr.KindConflict, round.CodeNotClosed)
		if c, err := e.Closures.Closure(ctx, e.Round); err != nil || c != nil {
			t.Fatalf("reopened: %+v %v", c, err)
		}
	})
	t.Run("a close in a failed transaction is not kept", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Closures == nil {
			t.Skip("no closures store")
		}
		err := e.Tx.InTx(ctx, func(ctx context.Context) error {
			if err := e.Closures.Close(ctx, e.Round, application.Closure{At: base, By: "closer", Reason: "r"}); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatalf("tx: %v", err)
		}
		if c, err := e.Closures.Closure(ctx, e.Round); err != nil || c != nil {
			t.Fatalf("rolled back: %+v %v", c, err)
		}
	})
}
