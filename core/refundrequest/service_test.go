package refundrequest_test

import (
	"context"
	"sync"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/refundrequest"
)

func TestAskRefusesWhatIsNotTheCallersOrNotPaid(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	paid := e.application(t, "hong", payment.Card)
	unpaid := e.application(t, "hong", "")
	others := e.application(t, "kim", payment.Card)
	in := refundrequest.AskInput{Reason: "다른 학교에 합격했습니다."}
	cases := []struct {
		name   string
		p      permission.Principal
		applNo int64
		kind   apperr.Kind
		code   string
	}{
		{"another applicant's application", owner, others, apperr.KindNotFound, application.CodeNotFound},
		{"an application that does not exist", owner, 987654, apperr.KindNotFound, application.CodeNotFound},
		{"not paid", owner, unpaid, apperr.KindConflict, refundrequest.CodeNotPaid},
		{"staff cannot ask", sys, paid, apperr.KindForbidden, "auth.forbidden"},
		{"nobody signed in", permission.Principal{}, paid, apperr.KindUnauthenticated, "auth.required"},
	}
	for _, c := range cases {
		if _, err := e.svc.Ask(ctx, c.p, c.applNo, in); apperr.KindOf(err) != c.kind || apperr.CodeOf(err) != c.code {
			t.Errorf("%s: %v, want %v %s", c.name, err, c.kind, c.code)
		}
	}
	r, err := e.svc.Ask(ctx, owner, paid, in)
	if err != nil || r.State() != refundrequest.Pending || r.UserID() != "hong" || r.DaysSincePaid() != 3 || !r.WithinWithdrawal() {
		t.Fatalf("ask %+v %v", r.Row(), err)
	}
	if _, err := e.svc.Ask(ctx, owner, paid, in); apperr.CodeOf(err) != refundrequest.CodeOpenExists {
		t.Fatalf("a second open request: %v", err)
	}
	if e.st.LoggedCount("refund_request.create") != 1 {
		t.Fatalf("audit %v", e.st.Logged())
	}
	f, err := e.svc.Form(ctx, owner, paid)
	if err != nil || f.Open() == nil || f.Open().ID() != r.ID() || f.Paid.Remaining != money.Won(80000) || f.Round.EngName != "2027 Spring" {
		t.Fatalf("form %+v %v", f, err)
	}
	if _, err := e.svc.Form(ctx, other, paid); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another's form: %v", err)
	}
	if _, err := e.svc.MineOne(ctx, other, r.ID()); apperr.CodeOf(err) != refundrequest.CodeNotFound {
		t.Fatalf("another's request: %v", err)
	}
	if mine, err := e.svc.Mine(ctx, other); err != nil || len(mine) != 0 {
		t.Fatalf("another's list %d %v", len(mine), err)
	}
}

