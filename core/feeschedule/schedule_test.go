package feeschedule_test

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/window"
)

func seoul(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, window.Seoul)
}

func schedule(t *testing.T, drafts ...feeschedule.Draft) *feeschedule.Schedule {
	t.Helper()
	sc, err := feeschedule.NewSchedule("236")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range drafts {
		if _, err := sc.Add(d); err != nil {
			t.Fatal(d, err)
		}
	}
	return sc
}

// The rule in effect at the paid time prices a payment: a new rule from
// its first day (00:00 Asia/Seoul) on, none before the first rule.
func TestFeeByTheRuleInEffectWhenPaid(t *testing.T) {
	t.Parallel()
	sc := schedule(t,
		feeschedule.Draft{Method: "card", EffectiveFrom: "2026-11-15", Rate: "2.0"},
		feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "2.5"},
		feeschedule.Draft{Method: "vbank", EffectiveFrom: "2026-01-01", Fixed: "300"},
		feeschedule.Draft{Method: "paypal", EffectiveFrom: "2026-06-01", Rate: "4.4", Fixed: "0.30"})
	cases := []struct {
		name   string
		method feeschedule.Method
		paid   money.Money
		at     time.Time
		want   money.Money
		ruled  bool
	}{
		{"before any card rule", feeschedule.Card, money.Won(80000), seoul(2025, 12, 31, 23, 59), money.Won(0), false},
		{"first day of the first rule", feeschedule.Card, money.Won(80000), seoul(2026, 1, 1, 0, 0), money.Won(2000), true},
		{"the day before the new rule", feeschedule.Card, money.Won(80000), seoul(2026, 11, 14, 23, 59), money.Won(2000), true},
		{"midnight Seoul of the new rule (15:00 UTC the day before)", feeschedule.Card, money.Won(80000), time.Date(2026, 11, 14, 15, 0, 0, 0, time.UTC), money.Won(1600), true},
		{"long after", feeschedule.Card, money.Won(80000), seoul(2030, 1, 1, 0, 0), money.Won(1600), true},
		{"virtual account", feeschedule.Vbank, money.Won(80000), seoul(2026, 11, 1, 0, 10), money.Won(300), true},
		{"transfer without a rule", feeschedule.Transfer, money.Won(80000), seoul(2026, 11, 1, 0, 10), money.Won(0), false},
		{"PayPal", feeschedule.PayPal, money.Cents(6816), seoul(2026, 11, 3, 9, 0), money.Cents(330), true},
	}
	for _, c := range cases {
		got, ruled, err := sc.Fee(c.method, c.paid, c.at)
		if err != nil || got != c.want || ruled != c.ruled {
			t.Errorf("%s: %v ruled=%v %v, want %v ruled=%v", c.name, got, ruled, err, c.want, c.ruled)
		}
	}
}

