// Package paytest builds, for the payment adapters' tests, the whole
// service as cmd/server does (adapters/app) on a throwaway PostgreSQL
// database with the demo data, the payment providers configured by the
// test (pointing at local fakes), and the HTTP server whose webhook route
// receives the deliveries. A submitted application of demo school 236
// (KRW 80,000 or USD 65.00) is ready to pay.
package paytest

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
)

// Env is one application ready to pay.
type Env struct {
	T     testing.TB
	App   *apptest.App
	Svc   *payment.Service // the service's own (App.Pay)
	Store postgres.PayAttempts
	Owner permission.Principal
	Appl  int64
	// Srv is the running HTTP server (webhooks: HookURL).
	Srv *httptest.Server
}

// New builds the service with the providers the test configures and a
// submitted application of applicant1 at school 236.
func New(t testing.TB, configure func(*config.Config)) *Env {
	t.Helper()
	a := apptest.New(t, func(c *config.Config) {
		c.DemoData = true
		configure(c)
	})
	db := a.DB
	e := &Env{T: t, App: a, Svc: a.Pay, Store: postgres.PayAttempts{DB: db}, Srv: apptest.Serve(t, a),
		Owner: permission.Principal{UserID: "applicant1", Roles: []permission.Role{permission.RoleUser}}}
	ctx := context.Background()
	err := db.Pool.QueryRow(ctx, `
		WITH u AS (SELECT id, user_id FROM app_user WHERE user_id = 'applicant1'),
		m AS (SELECT * FROM recruit_part_major WHERE school_code = '236' ORDER BY appl_part_no LIMIT 1),
		ap AS (INSERT INTO application (user_pk, user_id, school_code, enter_year, recruit_part_seq, status, applicant_name)
			SELECT u.id, u.user_id, m.school_code, m.enter_year, m.recruit_part_seq, 'SUBMIT', '홍길동' FROM u, m RETURNING appl_no)
		INSERT INTO application_part (appl_no, appl_part_no, major_code, is_master, is_general_type, category_code)
			SELECT ap.appl_no, m.appl_part_no, m.major_code, m.is_master, true, '' FROM ap, m RETURNING appl_no`).Scan(&e.Appl)
	if err != nil {
		t.Fatalf("paytest: submitted application: %v", err)
	}
	return e
}

// HookURL is the server's webhook address of a provider.
func (e *Env) HookURL(p payment.Provider) string {
	return e.Srv.URL + "/apply/api/pay/webhook/" + string(p)
}

// Start begins a payment of a pay type.
func (e *Env) Start(t payment.PayType, locale string) payment.Checkout {
	e.T.Helper()
	co, err := e.Svc.Start(context.Background(), e.Owner, e.Appl, payment.StartRequest{PayType: string(t), Locale: locale,
		ReturnURL: "http://localhost/pay/mobile", CancelURL: "http://localhost/appl/pay"})
	if err != nil {
		e.T.Fatalf("start %s: %v", t, err)
	}
	return co
}

// Confirm is the browser's return.
func (e *Env) Confirm(paymentID string, ret payment.Return) (payment.Attempt, error) {
	return e.Svc.Confirm(context.Background(), e.Owner, paymentID, ret)
}

// Attempt reads an attempt.
func (e *Env) Attempt(paymentID string) payment.Attempt {
	e.T.Helper()
	a, err := e.Store.Get(context.Background(), paymentID)
	if err != nil {
		e.T.Fatal(err)
	}
	return a
}

// Status answers the application's status and exam number.
func (e *Env) Status() (status, examNo string) {
	e.T.Helper()
	var id *string
	if err := e.App.DB.Pool.QueryRow(context.Background(), "SELECT status, appl_id FROM application WHERE appl_no = $1", e.Appl).Scan(&status, &id); err != nil {
		e.T.Fatal(err)
	}
	if id != nil {
		examNo = *id
	}
	return status, examNo
}

// Mails counts the outbox mails of a kind (application_complete,
// payment_receipt, vbank_issued).
func (e *Env) Mails(kind string) int {
	e.T.Helper()
	var n int
	if err := e.App.DB.Pool.QueryRow(context.Background(), "SELECT count(*) FROM outbox WHERE payload->>'kind' = $1", kind).Scan(&n); err != nil {
		e.T.Fatal(err)
	}
	return n
}

