package payment_test

import (
	"context"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
)

// mailLocales answers the locales of the queued mails of a kind.
func (e *env) mailLocales(kind string) []string {
	var out []string
	for _, j := range e.st.Jobs() {
		if m, ok := j.Payload.(memstore.Mail); ok && m.Message.Kind() == kind {
			out = append(out, m.Locale)
		}
	}
	return out
}

// Money received outside the gateways completes the application as a
// gateway payment does: exam number, completion and receipt mails.
func TestManualPayCompletesWithAnExamNumber(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name    string
		in      payment.ManualInput
		payType payment.PayType
		paid    money.Money
		locale  string
	}{
		{"transfer to the school", payment.ManualInput{Method: "transfer", Reason: "학교 계좌 입금", Evidence: " KB 2026-11-24 #123 "},
			payment.Trans, money.Won(80000), "ko"},
		{"fee waived", payment.ManualInput{Method: "waiver", Reason: "국가유공자", Evidence: "증명서 2026-001", Locale: "en"},
			payment.Free, money.Won(0), "en"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newStaffEnv(t)
			a, err := e.staff.ManualPay(ctx, sysAdmin, e.appl, c.in)
			if err != nil {
				t.Fatal(err)
			}
			stored := e.attempt(t, a.PaymentID())
			if !stored.Manual() || stored.Result() != payment.Paid || stored.PayType() != c.payType || stored.Paid() != c.paid ||
				stored.ProviderOrderID() != "KB 2026-11-24 #123" && c.payType == payment.Trans || stored.Locale() != c.locale {
				t.Fatalf("attempt %+v", stored.Data())
			}
			if h := e.header(t); h.State.Status != application.Complete || h.ApplID != "P0001" {
				t.Fatalf("application %+v", h)
			}
			if l := e.mailLocales("payment_receipt"); len(l) != 1 || l[0] != c.locale || e.mails()["application_complete"] != 1 {
				t.Fatalf("mails %v, receipt locales %v", e.mails(), l)
			}
			rec := e.lastRecord(t)
			if rec.Provider != payment.ProviderManual || rec.To != payment.Paid || rec.Detail["method"] != c.in.Method || rec.Detail["by"] != "admin" {
				t.Fatalf("record %+v", rec)
			}
			if !slices.Contains(e.logged(), "admin payment.manual "+a.PaymentID()) {
				t.Fatalf("not audited: %v", e.logged())
			}
			// A second payment of the completed application is refused.
			_, err = e.staff.ManualPay(ctx, sysAdmin, e.appl, c.in)
			wantErr(t, err, apperr.KindConflict, payment.CodeAlreadyPaid)
		})
	}
}

func TestManualPayRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ok := payment.ManualInput{Method: "transfer", Reason: "입금 확인", Evidence: "KB #1"}
	t.Run("fields", func(t *testing.T) {
		t.Parallel()
		e := newStaffEnv(t)
		_, err := e.staff.ManualPay(ctx, sysAdmin, e.appl, payment.ManualInput{Method: "cash", Reason: " ", Evidence: ""})
		wantField(t, err, "method", payment.CodeManualMethod)
		wantField(t, err, "reason", payment.CodeReasonRequired)
		wantField(t, err, "evidence", payment.CodeEvidenceRequired)
	})
	t.Run("not a system admin", func(t *testing.T) {
		t.Parallel()
		e := newStaffEnv(t)
		for _, p := range []permission.Principal{ownAdmin, settleAdmin, e.owner} {
			_, err := e.staff.ManualPay(ctx, p, e.appl, ok)
			wantErr(t, err, apperr.KindForbidden, "auth.forbidden")
		}
	})
	t.Run("unknown application", func(t *testing.T) {
		t.Parallel()
		e := newStaffEnv(t)
		if _, err := e.staff.ManualPay(ctx, sysAdmin, 9999, ok); apperr.KindOf(err) != apperr.KindNotFound {
			t.Fatalf("unknown application: %v", err)
		}
	})
	t.Run("a virtual account awaits its deposit", func(t *testing.T) {
		t.Parallel()
		e := newStaffEnv(t)
		e.issued(t)
		_, err := e.staff.ManualPay(ctx, sysAdmin, e.appl, ok)
		wantErr(t, err, apperr.KindConflict, payment.CodeVbankWaiting)
	})
	t.Run("cancelled", func(t *testing.T) {
		t.Parallel()
		e := newStaffEnv(t)
		steps, _ := application.NewSteps()
		if err := e.apps.Update(ctx, e.appl, func(_ context.Context, a *application.Application) error {
			return a.Cancel(steps, application.ByApplicant, e.clock.Now())
		}); err != nil {
			t.Fatal(err)
		}
		_, err := e.staff.ManualPay(ctx, sysAdmin, e.appl, ok)
		wantErr(t, err, apperr.KindConflict, payment.CodeNotSubmitted)
		if list, _ := e.pays.ByApplication(ctx, e.appl); len(list) != 0 {
			t.Fatalf("a refused manual payment was stored: %d", len(list))
		}
	})
}

