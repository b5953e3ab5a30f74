package refundrequest_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/refundrequest"
	"github.com/gradapply/gradapply/core/window"
)

// refunder stands for the staff refund of core/payment at the port only
// (that path is tested in core/payment and, end to end through the test
// gateway, in adapters/httpapi): it records what it was asked, refunds
// what remains in memstore's attempt, or refuses like a provider.
type refunder struct {
	mu      sync.Mutex
	pays    memstore.Payments
	asked   []payment.CancelInput
	refuses bool
}

func (f *refunder) Refund(ctx context.Context, p permission.Principal, paymentID string, in payment.CancelInput) (payment.Cancellation, error) {
	f.mu.Lock()
	f.asked = append(f.asked, in)
	f.mu.Unlock()
	if !permission.Can(p, permission.PayCancel, "") {
		return payment.Cancellation{}, apperr.Forbidden("auth.forbidden")
	}
	if f.refuses {
		// As the staff refund does: the refusal is recorded for staff, in
		// the caller's transaction.
		att, _ := f.pays.Get(ctx, paymentID)
		if err := f.pays.Log(ctx, payment.Record{PaymentID: paymentID, ApplNo: att.ApplNo(), Kind: payment.RecRefused, Source: payment.SrcStaff,
			Code: payment.CodeProviderRefused, Alert: true}); err != nil {
			return payment.Cancellation{}, err
		}
		return payment.Cancellation{}, apperr.Conflict(payment.CodeProviderRefused)
	}
	t, _ := payment.ParseCancelType(in.Type)
	var refund money.Money
	err := f.pays.Update(ctx, paymentID, func(_ context.Context, att *payment.Attempt) error {
		amount, _ := money.Parse(in.Amount, att.Paid().Currency())
		var err error
		refund, err = att.Refund(t, amount, att.UpdatedAt())
		return err
	})
	if err != nil {
		return payment.Cancellation{}, err
	}
	return payment.Cancellation{ID: "c-" + paymentID, PaymentID: paymentID, Type: t, Amount: refund, Reason: in.Reason, Refund: in.Refund}, nil
}

type fixedClock struct{ t time.Time }

var _ window.Clock = fixedClock{}

func (c fixedClock) Now() time.Time { return c.t }

var (
	round  = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
	round2 = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 2}
	owner  = permission.Principal{UserID: "hong", Roles: []permission.Role{permission.RoleUser}}
	other  = permission.Principal{UserID: "kim", Roles: []permission.Role{permission.RoleUser}}
	sys    = permission.Principal{UserID: "sysadmin", Roles: []permission.Role{permission.RoleSysAdmin}}
	// School admins read payment information but keep no refund pages.
	school = permission.Principal{UserID: "schooladmin", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	settle = permission.Principal{UserID: "settle", Roles: []permission.Role{permission.RoleSettleAdmin}}
)

type env struct {
	svc  *refundrequest.Service
	st   *memstore.Store
	ref  *refunder
	pays memstore.Payments
}

func newEnv(t *testing.T) *env {
	t.Helper()
	st := memstore.New()
	st.SetSchools(application.School{SchoolCode: "236", KorName: "이화여대 국제대학원", EngName: "Ewha GSIS"},
		application.School{SchoolCode: "SKKGSB", KorName: "성균관대 경영대학원", EngName: "SKK GSB"})
	st.SetRound(application.Round{RoundKey: round, KorName: "2027 전기", EngName: "2027 Spring", SchoolKorName: "이화여대 국제대학원",
		SchoolEngName: "Ewha GSIS"})
	ctx := context.Background()
	for id, loc := range map[string]string{"hong": "en", "kim": "ko"} {
		m, err := account.NewMember(account.NewUser{UserID: id, Email: id + "@example.com", PasswordHash: "h",
			Roles: []permission.Role{permission.RoleUser}, Locale: loc, AgreedAt: paidAt})
		if err == nil {
			_, err = (memstore.Users{Store: st}).Create(ctx, m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	pays := memstore.Payments{Store: st}
	ref := &refunder{pays: pays}
	reqs := memstore.RefundRequests{Store: st}
	svc := &refundrequest.Service{Store: reqs, Texts: reqs, Apps: memstore.Applications{Store: st}, Payments: pays, Refunder: ref,
		Rounds: memstore.Reference{Store: st}, Schools: memstore.Reference{Store: st}, Recipients: memstore.Applicants{Store: st},
		Mailer: memstore.Outbox{Store: st}, Log: memstore.AccessLog{Store: st}, Tx: st, Clock: fixedClock{paidAt.Add(72 * time.Hour)}}
	return &env{svc: svc, st: st, ref: ref, pays: pays}
}

// application stores an application of userID, paid by payType unless
// payType is "" (not paid, in the second round).
func (e *env) application(t *testing.T, userID string, payType payment.PayType) int64 {
	t.Helper()
	ctx := context.Background()
	k := round
	if payType == "" {
		k = round2
	}
	a, err := application.NewApplication(userID, k, paidAt)
	if err != nil {
		t.Fatal(err)
	}
	n, err := (memstore.Applications{Store: e.st}).Create(ctx, application.Creation{App: a, Part: application.Part{MajorCode: "M1"}})
	if err != nil {
		t.Fatal(err)
	}
	if payType == "" {
		return n
	}
	q, _ := payment.NewQuote(payType, money.Won(80000), payment.DefaultPayPalFee)
	att, err := payment.NewAttempt("ga"+userID, n, userID, "236", payment.ProviderTest, q, "en", paidAt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := att.Apply(payment.Event{Kind: payment.EvPaid, Amount: q.Total, PaidAt: paidAt}, paidAt); err != nil {
		t.Fatal(err)
	}
	if err := e.pays.Insert(ctx, att); err != nil {
		t.Fatal(err)
	}
	return n
}