// ExamNumbersIssued counts the exam numbers the round's counter gave out.
func (e *Env) ExamNumbersIssued() int {
	e.T.Helper()
	var n int
	if err := e.App.DB.Pool.QueryRow(context.Background(), "SELECT count(*) FROM application WHERE school_code = '236' AND appl_id IS NOT NULL").Scan(&n); err != nil {
		e.T.Fatal(err)
	}
	return n
}

// Records lists the application's payment records (and, with applNo 0,
// refused ones naming no application).
func (e *Env) Records(applNo int64) []payment.Record {
	e.T.Helper()
	r, err := e.Store.Records(context.Background(), applNo)
	if err != nil {
		e.T.Fatal(err)
	}
	return r
}

// Alerts lists the records marked for staff with a code.
func (e *Env) Alerts(code string) []payment.Record {
	var out []payment.Record
	for _, applNo := range []int64{e.Appl, 0} {
		for _, r := range e.Records(applNo) {
			if r.Alert && (code == "" || r.Code == code) {
				out = append(out, r)
			}
		}
	}
	return out
}

// IsKind reports an apperr of a kind.
func IsKind(err error, k apperr.Kind) bool {
	var ae *apperr.Error
	return errors.As(err, &ae) && ae.Kind == k
}

// Clone makes n more submitted applications of applicant1 in the same
// round (load tests) and answers their numbers.
func (e *Env) Clone(n int) []int64 {
	e.T.Helper()
	ctx := context.Background()
	rows, err := e.App.DB.Pool.Query(ctx, `INSERT INTO application (user_id, school_code, enter_year, recruit_part_seq, status, applicant_name)
		SELECT user_id, school_code, enter_year, recruit_part_seq, 'SUBMIT', applicant_name FROM application, generate_series(1, $2)
		WHERE appl_no = $1 RETURNING appl_no`, e.Appl, n)
	if err != nil {
		e.T.Fatal(err)
	}
	var out []int64
	for rows.Next() {
		var x int64
		_ = rows.Scan(&x)
		out = append(out, x)
	}
	rows.Close()
	if _, err := e.App.DB.Pool.Exec(ctx, `INSERT INTO application_part (appl_no, choice_seq, appl_part_no, major_code, is_master,
		is_general_type, stay_type_code, category_code) SELECT a.appl_no, 1, p.appl_part_no, p.major_code, p.is_master, p.is_general_type,
		p.stay_type_code, p.category_code FROM application a, application_part p WHERE p.appl_no = $1 AND a.appl_no <> $1`, e.Appl); err != nil {
		e.T.Fatal(err)
	}
	return out
}

// Unpaid asserts the fee is still unpaid: the application in SUBMIT
// without an exam number, the attempt not paid, and no mail.
func (e *Env) Unpaid(paymentID string) {
	e.T.Helper()
	if st, no := e.Status(); st != "SUBMIT" || no != "" {
		e.T.Fatalf("application %s, exam number %q: want SUBMIT without a number", st, no)
	}
	if a := e.Attempt(paymentID); a.Result() == payment.Paid {
		e.T.Fatalf("attempt %s", a.Result())
	}
	if n := e.Mails("payment_receipt") + e.Mails("application_complete"); n != 0 {
		e.T.Fatalf("%d mails", n)
	}
}

// CompletedOnce asserts one completion by the attempt: COMPLETE with an
// exam number, the attempt paid the amount (major units, "80000",
// "68.16") with the provider's transaction id, one receipt and one
// completion mail, one exam number given out. It answers the number.
func (e *Env) CompletedOnce(paymentID, paid string) string {
	e.T.Helper()
	st, no := e.Status()
	if st != "COMPLETE" || no == "" {
		e.T.Fatalf("application %s, exam number %q", st, no)
	}
	if a := e.Attempt(paymentID); a.Result() != payment.Paid || a.Paid().Decimal() != paid || a.TxID() == "" {
		e.T.Fatalf("attempt %s paid %s tx %q, want paid %s", a.Result(), a.Paid(), a.TxID(), paid)
	}
	if r, c, n := e.Mails("payment_receipt"), e.Mails("application_complete"), e.ExamNumbersIssued(); r != 1 || c != 1 || n != 1 {
		e.T.Fatalf("%d receipt mails, %d completion mails, %d exam numbers", r, c, n)
	}
	return no
}