func TestScheduleChanges(t *testing.T) {
	t.Parallel()
	if _, err := feeschedule.NewSchedule(" "); apperr.CodeOf(err) != feeschedule.CodeSchool {
		t.Fatalf("no school: %v", err)
	}
	sc := schedule(t, feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "2.5"})
	// One rule per method and day.
	_, err := sc.Add(feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "3"})
	if e, ok := apperr.As(err); !ok || len(e.Fields) != 1 || e.Fields[0].Field != "effectiveFrom" || e.Fields[0].Code != feeschedule.CodeDuplicate {
		t.Fatalf("duplicate: %v", err)
	}
	// Another method may start that day.
	if _, err := sc.Add(feeschedule.Draft{Method: "trans", EffectiveFrom: "2026-01-01", Rate: "1.8"}); err != nil {
		t.Fatal(err)
	}
	// Change keeps the number; it may move the day but not onto another rule's.
	r, err := sc.Change(1, feeschedule.Draft{Method: "card", EffectiveFrom: "2026-02-01", Rate: "2.2"})
	if err != nil || r.No() != 1 || r.RateBP() != 220 || r.Date() != "2026-02-01" {
		t.Fatalf("change: %+v %v", r, err)
	}
	if _, err := sc.Change(2, feeschedule.Draft{Method: "card", EffectiveFrom: "2026-02-01"}); apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("change onto another rule's day: %v", err)
	}
	if _, err := sc.Change(9, feeschedule.Draft{Method: "card", EffectiveFrom: "2026-02-01"}); apperr.CodeOf(err) != feeschedule.CodeNotFound {
		t.Fatalf("change a missing rule: %v", err)
	}
	// Removing gives the number up for good.
	if _, err := sc.Remove(1); err != nil {
		t.Fatal(err)
	}
	if _, err := sc.Remove(1); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("remove twice: %v", err)
	}
	r, _ = sc.Add(feeschedule.Draft{Method: "vbank", EffectiveFrom: "2026-01-01", Fixed: "300"})
	if r.No() != 3 || sc.Last() != 3 || len(sc.Rules()) != 2 {
		t.Fatalf("numbering: %+v last %d", r, sc.Last())
	}
	// Rules come by method, then day.
	if rs := sc.Rules(); rs[0].Method() != feeschedule.Transfer || rs[1].Method() != feeschedule.Vbank {
		t.Fatalf("order %+v", rs)
	}
}

func TestUnmarshalRefusesWhatADraftCannotGive(t *testing.T) {
	t.Parallel()
	day := seoul(2026, 1, 1, 0, 0)
	cases := []struct {
		name string
		rec  feeschedule.Record
	}{
		{"unknown method", feeschedule.Record{No: 1, Method: "manual", EffectiveFrom: day, Fixed: money.Won(0)}},
		{"no number", feeschedule.Record{No: 0, Method: "card", EffectiveFrom: day, Fixed: money.Won(0)}},
		{"rate over 100%", feeschedule.Record{No: 1, Method: "card", EffectiveFrom: day, RateBP: 10001, Fixed: money.Won(0)}},
		{"dollars for the PG", feeschedule.Record{No: 1, Method: "vbank", EffectiveFrom: day, Fixed: money.Cents(30)}},
		{"no day", feeschedule.Record{No: 1, Method: "card", Fixed: money.Won(0)}},
	}
	for _, c := range cases {
		if _, err := feeschedule.UnmarshalScheduleFromDatabase("236", 1, []feeschedule.Record{c.rec}); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
	sc, err := feeschedule.UnmarshalScheduleFromDatabase("236", 7, []feeschedule.Record{{No: 2, Method: "card", EffectiveFrom: day, RateBP: 250, Fixed: money.Won(0)}})
	if err != nil || sc.Last() != 7 || sc.Changed() {
		t.Fatalf("%+v %v", sc, err)
	}
}

// During lists the rules a settlement period used.
func TestDuring(t *testing.T) {
	t.Parallel()
	sc := schedule(t,
		feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "2.5"},
		feeschedule.Draft{Method: "card", EffectiveFrom: "2026-11-15", Rate: "2.0"},
		feeschedule.Draft{Method: "card", EffectiveFrom: "2026-12-01", Rate: "1.9"},
		feeschedule.Draft{Method: "trans", EffectiveFrom: "2025-01-01", Rate: "2"},
		feeschedule.Draft{Method: "trans", EffectiveFrom: "2026-11-01", Rate: "1.8"})
	got := sc.During(seoul(2026, 11, 1, 0, 0), seoul(2026, 12, 1, 0, 0))
	var days []string
	for _, r := range got {
		days = append(days, string(r.Method())+" "+r.Date())
	}
	want := []string{"card 2026-01-01", "card 2026-11-15", "trans 2026-11-01"}
	if len(days) != len(want) {
		t.Fatalf("%v, want %v", days, want)
	}
	for i := range want {
		if days[i] != want[i] {
			t.Fatalf("%v, want %v", days, want)
		}
	}
}