// Money for an application another payment completed is kept recorded
// and raises an alert for staff to refund; the application keeps its one
// exam number and one completion mail.
func TestPaidTwiceIsRefundedAtOnce(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	co := e.start(t, payment.Card)
	if _, err := e.staff.ManualPay(ctx, sysAdmin, e.appl, payment.ManualInput{Method: "transfer", Reason: "입금", Evidence: "KB #1"}); err != nil {
		t.Fatal(err)
	}
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	if err := e.webhook("wh-2nd", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
		t.Fatal(err)
	}
	// The second payment is refunded in full at once: the provider was
	// asked, the attempt ended CANCELLED with its money back, staff see
	// the alert and the applicant got the refund mail.
	a := e.attempt(t, co.PaymentID)
	if a.Result() != payment.Cancelled || a.Refunded() != money.Won(80000) || !a.Remaining().IsZero() {
		t.Fatalf("second payment: %s refunded %v", a.Result(), a.Refunded())
	}
	if len(e.gw.cancels) != 1 || e.gw.cancels[0].Ref.PaymentID != co.PaymentID || e.gw.cancels[0].Cancellable != money.Won(80000) {
		t.Fatalf("refunds asked: %+v", e.gw.cancels)
	}
	if n := e.alerts(t, payment.CodePaidTwice); n != 1 {
		t.Fatalf("%d paid-twice alerts", n)
	}
	if h := e.header(t); h.State.Status != application.Complete || h.ApplID != "P0001" || e.mails()["application_complete"] != 1 ||
		e.mails()["payment_cancelled"] != 1 {
		t.Fatalf("application %+v, mails %v", h, e.mails())
	}
	list, err := e.staff.MyRefunds(ctx, e.owner)
	if err != nil || len(list) != 1 || list[0].By != "system" || list[0].ApplicantReason == "" || list[0].Amount != money.Won(80000) {
		t.Fatalf("the applicant's refunds: %+v %v", list, err)
	}
}

// Pay-check's re-query applies the provider's answer as a webhook would;
// a manual payment has nobody to ask.
func TestRequery(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := newStaffEnv(t)
	co := e.start(t, payment.Card)
	_, err := e.staff.Requery(ctx, ownAdmin, co.PaymentID)
	wantErr(t, err, apperr.KindForbidden, "auth.forbidden")
	_, err = e.staff.Requery(ctx, sysAdmin, "ga1-none")
	wantErr(t, err, apperr.KindNotFound, payment.CodeNotFound)
	e.gw.down = true
	_, err = e.staff.Requery(ctx, sysAdmin, co.PaymentID)
	wantErr(t, err, apperr.KindUnavailable, payment.CodeProviderDown)
	e.gw.down = false
	e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
	a, err := e.staff.Requery(ctx, sysAdmin, co.PaymentID)
	if err != nil || a.Result() != payment.Paid {
		t.Fatalf("requery: %s %v", a.Result(), err)
	}
	if h := e.header(t); h.State.Status != application.Complete || h.ApplID != "P0001" {
		t.Fatalf("application %+v", h)
	}
	if r := e.lastRecord(t); r.Source != payment.SrcStaff || r.To != payment.Paid {
		t.Fatalf("record %+v", r)
	}
	if !slices.Contains(e.logged(), "admin payment.requery "+co.PaymentID) {
		t.Fatalf("not audited: %v", e.logged())
	}

	m := newStaffEnv(t)
	ma, err := m.staff.ManualPay(ctx, sysAdmin, m.appl, payment.ManualInput{Method: "waiver", Reason: "면제", Evidence: "문서"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.staff.Requery(ctx, sysAdmin, ma.PaymentID())
	wantErr(t, err, apperr.KindConflict, payment.CodeNoProvider)
}
