package payment_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
)

var (
	sysAdmin    = permission.Principal{UserID: "admin", Roles: []permission.Role{permission.RoleSysAdmin}}
	ownAdmin    = permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S01"}
	otherAdmin  = permission.Principal{UserID: "sb", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "S02"}
	settleAdmin = permission.Principal{UserID: "st", Roles: []permission.Role{permission.RoleSettleAdmin}}
)

func ptr[T any](v T) *T { return &v }

var refundTo = &payment.RefundAccount{Bank: "004", Holder: "홍길동", AccountNo: "123-456-789012"}

// Spec section 4 cancel types as staff use them on a paid card payment:
// what is refunded, what remains, the attempt's result and history, the
// application's status (the exam number kept), the mail, the audit.
func TestStaffCancel(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name      string
		in        payment.CancelInput
		refund    money.Money
		remaining money.Money
		result    payment.Result
		app       application.Status
		asked     *money.Money // the amount asked of the provider (nil: not asked; zero value: everything)
	}{
		{"00001 refunds everything", payment.CancelInput{Type: "00001", Reason: "지원 취소"},
			money.Won(80000), money.Won(0), payment.Cancelled, application.Cancel, &money.Money{}},
		{"00002 cancels without a refund", payment.CancelInput{Type: "00002", Reason: "규정 위반"},
			money.Won(0), money.Won(80000), payment.Cancelled, application.Cancel, nil},
		{"00003 refunds a part", payment.CancelInput{Type: "00003", Amount: " 30000 ", Reason: "전형료 일부 반환"},
			money.Won(30000), money.Won(50000), payment.Paid, application.Complete, ptr(money.Won(30000))},
		{"00003 of everything is a full cancel", payment.CancelInput{Type: "00003", Amount: "80000", Reason: "전액"},
			money.Won(80000), money.Won(0), payment.Cancelled, application.Cancel, &money.Money{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newStaffEnv(t)
			co := e.paid(t)
			got, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, c.in)
			if err != nil {
				t.Fatal(err)
			}
			a := e.attempt(t, co.PaymentID)
			if got.Amount != c.refund || a.Remaining() != c.remaining || a.Result() != c.result || got.By != "admin" || got.Type != payment.CancelType(c.in.Type) {
				t.Fatalf("cancel %+v: attempt %s remaining %v", got, a.Result(), a.Remaining())
			}
			h := e.header(t)
			if h.State.Status != c.app || h.ApplID != "P0001" {
				t.Fatalf("application %s %q", h.State.Status, h.ApplID)
			}
			rec := e.lastRecord(t)
			if rec.Kind != payment.RecCancelled || rec.From != payment.Paid || rec.To != c.result || rec.Code != c.in.Type || rec.Detail["cancelId"] != got.ID {
				t.Fatalf("record %+v", rec)
			}
			if stored := e.recs.cancel(t, got.ID); stored.Amount != c.refund || stored.Reason != got.Reason || got.Reason != strings.TrimSpace(c.in.Reason) {
				t.Fatalf("stored %+v", stored)
			}
			if c.asked == nil {
				if len(e.gw.cancels) != 0 || got.Answer != "" {
					t.Fatalf("provider asked to refund nothing: %+v", e.gw.cancels)
				}
			} else {
				if len(e.gw.cancels) != 1 {
					t.Fatalf("provider asked %d times", len(e.gw.cancels))
				}
				req := e.gw.cancels[0]
				if req.Amount != *c.asked || req.Cancellable != money.Won(80000) || req.RequestID != got.ID || req.Ref.PaymentID != co.PaymentID ||
					got.Answer != payment.AnswerOK || got.ProviderCancelID != "pc1" || got.Pending {
					t.Fatalf("asked %+v, answer %+v", req, got)
				}
			}
			if m := e.mails(); m["payment_cancelled"] != 1 {
				t.Fatalf("mails %v", m)
			}
			if !slices.Contains(e.logged(), "admin payment.cancel "+co.PaymentID) {
				t.Fatalf("not audited: %v", e.logged())
			}
		})
	}
}

