package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// StaffPaymentsEnv is Env with the staff money store; Env.Payments holds
// the attempts and records it reads.
type StaffPaymentsEnv struct {
	Env
	Staff payment.StaffStore
}

// NewStaffPayments gives a fresh StaffPaymentsEnv for one test.
type NewStaffPayments func(t *testing.T) StaffPaymentsEnv

func idsOf[T any](list []T, id func(T) string) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = id(x)
	}
	return out
}

func rowID(r payment.AttemptRow) string      { return r.PaymentID() }
func cancelID(c payment.Cancellation) string { return c.ID }

// staffAttempts stores three attempts: kim's paid card (created at base,
// paid an hour later) and failed one (base+2m), lee's in flight (base+1m).
func staffAttempts(t *testing.T, e StaffPaymentsEnv) (kim, lee int64) {
	t.Helper()
	ctx := context.Background()
	kim, lee = app(t, e.Env, "s-kim"), app(t, e.Env, "s-lee")
	if err := e.Apps.Update(ctx, kim, func(_ context.Context, a *application.Application) error { return a.Rename("김보람") }); err != nil {
		t.Fatal(err)
	}
	paid := moved(attempt("sp-paid", kim, "s-kim", base), payment.Event{Kind: payment.EvPaid, PaidAt: base.Add(time.Hour)})
	failed := moved(attempt("sp-failed", kim, "s-kim", base.Add(2*time.Minute)), payment.Event{Kind: payment.EvFailed})
	open := attempt("sp-open", lee, "s-lee", base.Add(time.Minute))
	for _, a := range []payment.Attempt{paid, failed, open} {
		if err := e.Payments.Insert(ctx, a); err != nil {
			t.Fatalf("insert %s: %v", a.PaymentID(), err)
		}
	}
	return kim, lee
}