func TestApproveRefundsThroughTheStaffRefundAndMails(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.application(t, "hong", payment.Vbank)
	acct := &payment.RefundAccount{Bank: "088", Holder: "Hong Gildong", AccountNo: "110-123-456789"}
	r, err := e.svc.Ask(ctx, owner, n, refundrequest.AskInput{Reason: "합격한 학교가 있습니다.", Account: acct})
	if err != nil {
		t.Fatal(err)
	}
	ok := refundrequest.ApproveInput{Type: string(payment.CancelAll), Reason: "청약 철회 기간 내 요청으로 전액 환불합니다."}
	for _, c := range []struct {
		name  string
		p     permission.Principal
		in    refundrequest.ApproveInput
		kind  apperr.Kind
		field string
	}{
		{"a school admin keeps no refund pages", school, ok, apperr.KindForbidden, ""},
		{"settlement staff neither", settle, ok, apperr.KindForbidden, ""},
		{"the applicant neither", owner, ok, apperr.KindForbidden, ""},
		{"a cancel without a refund", sys, refundrequest.ApproveInput{Type: "00002", Reason: "r"}, apperr.KindInvalid, "cancelType"},
		{"no reason for the applicant", sys, refundrequest.ApproveInput{Type: "00001"}, apperr.KindInvalid, "reason"},
	} {
		_, err := e.svc.Approve(ctx, c.p, r.ID(), c.in)
		if apperr.KindOf(err) != c.kind || c.field != "" && fieldsOf(err)[c.field] == "" {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if len(e.ref.asked) != 0 {
		t.Fatalf("refunded on refused input: %v", e.ref.asked)
	}
	// A provider that refuses leaves the request pending, unmailed.
	e.ref.refuses = true
	if _, err := e.svc.Approve(ctx, sys, r.ID(), ok); apperr.CodeOf(err) != payment.CodeProviderRefused {
		t.Fatalf("refused: %v", err)
	}
	if got, _ := e.svc.MineOne(ctx, owner, r.ID()); got.State() != refundrequest.Pending || len(e.st.MailsOfKind("refund_request_approved")) != 0 {
		t.Fatalf("after a refusal: %s", got.State())
	}
	if recs, _ := e.pays.Records(ctx, n); len(recs) != 1 || recs[0].Kind != payment.RecRefused || !recs[0].Alert {
		t.Fatalf("the refusal is not kept for staff: %+v", recs)
	}
	e.ref.refuses = false
	got, err := e.svc.Approve(ctx, sys, r.ID(), ok)
	if err != nil || got.State() != refundrequest.Approved || got.Refunded() != money.Won(80000) || got.CancelID() != "c-gahong" {
		t.Fatalf("approve %+v %v", got.Row(), err)
	}
	last := e.ref.asked[len(e.ref.asked)-1]
	if last.Refund == nil || last.Refund.AccountNo != "110-123-456789" || last.Reason != ok.Reason {
		t.Fatalf("the refund was asked %+v", last)
	}
	mails := e.st.MailsOfKind("refund_request_approved")
	if len(mails) != 1 || mails[0].To != "hong@example.com" || mails[0].Locale != "en" {
		t.Fatalf("mails %+v", mails)
	}
	if m := mails[0].Message.(mailmsg.RefundRequestApproved); m.School != "Ewha GSIS" || m.Refunded != "KRW 80000" || m.Requested != "2026-11-04" {
		t.Fatalf("mail %+v", m)
	}
	if e.st.LoggedCount("refund_request.approve") != 1 || e.st.LoggedCount("refund_request.read") != 0 {
		t.Fatalf("audit %v", e.st.Logged())
	}
	if _, err := e.svc.Approve(ctx, sys, r.ID(), ok); apperr.CodeOf(err) != refundrequest.CodeNotPending {
		t.Fatalf("approved twice: %v", err)
	}
	it, err := e.svc.Open(ctx, sys, r.ID())
	if err != nil || it.Remaining != money.Won(0) || it.RefundedSoFar != money.Won(80000) || e.st.LoggedCount("refund_request.read") != 1 {
		t.Fatalf("open %+v %v", it, err)
	}
	// Fully refunded: nothing more to ask for.
	if _, err := e.svc.Ask(ctx, owner, n, refundrequest.AskInput{Reason: "again", Account: acct}); apperr.CodeOf(err) != refundrequest.CodeFullyRefunded {
		t.Fatalf("after a full refund: %v", err)
	}
}

func TestDenyMailsTheReasonAndKeepsTheNote(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.application(t, "kim", payment.Card)
	r, err := e.svc.Ask(ctx, other, n, refundrequest.AskInput{Reason: "개인 사정"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Deny(ctx, sys, r.ID(), "", ""); fieldsOf(err)["reason"] != refundrequest.CodeAnswerRequired {
		t.Fatalf("no reason: %v", err)
	}
	got, err := e.svc.Deny(ctx, sys, r.ID(), "전형이 이미 시작되었습니다.", "학교 확인 완료")
	if err != nil || got.State() != refundrequest.Denied || got.Note() != "학교 확인 완료" {
		t.Fatalf("deny %+v %v", got.Row(), err)
	}
	mails := e.st.MailsOfKind("refund_request_denied")
	if len(mails) != 1 || mails[0].Locale != "ko" {
		t.Fatalf("mails %+v", mails)
	}
	if m := mails[0].Message.(mailmsg.RefundRequestDenied); m.Reason != "전형이 이미 시작되었습니다." || m.School != "이화여대 국제대학원" {
		t.Fatalf("mail %+v", m)
	}
	list, total, err := e.svc.List(ctx, sys, refundrequest.Query{State: refundrequest.Denied})
	if err != nil || total != 1 || list[0].ID() != r.ID() {
		t.Fatalf("list %v %d %v", list, total, err)
	}
	if _, _, err := e.svc.List(ctx, school, refundrequest.Query{}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin list: %v", err)
	}
	// A denial frees the payment for a new request.
	if _, err := e.svc.Ask(ctx, other, n, refundrequest.AskInput{Reason: "다시 요청합니다"}); err != nil {
		t.Fatalf("after a denial: %v", err)
	}
	if len(e.ref.asked) != 0 {
		t.Fatal("a denial refunded")
	}
}

func TestRuleTextsAreSystemAdminsAndAudited(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	if _, err := e.svc.PutRule(ctx, school, "236", "규정", "Rule"); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin: %v", err)
	}
	if _, err := e.svc.PutRule(ctx, sys, "NOPE", "규정", "Rule"); apperr.CodeOf(err) != refundrequest.CodeSchoolUnknown {
		t.Fatalf("unknown school: %v", err)
	}
	if _, err := e.svc.PutRule(ctx, sys, "236", string(make([]byte, refundrequest.MaxRule+1)), ""); fieldsOf(err)["ko"] == "" {
		t.Fatalf("too long: %v", err)
	}
	if _, err := e.svc.PutRule(ctx, sys, "236", " 접수 마감 전에는 전액 환불합니다. ", "Full refund before the deadline."); err != nil {
		t.Fatal(err)
	}
	rules, err := e.svc.Rules(ctx, sys)
	by := map[string]string{}
	for _, r := range rules {
		by[r.School.SchoolCode] = r.Rule.Ko
	}
	if err != nil || len(rules) != 2 || by["236"] != "접수 마감 전에는 전액 환불합니다." || by["SKKGSB"] != "" {
		t.Fatalf("rules %+v %v", rules, err)
	}
	n := e.application(t, "hong", payment.Card)
	f, err := e.svc.Form(ctx, owner, n)
	if err != nil || f.Rule.En != "Full refund before the deadline." {
		t.Fatalf("form rule %+v %v", f.Rule, err)
	}
	if e.st.LoggedCount("refund_rule.update") != 1 {
		t.Fatalf("audit %v", e.st.Logged())
	}
}

// Two staff approving at once refund once: the request's lock decides.
func TestConcurrentApprovalsRefundOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n := e.application(t, "hong", payment.Card)
	r, err := e.svc.Ask(ctx, owner, n, refundrequest.AskInput{Reason: "r"})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = e.svc.Approve(ctx, sys, r.ID(), refundrequest.ApproveInput{Type: "00003", Amount: "10000", Reason: "일부 환불"})
		}()
	}
	wg.Wait()
	done := 0
	for _, err := range errs {
		switch {
		case err == nil:
			done++
		case apperr.CodeOf(err) != refundrequest.CodeNotPending:
			t.Fatalf("approve: %v", err)
		}
	}
	att, _ := e.pays.Get(ctx, "gahong")
	if done != 1 || len(e.ref.asked) != 1 || att.Refunded() != money.Won(10000) {
		t.Fatalf("%d approvals, %d refunds, refunded %s", done, len(e.ref.asked), att.Refunded())
	}
}
