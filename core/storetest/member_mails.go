package storetest

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/port"
)

// RunMemberMails checks account.MemberMails over the outbox: a mail is a
// member's when the use case names the account (port.MailTo) or, else,
// when it goes to the account's address; a rolled-back mail is not
// listed; the list is newest first with the address masked; a resend is a
// new row of the same mail, refused for a mail with a secret or of
// another member.
func RunMemberMails(t *testing.T, newEnv New) {
	e := newEnv(t)
	if e.Mails == nil || e.Mailer == nil {
		t.Skip("no member mails")
	}
	ctx := context.Background()
	kim, lee := user(t, e, "kim"), user(t, e, "lee")
	queue := func(ctx context.Context, to string, m mailmsg.Message) {
		t.Helper()
		if err := e.Tx.InTx(ctx, func(ctx context.Context) error { return e.Mailer.Queue(ctx, "ko", to, m) }); err != nil {
			t.Fatal(err)
		}
	}
	queue(ctx, "KIM@example.com", mailmsg.UserIDFound{UserIDs: []string{"kim"}, LoginURL: "https://x/login"})
	queue(port.MailTo(ctx, lee.PK), "old-lee@example.org", mailmsg.EmailChangedByStaff{UserID: "lee", NewMasked: "l***@example.com", ContactURL: "https://x/help"})
	queue(ctx, "kim@example.com", mailmsg.EmailChangeCode{Code: "123456", ValidMinutes: 10})
	queue(ctx, "nobody@example.com", mailmsg.UserIDFound{UserIDs: []string{"x"}, LoginURL: "https://x/login"})
	err := e.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := e.Mailer.Queue(ctx, "ko", "kim@example.com", mailmsg.SignUpRegistered{}); err != nil {
			return err
		}
		return errBoom
	})
	if err != errBoom {
		t.Fatal(err)
	}
	list, err := e.Mails.MailsTo(ctx, kim.PK, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].Kind != "email_change_code" || list[1].Kind != "user_id_found" {
		t.Fatalf("kim's mails %+v, want the code then the reminder", list)
	}
	code, found := list[0], list[1]
	if code.Resendable || !found.Resendable || found.To != "K***@example.com" || found.State() == "" || found.CreatedAt.IsZero() {
		t.Fatalf("kim's mails %+v", list)
	}
	leeList, err := e.Mails.MailsTo(ctx, lee.PK, 10)
	if err != nil || len(leeList) != 1 || leeList[0].Kind != "email_changed_by_staff" || leeList[0].To != "o***@example.org" {
		t.Fatalf("lee's mails %+v %v", leeList, err)
	}
	if _, err := e.Mails.Resend(ctx, kim.PK, code.ID); apperr.CodeOf(err) != account.CodeMailHasSecret {
		t.Fatalf("resend a code: %v", err)
	}
	if _, err := e.Mails.Resend(ctx, lee.PK, found.ID); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("resend another member's mail: %v", err)
	}
	var again account.SentMail
	if err := e.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		again, err = e.Mails.Resend(ctx, kim.PK, found.ID)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if again.ID == found.ID || again.Kind != found.Kind || again.To != found.To || !again.Resendable || again.State() != account.MailQueued {
		t.Fatalf("resent %+v of %+v", again, found)
	}
	list, err = e.Mails.MailsTo(ctx, kim.PK, 10)
	if err != nil || len(list) != 3 || list[0].ID != again.ID {
		t.Fatalf("after the resend %+v %v", list, err)
	}
	if list, _ := e.Mails.MailsTo(ctx, kim.PK, 1); len(list) != 1 {
		t.Fatalf("limit: %+v", list)
	}
}