// RunStaffPayments is the contract of payment.StaffStore: the attempt
// list of the staff pages, cancellations, failures and settlement closings.
func RunStaffPayments(t *testing.T, newEnv NewStaffPayments) {
	ctx := context.Background()
	t.Run("attempts filter, sort and page", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		kim, _ := staffAttempts(t, e)
		list := func(q payment.AttemptQuery) ([]string, int) {
			t.Helper()
			rows, total, err := e.Staff.ListAttempts(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			return idsOf(rows, rowID), total
		}
		rows, total, err := e.Staff.ListAttempts(ctx, payment.AttemptQuery{School: e.Round.SchoolCode})
		if err != nil || total != 3 || !slices.Equal(idsOf(rows, rowID), []string{"sp-paid", "sp-open", "sp-failed"}) {
			t.Fatalf("by creation: %v %d %v", idsOf(rows, rowID), total, err)
		}
		if r := rows[0]; r.ApplicantName != "김보람" || r.Round != e.Round || r.AppStatus != string(application.PartSave) ||
			r.ApplID != "" || r.Result() != payment.Paid || r.ApplNo() != kim {
			t.Fatalf("row: %+v", r)
		}
		for name, c := range map[string]struct {
			q     payment.AttemptQuery
			want  []string
			total int
		}{
			"another school":          {payment.AttemptQuery{School: "NOPE"}, []string{}, 0},
			"an application":          {payment.AttemptQuery{ApplNo: kim}, []string{"sp-paid", "sp-failed"}, 2},
			"a result":                {payment.AttemptQuery{Result: payment.Failed}, []string{"sp-failed"}, 1},
			"a provider":              {payment.AttemptQuery{Provider: payment.ProviderManual}, []string{}, 0},
			"the applicant's name":    {payment.AttemptQuery{Search: "보람"}, []string{"sp-paid", "sp-failed"}, 2},
			"a user id":               {payment.AttemptQuery{Search: "S-LEE"}, []string{"sp-open"}, 1},
			"a payment id":            {payment.AttemptQuery{Search: "open"}, []string{"sp-open"}, 1},
			"the round":               {payment.AttemptQuery{EnterYear: e.Round.EnterYear, RecruitPartSeq: e.Round.RecruitPartSeq}, []string{"sp-paid", "sp-open", "sp-failed"}, 3},
			"another year":            {payment.AttemptQuery{EnterYear: 1999}, []string{}, 0},
			"created in [from, to)":   {payment.AttemptQuery{From: base.Add(time.Minute), To: base.Add(2 * time.Minute)}, []string{"sp-open"}, 1},
			"paid in [from, to)":      {payment.AttemptQuery{PaidFrom: base, PaidTo: base.Add(2 * time.Hour)}, []string{"sp-paid"}, 1},
			"newest first":            {payment.AttemptQuery{Desc: true}, []string{"sp-failed", "sp-open", "sp-paid"}, 3},
			"paid first, unpaid last": {payment.AttemptQuery{Sort: "paidAt"}, []string{"sp-paid", "sp-failed", "sp-open"}, 3},
			"unpaid last, descending": {payment.AttemptQuery{Sort: "paidAt", Desc: true}, []string{"sp-paid", "sp-open", "sp-failed"}, 3},
			"by application":          {payment.AttemptQuery{Sort: "applNo", Desc: true, Limit: 1}, []string{"sp-open"}, 3},
			"a page":                  {payment.AttemptQuery{Offset: 1, Limit: 1}, []string{"sp-open"}, 3},
		} {
			if got, total := list(c.q); !slices.Equal(got, c.want) || total != c.total {
				t.Errorf("%s: %v (%d), want %v (%d)", name, got, total, c.want, c.total)
			}
		}
	})
	t.Run("cancellations are kept, followed up and listed", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		kim, _ := staffAttempts(t, e)
		acct := &payment.RefundAccount{Bank: "088", Holder: "김보람", AccountNo: "110-123"}
		c1 := payment.Cancellation{ID: "cx-1", PaymentID: "sp-paid", ApplNo: kim, SchoolCode: e.Round.SchoolCode, Provider: payment.ProviderTest,
			PayType: payment.Card, Type: payment.CancelPartial, Amount: money.Won(30000), Reason: "note", ApplicantReason: "school refund",
			Refund: acct, By: "staff", At: base.Add(2 * time.Hour), ProviderCancelID: "pc-1", Answer: payment.AnswerPending, Pending: true}
		c2 := c1
		c2.ID, c2.Amount, c2.At, c2.Refund, c2.Answer, c2.Pending, c2.ProviderCancelID = "cx-2", money.Won(10000), base.Add(3*time.Hour), nil, payment.AnswerOK, false, "pc-2"
		for _, c := range []payment.Cancellation{c2, c1} {
			if err := e.Staff.AddCancel(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		got, total, err := e.Staff.Cancels(ctx, payment.CancelQuery{School: e.Round.SchoolCode})
		if err != nil || total != 2 || !slices.Equal(idsOf(got, cancelID), []string{"cx-1", "cx-2"}) {
			t.Fatalf("oldest first: %v %d %v", idsOf(got, cancelID), total, err)
		}
		g := got[0]
		if g.PaymentID != c1.PaymentID || g.ApplNo != kim || g.Provider != c1.Provider || g.PayType != c1.PayType || g.Type != c1.Type ||
			g.Amount != c1.Amount || g.Reason != "note" || g.ApplicantReason != "school refund" || g.Refund == nil || *g.Refund != *acct ||
			g.By != "staff" || !g.At.Equal(c1.At) || g.ProviderCancelID != "pc-1" || g.Answer != payment.AnswerPending || !g.Pending ||
			!g.SettledAt.IsZero() || !g.OverdueAt.IsZero() || got[1].Refund != nil {
			t.Fatalf("read back: %+v", g)
		}
		for name, c := range map[string]struct {
			q    payment.CancelQuery
			want []string
		}{
			"pending":        {payment.CancelQuery{Answer: payment.AnswerPending}, []string{"cx-1"}},
			"answered ok":    {payment.CancelQuery{Answer: payment.AnswerOK}, []string{"cx-2"}},
			"the payer":      {payment.CancelQuery{UserID: "s-kim"}, []string{"cx-1", "cx-2"}},
			"another payer":  {payment.CancelQuery{UserID: "s-lee"}, []string{}},
			"a payment":      {payment.CancelQuery{PaymentID: "sp-failed"}, []string{}},
			"an application": {payment.CancelQuery{ApplNo: kim, Desc: true}, []string{"cx-2", "cx-1"}},
			"another school": {payment.CancelQuery{School: "NOPE"}, []string{}},
			"in [from, to)":  {payment.CancelQuery{From: base.Add(3 * time.Hour), To: base.Add(4 * time.Hour)}, []string{"cx-2"}},
			"by amount":      {payment.CancelQuery{Sort: "amount"}, []string{"cx-2", "cx-1"}},
			"a page":         {payment.CancelQuery{Offset: 1, Limit: 1}, []string{"cx-2"}},
		} {
			list, _, err := e.Staff.Cancels(ctx, c.q)
			if err != nil || !slices.Equal(idsOf(list, cancelID), c.want) {
				t.Errorf("%s: %v %v, want %v", name, idsOf(list, cancelID), err, c.want)
			}
		}
		settled := c1
		settled.Answer, settled.Pending, settled.SettledAt = payment.AnswerOK, false, base.Add(24*time.Hour)
		settled.Reason = "changed" // not written: only the follow-up is
		if err := e.Staff.SettleCancel(ctx, settled); err != nil {
			t.Fatal(err)
		}
		got, _, err = e.Staff.Cancels(ctx, payment.CancelQuery{PaymentID: "sp-paid", Answer: payment.AnswerOK})
		if err != nil || len(got) != 2 || got[0].Pending || !got[0].SettledAt.Equal(settled.SettledAt) || got[0].Reason != "note" {
			t.Fatalf("settled: %+v %v", got, err)
		}
		err = e.Tx.InTx(ctx, func(ctx context.Context) error {
			c := c1
			c.ID = "cx-3"
			if err := e.Staff.AddCancel(ctx, c); err != nil {
				return err
			}
			return errBoom
		})
		if _, total, _ := e.Staff.Cancels(ctx, payment.CancelQuery{}); err != errBoom || total != 2 {
			t.Fatalf("a cancellation in a failed transaction: %v, %d kept", err, total)
		}
	})
	t.Run("failures are the records of what went wrong", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		kim, _ := staffAttempts(t, e)
		recs := []payment.Record{
			{Kind: payment.RecRefused, Provider: payment.ProviderTest, Code: payment.CodeBadSignature, At: base},
			{PaymentID: "sp-failed", ApplNo: kim, Kind: payment.RecChanged, From: payment.Proceeding, To: payment.Failed, At: base.Add(time.Minute)},
			{PaymentID: "sp-paid", ApplNo: kim, Kind: payment.RecChanged, From: payment.Proceeding, To: payment.Paid, At: base.Add(2 * time.Minute)},
			{PaymentID: "sp-paid", ApplNo: kim, Kind: payment.RecRefund, Alert: true, Code: payment.CodeRefundFailed, At: base.Add(3 * time.Minute)},
			{PaymentID: "sp-paid", ApplNo: kim, Kind: payment.RecRefund, Code: payment.CodeRefundOverdue, At: base.Add(4 * time.Minute)},
			{PaymentID: "sp-paid", ApplNo: kim, Kind: payment.RecChanged, From: payment.Paid, To: payment.Cancelled,
				Code: payment.CodeProviderCancelled, Detail: map[string]string{"by": "console"}, At: base.Add(5 * time.Minute)},
		}
		for _, r := range recs {
			if err := e.Payments.Log(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		codes := func(list []payment.Record) []string {
			return idsOf(list, func(r payment.Record) string { return r.Code })
		}
		all, total, err := e.Staff.Failures(ctx, payment.FailureQuery{Desc: true})
		if err != nil || total != 4 || !slices.Equal(codes(all), []string{payment.CodeProviderCancelled, payment.CodeRefundFailed, "", payment.CodeBadSignature}) {
			t.Fatalf("newest first: %v %d %v", codes(all), total, err)
		}
		if r := all[0]; r.PaymentID != "sp-paid" || r.ApplNo != kim || r.From != payment.Paid || r.To != payment.Cancelled ||
			r.Detail["by"] != "console" || !r.At.Equal(base.Add(5*time.Minute)) || r.ID == 0 || all[3].ApplNo != 0 {
			t.Fatalf("record: %+v", r)
		}
		for name, c := range map[string]struct {
			q    payment.FailureQuery
			want []string
		}{
			"the school's (naming an attempt)": {payment.FailureQuery{School: e.Round.SchoolCode}, []string{"", payment.CodeRefundFailed, payment.CodeProviderCancelled}},
			"another school":                   {payment.FailureQuery{School: "NOPE"}, []string{}},
			"a code":                           {payment.FailureQuery{Code: payment.CodeBadSignature}, []string{payment.CodeBadSignature}},
			"in [from, to)":                    {payment.FailureQuery{From: base.Add(time.Minute), To: base.Add(4 * time.Minute)}, []string{"", payment.CodeRefundFailed}},
			"a page":                           {payment.FailureQuery{Offset: 1, Limit: 2}, []string{"", payment.CodeRefundFailed}},
		} {
			list, _, err := e.Staff.Failures(ctx, c.q)
			if err != nil || !slices.Equal(codes(list), c.want) {
				t.Errorf("%s: %v %v, want %v", name, codes(list), err, c.want)
			}
		}
	})
	t.Run("settlement closings do not overlap", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		sc := e.Round.SchoolCode
		march := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
		april, may := march.AddDate(0, 1, 0), march.AddDate(0, 2, 0)
		rows := []payment.MethodSummary{{PayType: payment.Card, Summary: payment.Summary{Currency: money.KRW, Payments: 2,
			Paid: money.Won(160000), Refunded: money.Won(0), ProviderFees: money.Won(4000), Net: money.Won(156000)}}}
		if err := e.Staff.Close(ctx, payment.Closing{School: sc, From: march, To: april, Rows: rows, By: "settle", At: base}); err != nil {
			t.Fatal(err)
		}
		wantCode(t, e.Staff.Close(ctx, payment.Closing{School: sc, From: march.AddDate(0, 0, 14), To: april.AddDate(0, 0, 14), By: "settle", At: base}),
			apperr.KindConflict, payment.CodePeriodClosed)
		if err := e.Staff.Close(ctx, payment.Closing{School: sc, From: april, To: may, By: "settle", At: base}); err != nil {
			t.Fatalf("the next period: %v", err)
		}
		got, err := e.Staff.Closings(ctx, sc, march.AddDate(0, 0, 20), april.AddDate(0, 0, 1))
		if err != nil || len(got) != 2 || !got[0].From.Equal(march) || !got[1].From.Equal(april) || !got[0].To.Equal(april) ||
			got[0].By != "settle" || !got[0].At.Equal(base) || !slices.Equal(got[0].Rows, rows) || len(got[1].Rows) != 0 {
			t.Fatalf("closings: %+v %v", got, err)
		}
		for _, q := range []struct {
			school   string
			from, to time.Time
		}{{sc, may, may.AddDate(0, 1, 0)}, {sc, march.AddDate(0, -1, 0), march}, {"NOPE", march, may}} {
			if got, err := e.Staff.Closings(ctx, q.school, q.from, q.to); err != nil || len(got) != 0 {
				t.Errorf("%s [%v, %v): %+v %v", q.school, q.from, q.to, got, err)
			}
		}
	})
}
