package storetest

import (
	"context"
	"errors"
	"testing"

	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/money"
)

// RunFeeSchedules is the contract of feeschedule.Store.
func RunFeeSchedules(t *testing.T, newEnv New) {
	env := func(t *testing.T) (Env, string) {
		e := newEnv(t)
		if e.Fees == nil {
			t.Skip("no fee-schedule store")
		}
		return e, e.Round.SchoolCode
	}
	add := func(t *testing.T, s feeschedule.Store, school string, ds ...feeschedule.Draft) {
		t.Helper()
		err := s.Update(context.Background(), school, func(sc *feeschedule.Schedule) error {
			for _, d := range ds {
				if _, err := sc.Add(d); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Run("a school without rules has an empty schedule and is not listed", func(t *testing.T) {
		t.Parallel()
		e, school := env(t)
		sc, err := e.Fees.Get(context.Background(), school)
		if err != nil || !sc.Empty() || sc.School() != school || sc.Last() != 0 {
			t.Fatalf("%+v %v", sc, err)
		}
		if list, err := e.Fees.List(context.Background()); err != nil || len(list) != 0 {
			t.Fatalf("list %v %v", list, err)
		}
	})
	t.Run("update keeps every field of every rule; numbers are never given twice", func(t *testing.T) {
		t.Parallel()
		e, school := env(t)
		ctx := context.Background()
		add(t, e.Fees, school,
			feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "2.5"},
			feeschedule.Draft{Method: "paypal", EffectiveFrom: "2026-03-01", Rate: "4.4", Fixed: "0.30"},
			feeschedule.Draft{Method: "vbank", EffectiveFrom: "2026-01-01", Fixed: "300"})
		if err := e.Fees.Update(ctx, school, func(sc *feeschedule.Schedule) error {
			_, err := sc.Remove(3)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		add(t, e.Fees, school, feeschedule.Draft{Method: "card", EffectiveFrom: "2026-07-01", Rate: "2.25", Fixed: "10"})
		sc, err := e.Fees.Get(ctx, school)
		if err != nil {
			t.Fatal(err)
		}
		got := sc.Records()
		if len(got) != 3 || sc.Last() != 4 {
			t.Fatalf("last %d, %+v", sc.Last(), got)
		}
		want := []struct {
			no     int
			method feeschedule.Method
			day    string
			bp     int64
			fixed  money.Money
		}{
			{1, feeschedule.Card, "2026-01-01", 250, money.Won(0)},
			{4, feeschedule.Card, "2026-07-01", 225, money.Won(10)},
			{2, feeschedule.PayPal, "2026-03-01", 440, money.Cents(30)},
		}
		for i, w := range want {
			r, _ := sc.Rule(got[i].No)
			if got[i].No != w.no || got[i].Method != w.method || r.Date() != w.day || got[i].RateBP != w.bp || got[i].Fixed != w.fixed {
				t.Errorf("rule %d: %+v (%s), want %+v", i, got[i], r.Date(), w)
			}
		}
		list, err := e.Fees.List(ctx)
		if err != nil || len(list) != 1 || list[0].School() != school || len(list[0].Rules()) != 3 {
			t.Fatalf("list %v %v", list, err)
		}
	})
	t.Run("a refused update, or one whose transaction fails, changes nothing", func(t *testing.T) {
		t.Parallel()
		e, school := env(t)
		ctx := context.Background()
		add(t, e.Fees, school, feeschedule.Draft{Method: "trans", EffectiveFrom: "2026-01-01", Rate: "1.8"})
		err := e.Fees.Update(ctx, school, func(sc *feeschedule.Schedule) error {
			if _, err := sc.Change(1, feeschedule.Draft{Method: "trans", EffectiveFrom: "2026-01-01", Rate: "9"}); err != nil {
				return err
			}
			return errBoom
		})
		if !errors.Is(err, errBoom) {
			t.Fatal(err)
		}
		err = e.Tx.InTx(ctx, func(ctx context.Context) error {
			if err := e.Fees.Update(ctx, school, func(sc *feeschedule.Schedule) error {
				_, err := sc.Add(feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "3"})
				return err
			}); err != nil {
				return err
			}
			return errBoom
		})
		if !errors.Is(err, errBoom) {
			t.Fatal(err)
		}
		sc, err := e.Fees.Get(ctx, school)
		if err != nil || len(sc.Rules()) != 1 || sc.Rules()[0].RateBP() != 180 || sc.Last() != 1 {
			t.Fatalf("%+v %v", sc.Records(), err)
		}
	})
}