// A partial refund never goes above what remains: the error names the
// maximum; a second full cancel has nothing left.
func TestStaffCancelNeverAboveWhatRemains(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	co := e.paid(t)
	if _, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00003", Amount: "30000", Reason: "일부"}); err != nil {
		t.Fatal(err)
	}
	_, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00003", Amount: "50001", Reason: "초과"})
	wantErr(t, err, apperr.KindInvalid, payment.CodePartialAmount)
	if ae, _ := apperr.As(err); ae.Params["max"] != money.Won(50000) {
		t.Fatalf("max %v", ae.Params["max"])
	}
	if _, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00001", Reason: "나머지"}); err != nil {
		t.Fatal(err)
	}
	a := e.attempt(t, co.PaymentID)
	if a.Result() != payment.Cancelled || a.Refunded() != money.Won(80000) || e.header(t).State.Status != application.Cancel {
		t.Fatalf("after the rest: %s %v", a.Result(), a.Refunded())
	}
	if req := e.gw.cancels[1]; req.Cancellable != money.Won(50000) || req.Amount != (money.Money{}) {
		t.Fatalf("second request %+v", req)
	}
	_, err = e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00001", Reason: "again"})
	wantErr(t, err, apperr.KindConflict, payment.CodeNothingRemains)
	_, err = e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00002", Reason: "again"})
	wantErr(t, err, apperr.KindConflict, payment.CodeAlreadyCancelled)
	if len(e.gw.cancels) != 2 || len(e.recs.cancels) != 2 {
		t.Fatalf("refused cancels reached the provider or the store: %d %d", len(e.gw.cancels), len(e.recs.cancels))
	}
}

// What staff send is checked field by field before anything is asked.
func TestStaffCancelInputNamesTheField(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name  string
		vbank bool
		in    payment.CancelInput
		field string
		code  string
	}{
		{"unknown type", false, payment.CancelInput{Type: "00009", Reason: "r"}, "cancelType", payment.CodeCancelTypeUnknown},
		{"no reason", false, payment.CancelInput{Type: "00001", Reason: "  "}, "reason", payment.CodeReasonRequired},
		{"partial without an amount", false, payment.CancelInput{Type: "00003", Reason: "r"}, "amount", payment.CodePartialAmount},
		{"partial of zero", false, payment.CancelInput{Type: "00003", Amount: "0", Reason: "r"}, "amount", payment.CodePartialAmount},
		{"partial in words", false, payment.CancelInput{Type: "00003", Amount: "삼만", Reason: "r"}, "amount", payment.CodePartialAmount},
		{"virtual account refund without account", true, payment.CancelInput{Type: "00001", Reason: "r"}, "refundAccount", payment.CodeRefundAccountReq},
		{"virtual account refund to a bad account", true, payment.CancelInput{Type: "00003", Amount: "1000", Reason: "r",
			Refund: &payment.RefundAccount{Bank: "004", Holder: "홍길동", AccountNo: "12"}}, "refundAccount.accountNo", payment.CodeRefundAccountNo},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newStaffEnv(t)
			var id string
			if c.vbank {
				co, _ := e.issued(t)
				e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
				if err := e.webhook("wh-dep", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
					t.Fatal(err)
				}
				id = co.PaymentID
			} else {
				id = e.paid(t).PaymentID
			}
			_, err := e.staff.Cancel(ctx, sysAdmin, id, c.in)
			wantField(t, err, c.field, c.code)
			if c.field == "amount" {
				ae, _ := apperr.As(err)
				if i := slices.IndexFunc(ae.Fields, func(f apperr.FieldError) bool { return f.Field == "amount" }); ae.Fields[i].Params["max"] != money.Won(80000) {
					t.Fatalf("max not named: %+v", ae.Fields[i])
				}
			}
			if a := e.attempt(t, id); a.Result() != payment.Paid || len(e.gw.cancels) != 0 {
				t.Fatal("a refused cancel changed something")
			}
		})
	}
}

// A virtual-account payment is refunded to the account staff give; a
// 00002 cancel needs none.
func TestStaffCancelOfAVirtualAccountPayment(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		in      payment.CancelInput
		account bool
	}{
		{payment.CancelInput{Type: "00001", Reason: "환불", Refund: refundTo}, true},
		{payment.CancelInput{Type: "00002", Reason: "환불 없음"}, false},
	} {
		e := newStaffEnv(t)
		co, _ := e.issued(t)
		e.gw.set(co.PaymentID, payment.RemotePaid, money.Won(80000), nil)
		if err := e.webhook("wh-dep", co.PaymentID, payment.NoticePaid, "ok"); err != nil {
			t.Fatal(err)
		}
		got, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, c.in)
		if err != nil {
			t.Fatal(err)
		}
		if c.account {
			if got.Refund == nil || *got.Refund != *refundTo || len(e.gw.cancels) != 1 || e.gw.cancels[0].Refund == nil || *e.gw.cancels[0].Refund != *refundTo {
				t.Fatalf("%s: refund account %+v, asked %+v", c.in.Type, got.Refund, e.gw.cancels)
			}
		} else if got.Refund != nil || len(e.gw.cancels) != 0 {
			t.Fatalf("%s: %+v", c.in.Type, got)
		}
	}
}

