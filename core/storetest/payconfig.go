package storetest

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
)

// RunPayConfig is the contract of the payment settings: a round's own
// settings, else its school's, else none (core/payment then offers its
// defaults); a round created by the round store has its own.
func RunPayConfig(t *testing.T, newEnv NewRounds) {
	ctx := context.Background()
	same := func(a, b payment.Settings) bool {
		return slices.Equal(a.PayTypes, b.PayTypes) && maps.Equal(a.Channels, b.Channels)
	}
	t.Run("the round's own, else the school's", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		sc := e.Round.SchoolCode
		k := application.RoundKey{SchoolCode: sc, EnterYear: 2031, RecruitPartSeq: 5}
		if set, ok, err := e.Pay.Settings(ctx, k); err != nil || ok || len(set.PayTypes) != 0 {
			t.Fatalf("no settings: %+v %v %v", set, ok, err)
		}
		school := payment.Settings{PayTypes: []payment.PayType{payment.Card, payment.Vbank},
			Channels: map[payment.PayType]payment.Channel{payment.Card: {StoreID: "store-s", ChannelKey: "key-s"}}}
		if err := e.Pay.PutSettings(ctx, sc, 0, 0, school); err != nil {
			t.Fatal(err)
		}
		if set, ok, err := e.Pay.Settings(ctx, k); err != nil || !ok || !same(set, school) {
			t.Fatalf("the school's: %+v %v %v", set, ok, err)
		}
		own := payment.Settings{PayTypes: []payment.PayType{payment.VisaMaster}}
		if err := e.Pay.PutSettings(ctx, sc, k.EnterYear, k.RecruitPartSeq, own); err != nil {
			t.Fatal(err)
		}
		if set, ok, err := e.Pay.Settings(ctx, k); err != nil || !ok || !slices.Equal(set.PayTypes, own.PayTypes) || len(set.Channels) != 0 {
			t.Fatalf("the round's own: %+v %v %v", set, ok, err)
		}
		other := application.RoundKey{SchoolCode: sc, EnterYear: 2031, RecruitPartSeq: 6}
		if set, _, _ := e.Pay.Settings(ctx, other); !same(set, school) {
			t.Fatalf("another round keeps the school's: %+v", set)
		}
		// Put replaces.
		own = payment.Settings{PayTypes: []payment.PayType{payment.Trans, payment.Card},
			Channels: map[payment.PayType]payment.Channel{payment.Trans: {StoreID: "store-r"}}}
		if err := e.Pay.PutSettings(ctx, sc, k.EnterYear, k.RecruitPartSeq, own); err != nil {
			t.Fatal(err)
		}
		if set, _, _ := e.Pay.Settings(ctx, k); !same(set, own) {
			t.Fatalf("replaced: %+v", set)
		}
	})
	t.Run("a put in a failed transaction is not kept", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		err := e.Tx.InTx(ctx, func(ctx context.Context) error {
			if err := e.Pay.PutSettings(ctx, e.Round.SchoolCode, 0, 0, payment.Settings{PayTypes: []payment.PayType{payment.Card}}); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatalf("tx: %v", err)
		}
		if set, ok, err := e.Pay.Settings(ctx, e.Round); err != nil || ok {
			t.Fatalf("rolled back: %+v %v %v", set, ok, err)
		}
	})
	t.Run("a created round offers its pay types", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		v := roundValues(e.Major)
		k := newRound(t, e, 2029, 8, v)
		set, ok, err := e.Pay.Settings(ctx, k)
		if err != nil || !ok || !same(set, payment.Settings{PayTypes: v.PayTypes, Channels: v.PayChannels}) {
			t.Fatalf("the round's settings: %+v %v %v", set, ok, err)
		}
	})
}
