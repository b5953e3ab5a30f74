package payment

import (
	"context"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/permission"
)

// FeeRules reads the schools' fee schedules (core/feeschedule): what the
// providers charge per payment, rule by rule with the day each takes
// effect. A school without rules has an empty schedule: its fees are zero
// and the settlement says that no rule is set.
type FeeRules interface {
	Get(ctx context.Context, school string) (*feeschedule.Schedule, error)
}

// FeeOf is the provider's fee of a payment booked as a pay type (Booked),
// paid at an instant, by the school's rule in effect then. It answers the
// zero Money (no fee known) for a payment a provider charges for when no
// rule was in effect; manual deposits and free completions cost nothing.
func FeeOf(sc *feeschedule.Schedule, booked PayType, paid money.Money, at time.Time) (money.Money, error) {
	m, ok := FeeMethod(booked)
	if !ok || paid.IsZero() {
		return money.Zero(paid.Currency()), nil
	}
	fee, found, err := sc.Fee(m, paid, at)
	if err != nil || !found {
		return money.Money{}, err
	}
	return fee, nil
}

// MethodSummary is a settlement line of one currency and booked pay type
// (Booked: manual deposits apart from gateway transfers); the pay type ""
// is the currency's total. Closings keep it as JSON (settlement_close.rows).
type MethodSummary struct {
	PayType PayType
	Summary
}

// SettleByMethod sums the lines in [from, to) per currency and pay type,
// each currency followed by its total (pay type "").
func SettleByMethod(lines []Line, from, to time.Time) ([]MethodSummary, error) {
	var out []MethodSummary
	totals, err := Settle(lines, from, to)
	if err != nil {
		return nil, err
	}
	for _, tot := range totals {
		for _, t := range BookTypes {
			var group []Line
			for _, l := range lines {
				if l.PayType == t && l.Amount.Currency() == tot.Currency {
					group = append(group, l)
				}
			}
			sums, err := Settle(group, from, to)
			if err != nil {
				return nil, err
			}
			for _, s := range sums {
				out = append(out, MethodSummary{PayType: t, Summary: s})
			}
		}
		out = append(out, MethodSummary{Summary: tot})
	}
	return slices.Clip(out), nil
}

// Settlement is settlement/list for one school and period: the figures
// now, the closing if the period was closed, and the adjustments (now
// minus closed) that changed since.
type Settlement struct {
	School      string
	From        time.Time
	To          time.Time
	Rows        []MethodSummary
	Closed      *Closing
	Adjustments []MethodSummary
	// FeeRulesSet tells whether the school has any fee rule; FeeRules are
	// the rules in effect at some time of the period.
	FeeRulesSet bool
	FeeRules    []feeschedule.Rule
}

// Period checks a settlement period.
func Period(from, to time.Time) error {
	if from.IsZero() || to.IsZero() || !from.Before(to) {
		var f apperr.Fields
		f.Add("from", CodePeriodInvalid)
		return f.Err()
	}
	return nil
}

func (s *Staff) settleScope(p permission.Principal, school string) error {
	if !permission.Can(p, permission.Settlement, school) {
		return apperr.Forbidden("auth.forbidden")
	}
	return nil
}

// Lines reads a school's money movements relevant to [from, to): payments
// paid in it (with the provider fee by the school's rule in effect when
// each was paid) and refunds made in it, each booked by Booked.
func (s *Staff) Lines(ctx context.Context, school string, from, to time.Time) ([]Line, []AttemptRow, error) {
	paid, _, err := s.Records.ListAttempts(ctx, AttemptQuery{School: school, PaidFrom: from, PaidTo: to, Sort: "paidAt"})
	if err != nil {
		return nil, nil, err
	}
	schedules := map[string]*feeschedule.Schedule{}
	var lines []Line
	for _, a := range paid {
		sc, ok := schedules[a.SchoolCode()]
		if !ok {
			if sc, err = s.schedule(ctx, a.SchoolCode()); err != nil {
				return nil, nil, err
			}
			schedules[a.SchoolCode()] = sc
		}
		booked := Booked(a.Provider(), a.Quote().PayType)
		fee, err := FeeOf(sc, booked, a.Paid(), a.PaidAt())
		if err != nil {
			return nil, nil, err
		}
		lines = append(lines, Line{Kind: LinePayment, At: a.PaidAt(), PayType: booked, Amount: a.Paid(), ProviderFee: fee})
	}
	cancels, _, err := s.Records.Cancels(ctx, CancelQuery{School: school, From: from, To: to})
	if err != nil {
		return nil, nil, err
	}
	for _, c := range cancels {
		if c.Amount.IsZero() || c.Answer == AnswerFailed { // a refund that failed at the provider gave nothing back
			continue
		}
		lines = append(lines, Line{Kind: LineRefund, At: c.At, PayType: Booked(c.Provider, c.PayType), Amount: c.Amount})
	}
	return lines, paid, nil
}

