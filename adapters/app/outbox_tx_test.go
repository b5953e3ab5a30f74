package app_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/core/account"
)

// failAfterWrite writes the outbox row through the real store, then fails:
// the transaction that queued the mail must roll the row back with it.
type failAfterWrite struct{ jobs.OutboxWriter }

// solved stands for a solved captcha: not what this test is about.
type solved struct{}

func (solved) Verify(context.Context, string) bool { return true }

var errAfterMail = errors.New("test: failure after the mail was written")

func (f failAfterWrite) Enqueue(ctx context.Context, taskType string, payload any) error {
	if err := f.OutboxWriter.Enqueue(ctx, taskType, payload); err != nil {
		return err
	}
	return errAfterMail
}

// The sign-up code mail is written in the same PostgreSQL transaction as
// the code: if that transaction fails after the mail was written, neither
// remains; if it commits, both do. The in-memory fakes never roll back, so
// only a real database shows a mail queued outside the transaction.
func TestSignUpMailRollsBackWithItsTransaction(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	ctx := context.Background()
	rows := func(email string) (outbox, codes int) {
		t.Helper()
		// A fresh connection sees only what was committed.
		if err := a.DB.Pool.QueryRow(ctx, "SELECT count(*) FROM outbox WHERE payload->>'to' = $1", email).Scan(&outbox); err != nil {
			t.Fatal(err)
		}
		if err := a.DB.Pool.QueryRow(ctx, "SELECT count(*) FROM email_confirmation WHERE email = $1", email).Scan(&codes); err != nil {
			t.Fatal(err)
		}
		return outbox, codes
	}

	a.Accounts.Captcha = solved{}
	real := a.Accounts.Mailer
	failing, ok := real.(jobs.OutboxMailer)
	if !ok {
		t.Fatalf("the account mailer is %T, not the outbox", real)
	}
	failing.DB = failAfterWrite{failing.DB}
	a.Accounts.Mailer = failing
	err := a.Accounts.SendEmailCode(ctx, account.EmailCodeInput{Email: "rollback@example.com", Locale: "ko", Captcha: "x", Address: "10.0.0.1"})
	if !errors.Is(err, errAfterMail) {
		t.Fatalf("SendEmailCode = %v, want the injected failure", err)
	}
	if o, c := rows("rollback@example.com"); o != 0 || c != 0 {
		t.Fatalf("after a failed transaction: %d outbox rows, %d codes; want none", o, c)
	}

	a.Accounts.Mailer = real
	if err := a.Accounts.SendEmailCode(ctx, account.EmailCodeInput{Email: "commit@example.com", Locale: "ko", Captcha: "x", Address: "10.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	if o, c := rows("commit@example.com"); o != 1 || c != 1 {
		t.Fatalf("after a committed transaction: %d outbox rows, %d codes; want one each", o, c)
	}
}