// A provider that refuses the refund leaves the payment as it was, with
// an alert for staff; one that does not answer changes nothing.
func TestStaffCancelRefusedByTheProvider(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		err   error
		kind  apperr.Kind
		code  string
		alert int
	}{
		{fmt.Errorf("%w: already cancelled", payment.ErrRefused), apperr.KindConflict, payment.CodeProviderRefused, 1},
		{payment.ErrUnavailable, apperr.KindUnavailable, payment.CodeProviderDown, 0},
	} {
		e := newStaffEnv(t)
		co := e.paid(t)
		e.gw.cancelErr = c.err
		_, err := e.staff.Cancel(ctx, sysAdmin, co.PaymentID, payment.CancelInput{Type: "00001", Reason: "취소"})
		wantErr(t, err, c.kind, c.code)
		a := e.attempt(t, co.PaymentID)
		if a.Result() != payment.Paid || a.Remaining() != money.Won(80000) || e.header(t).State.Status != application.Complete {
			t.Fatalf("%v: attempt %s remaining %v, application %s", c.err, a.Result(), a.Remaining(), e.header(t).State.Status)
		}
		if len(e.recs.cancels) != 0 || e.mails()["payment_cancelled"] != 0 {
			t.Fatalf("%v: a refused cancel was stored or mailed", c.err)
		}
		if n := e.alerts(t, payment.CodeProviderRefused); n != c.alert {
			t.Fatalf("%v: %d alerts", c.err, n)
		}
		if c.alert == 1 {
			if r := e.lastRecord(t); r.Detail["by"] != "admin" || r.Detail["answer"] == "" {
				t.Fatalf("alert %+v", r)
			}
		}
	}
}

// Only system admins cancel; an unknown payment is not found.
func TestStaffCancelPermissions(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	co := e.paid(t)
	for _, p := range []permission.Principal{ownAdmin, settleAdmin, e.owner, {}} {
		_, err := e.staff.Cancel(ctx, p, co.PaymentID, payment.CancelInput{Type: "00001", Reason: "r"})
		wantErr(t, err, apperr.KindForbidden, "auth.forbidden")
	}
	_, err := e.staff.Cancel(ctx, sysAdmin, "ga1-none", payment.CancelInput{Type: "00001", Reason: "r"})
	wantErr(t, err, apperr.KindNotFound, payment.CodeNotFound)
	if a := e.attempt(t, co.PaymentID); a.Result() != payment.Paid {
		t.Fatal("cancelled by someone not allowed")
	}
}

// withdrawn is the contacts of an applicant who withdrew: nobody to mail.
type withdrawn struct{}

func (withdrawn) Recipient(context.Context, string) (port.Recipient, error) {
	return port.Recipient{}, apperr.NotFound("account.not_found")
}

// Refunding the payment of an applicant who withdrew mails nobody and
// still refunds; the cancellation carries the id staff's wiring gives.
func TestStaffCancelForAWithdrawnApplicant(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	co := e.paid(t)
	e.svc.Recipients = withdrawn{}
	e.staff.NewID = func() string { return "cancel-1" }
	got, err := e.staff.Cancel(context.Background(), sysAdmin, co.PaymentID, payment.CancelInput{Type: "00001", Reason: "탈퇴"})
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != "cancel-1" || got.Amount != money.Won(80000) || e.gw.cancels[0].RequestID != "cancel-1" {
		t.Fatalf("cancellation %+v", got)
	}
	if m := e.mails(); m["payment_cancelled"] != 0 {
		t.Fatalf("mailed a withdrawn applicant: %v", m)
	}
	if e.attempt(t, co.PaymentID).Result() != payment.Cancelled || e.header(t).State.Status != application.Cancel {
		t.Fatal("not cancelled")
	}
}