// schedule is a school's fee schedule (empty without a FeeRules port).
func (s *Staff) schedule(ctx context.Context, school string) (*feeschedule.Schedule, error) {
	if s.Fees == nil {
		return feeschedule.NewSchedule(school)
	}
	return s.Fees.Get(ctx, school)
}

// Settle answers a school's settlement of [from, to).
func (s *Staff) Settle(ctx context.Context, p permission.Principal, school string, from, to time.Time) (Settlement, error) {
	if err := s.settleScope(p, school); err != nil {
		return Settlement{}, err
	}
	if err := Period(from, to); err != nil {
		return Settlement{}, err
	}
	lines, _, err := s.Lines(ctx, school, from, to)
	if err != nil {
		return Settlement{}, err
	}
	rows, err := SettleByMethod(lines, from, to)
	if err != nil {
		return Settlement{}, err
	}
	sc, err := s.schedule(ctx, school)
	if err != nil {
		return Settlement{}, err
	}
	out := Settlement{School: school, From: from, To: to, Rows: rows, Adjustments: []MethodSummary{},
		FeeRulesSet: !sc.Empty(), FeeRules: sc.During(from, to)}
	if out.Rows == nil {
		out.Rows = []MethodSummary{}
	}
	closings, err := s.Records.Closings(ctx, school, from, to)
	if err != nil {
		return Settlement{}, err
	}
	for i := range closings {
		c := closings[i]
		if c.From.Equal(from) && c.To.Equal(to) {
			out.Closed = &c
			out.Adjustments = Adjust(c.Rows, rows)
		}
	}
	return out, nil
}

// Adjust is what changed since a closing: per row, now minus then; rows
// that did not change are left out.
func Adjust(then, now []MethodSummary) []MethodSummary {
	key := func(m MethodSummary) string { return string(m.Currency) + "/" + string(m.PayType) }
	old := map[string]MethodSummary{}
	for _, m := range then {
		old[key(m)] = m
	}
	seen := map[string]bool{}
	out := []MethodSummary{}
	diff := func(n, o MethodSummary) {
		sub := func(a, b money.Money) money.Money {
			if b == (money.Money{}) {
				return a
			}
			if a == (money.Money{}) {
				a = money.Zero(b.Currency())
			}
			d, _ := a.Sub(b)
			return d
		}
		d := MethodSummary{PayType: n.PayType, Summary: Summary{Currency: n.Currency, Payments: n.Payments - o.Payments,
			Refunds: n.Refunds - o.Refunds, Paid: sub(n.Paid, o.Paid), Refunded: sub(n.Refunded, o.Refunded),
			ProviderFees: sub(n.ProviderFees, o.ProviderFees), Net: sub(n.Net, o.Net)}}
		if d.Payments != 0 || d.Refunds != 0 || !d.Paid.IsZero() || !d.Refunded.IsZero() || !d.ProviderFees.IsZero() || !d.Net.IsZero() {
			out = append(out, d)
		}
	}
	for _, n := range now {
		seen[key(n)] = true
		o := old[key(n)]
		diff(n, o)
	}
	for _, o := range then {
		if !seen[key(o)] {
			z := money.Zero(o.Currency)
			diff(MethodSummary{PayType: o.PayType, Summary: Summary{Currency: o.Currency, Paid: z, Refunded: z, ProviderFees: z, Net: z}}, o)
		}
	}
	return out
}

// ClosePeriod closes a school's settlement of [from, to) with its figures
// as they are now, audited; a period overlapping a closed one is refused.
func (s *Staff) ClosePeriod(ctx context.Context, p permission.Principal, school string, from, to time.Time) (Settlement, error) {
	if school == "" {
		var f apperr.Fields
		f.Add("school", CodeSchoolRequired)
		return Settlement{}, f.Err()
	}
	st, err := s.Settle(ctx, p, school, from, to)
	if err != nil {
		return Settlement{}, err
	}
	c := Closing{School: school, From: from, To: to, Rows: st.Rows, By: p.UserID, At: s.now()}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Records.Close(ctx, c); err != nil {
			return err
		}
		return s.audit(ctx, p, "settlement.close", school, map[string]any{"from": from.Format(time.RFC3339), "to": to.Format(time.RFC3339)})
	})
	if err != nil {
		return Settlement{}, err
	}
	return s.Settle(ctx, p, school, from, to)
}
