package payment

import (
	"context"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/permission"
)

// FeeRule is what a provider charges per payment of a pay type: a rate and
// a fixed part in the payment's currency, rounded half up to the minor unit.
type FeeRule struct {
	Rate  money.Rate
	Fixed int64 // minor units
}

// FeeRules are the providers' fees per pay type (configuration; a pay type
// without a rule, and manual payments, cost nothing).
type FeeRules map[PayType]FeeRule

// DefaultFeeRules are common Korean PG and PayPal rates: card 2.5%,
// transfer 1.8%, virtual account KRW 300 per deposit, PayPal 4.4% + USD
// 0.30 (what the PayPal surcharge of decisions.md passes on).
var DefaultFeeRules = FeeRules{
	Card:       {Rate: money.PPM(25000)},
	Trans:      {Rate: money.PPM(18000)},
	Vbank:      {Fixed: 300},
	VisaMaster: {Rate: money.PPM(44000), Fixed: 30},
}

// Fee is the provider's fee of a paid attempt.
func (r FeeRules) Fee(a Attempt) (money.Money, error) {
	cur := a.Paid().Currency()
	rule, ok := r[a.Quote().PayType]
	if !ok || a.Provider() == ProviderManual || a.Paid().IsZero() {
		return money.Zero(cur), nil
	}
	v, err := a.Paid().MulRate(rule.Rate)
	if err != nil {
		return money.Money{}, err
	}
	fixed, err := money.New(rule.Fixed, cur)
	if err != nil {
		return money.Money{}, err
	}
	return v.Add(fixed)
}

// MethodSummary is a settlement line of one currency and pay type; the
// pay type "" is the currency's total.
type MethodSummary struct {
	PayType PayType `json:"payType"`
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
		for _, t := range PayTypes {
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
	School      string          `json:"school"`
	From        time.Time       `json:"from"`
	To          time.Time       `json:"to"`
	Rows        []MethodSummary `json:"rows"`
	Closed      *Closing        `json:"closed,omitempty"`
	Adjustments []MethodSummary `json:"adjustments"`
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
// paid in it (with the provider fee) and refunds made in it.
func (s *Staff) Lines(ctx context.Context, school string, from, to time.Time) ([]Line, []AttemptRow, error) {
	paid, _, err := s.Records.ListAttempts(ctx, AttemptQuery{School: school, PaidFrom: from, PaidTo: to, Sort: "paidAt"})
	if err != nil {
		return nil, nil, err
	}
	var lines []Line
	for _, a := range paid {
		fee, err := s.Fees.Fee(a.Attempt)
		if err != nil {
			return nil, nil, err
		}
		lines = append(lines, Line{Kind: LinePayment, At: a.PaidAt(), PayType: a.Quote().PayType, Amount: a.Paid(), ProviderFee: fee})
	}
	cancels, _, err := s.Records.Cancels(ctx, CancelQuery{School: school, From: from, To: to})
	if err != nil {
		return nil, nil, err
	}
	for _, c := range cancels {
		if c.Amount.IsZero() || c.Answer == AnswerFailed { // a refund that failed at the provider gave nothing back
			continue
		}
		lines = append(lines, Line{Kind: LineRefund, At: c.At, PayType: c.PayType, Amount: c.Amount})
	}
	return lines, paid, nil
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
	out := Settlement{School: school, From: from, To: to, Rows: rows, Adjustments: []MethodSummary{}}
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
