package account_test

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
)

// anyMails records every mail with its address, language and the member
// the outbox would list it under.
type anyMails struct{ sent []sentMail }

type sentMail struct {
	locale, to string
	pk         int64
	msg        mailmsg.Message
}

func (m *anyMails) Queue(ctx context.Context, locale, to string, msg mailmsg.Message) error {
	pk, _ := port.MailRecipient(ctx)
	m.sent = append(m.sent, sentMail{locale, to, pk, msg})
	return nil
}

func supportEnv(t *testing.T) (*staffEnv, *anyMails, counter) {
	t.Helper()
	e := newStaffEnv(t)
	m := &anyMails{}
	fails := counter{}
	e.s.Mailer, e.s.Failures, e.s.PublicURL = m, fails, "https://apply.example"
	return e, m, fails
}

// A system admin corrects an address: the old one is told (masked new
// address, whom to contact) and the new one confirmed, in the member's
// language; a taken address is refused on the field; a school admin may not.
func TestCorrectEmail(t *testing.T) {
	t.Parallel()
	e, m, _ := supportEnv(t)
	ctx := context.Background()
	in := account.EmailCorrection{Email: "lee.new@example.org", Reason: "member called: typo at sign-up"}
	if _, err := e.s.CorrectEmail(ctx, schoolOf, "lee", in); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin corrects an address: %v", err)
	}
	if _, err := e.s.CorrectEmail(ctx, root, "lee", account.EmailCorrection{Email: "kim@example.com", Reason: "x"}); fieldCodes(err)["email"] != account.CodeEmailOccupied {
		t.Fatalf("taken address: %v", err)
	}
	if _, err := e.s.CorrectEmail(ctx, root, "lee", account.EmailCorrection{Email: "nope"}); fieldCodes(err)["email"] != account.CodeEmailFormat || fieldCodes(err)["reason"] != account.CodeReasonRequired {
		t.Fatalf("bad address, no reason: %v", fieldCodes(err))
	}
	if len(m.sent) != 0 || len(e.users.access) != 0 {
		t.Fatalf("refusals mailed %d or logged %d", len(m.sent), len(e.users.access))
	}
	u, err := e.s.CorrectEmail(ctx, root, "lee", in)
	if err != nil {
		t.Fatal(err)
	}
	if u.Email != "lee.new@example.org" || e.get(t, "lee").Email != "lee.new@example.org" {
		t.Fatalf("address now %q / stored %q", u.Email, e.get(t, "lee").Email)
	}
	if len(m.sent) != 2 {
		t.Fatalf("mails %+v, want two", m.sent)
	}
	old, nw := m.sent[0], m.sent[1]
	if old.to != "lee@example.com" || old.locale != "en" || old.pk != e.pk["lee"] {
		t.Fatalf("old-address mail %+v", old)
	}
	if n, ok := old.msg.(mailmsg.EmailChangedByStaff); !ok || n.NewMasked != "l***@example.org" || n.ContactURL != "https://apply.example/help" || n.UserID != "lee" {
		t.Fatalf("old-address notice %+v", old.msg)
	}
	if nw.to != "lee.new@example.org" || nw.locale != "en" || nw.pk != e.pk["lee"] {
		t.Fatalf("new-address mail %+v", nw)
	}
	if _, ok := nw.msg.(mailmsg.EmailCorrected); !ok {
		t.Fatalf("new-address mail %T", nw.msg)
	}
	a := e.lastAccess()
	if a.Actor != "root" || a.Action != "member.email_correct" || a.Target != "lee" || a.Detail["reason"] != in.Reason || a.Detail["to"] != "l***@example.org" {
		t.Fatalf("audit %+v", a)
	}
}

// A locked sign-in shows on the member's page and Unlock clears it, so the
// member signs in at once; a school admin may not unlock.
func TestUnlockClearsFailures(t *testing.T) {
	t.Parallel()
	e, _, fails := supportEnv(t)
	e.s.Passwords, e.s.Captcha = plainHasher{}, captcha{}
	ctx := context.Background()
	e.users.change(t, e.pk["kim"], func(m *account.Member) error { return m.ResetPassword(plainHasher{}, "Right-Pass-2026") })
	for range account.AccountLockAfter {
		_, _ = e.s.Login(ctx, account.LoginInput{UserID: "kim", Password: "wrong", Captcha: "solved", Address: "10.0.0.1"})
	}
	d, err := e.s.Member(ctx, root, permission.UserManage, "kim")
	if err != nil || !d.Login.Locked || d.Login.Failures != account.AccountLockAfter {
		t.Fatalf("member page lock %+v, %v", d.Login, err)
	}
	if _, err := e.s.Login(ctx, account.LoginInput{UserID: "kim", Password: "Right-Pass-2026", Address: "10.0.0.2"}); apperr.KindOf(err) != apperr.KindTooMany {
		t.Fatalf("locked login: %v", err)
	}
	if _, err := e.s.Unlock(ctx, schoolOf, "kim", "asked by phone"); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin unlocks: %v", err)
	}
	if _, err := e.s.Unlock(ctx, root, "kim", " "); fieldCodes(err)["reason"] != account.CodeReasonRequired {
		t.Fatalf("no reason: %v", err)
	}
	if _, err := e.s.Unlock(ctx, root, "kim", "asked by phone"); err != nil {
		t.Fatal(err)
	}
	if fails["login:acct:kim"] != 0 {
		t.Fatalf("failures left: %v", fails)
	}
	a := e.lastAccess()
	if a.Action != "member.unlock" || a.Target != "kim" || a.Detail["failures"] != account.AccountLockAfter {
		t.Fatalf("audit %+v", a)
	}
	if _, err := e.s.Login(ctx, account.LoginInput{UserID: "kim", Password: "Right-Pass-2026", Address: "10.0.0.2"}); err != nil {
		t.Fatalf("login after unlock: %v", err)
	}
}

// A system admin corrects the phone and the language with a reason;
// a bad phone or language is refused on its field.
func TestCorrectDetails(t *testing.T) {
	t.Parallel()
	e, _, _ := supportEnv(t)
	ctx := context.Background()
	e.s.Life = memstore.Lifecycle{Store: e.users.Store}
	in := account.DetailsCorrection{Phone: "010-1234-5678", Locale: "en", Reason: "member asked"}
	if _, err := e.s.CorrectDetails(ctx, schoolOf, "kim", in); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin: %v", err)
	}
	if _, err := e.s.CorrectDetails(ctx, root, "kim", account.DetailsCorrection{Phone: "abc", Locale: "fr", Reason: "x"}); fieldCodes(err)["phone"] != account.CodePhoneFormat || fieldCodes(err)["locale"] != account.CodeLocaleUnknown {
		t.Fatalf("bad fields: %v", fieldCodes(err))
	}
	d, err := e.s.CorrectDetails(ctx, root, "kim", in)
	if err != nil {
		t.Fatal(err)
	}
	if d.Phone == "" || d.User.Locale != "en" || e.get(t, "kim").Locale != "en" {
		t.Fatalf("details %+v", d)
	}
	if got, _ := e.s.Member(ctx, root, permission.UserManage, "kim"); got.Phone != d.Phone {
		t.Fatalf("member page phone %q, want %q", got.Phone, d.Phone)
	}
	found := false
	for _, a := range e.users.access {
		if a.Action == "member.details_correct" && a.Target == "kim" && a.Detail["reason"] == "member asked" && a.Detail["phone"] == true {
			found = true
		}
	}
	if !found {
		t.Fatalf("no audit entry: %+v", e.users.access)
	}
}

// The mails of a member, from the outbox: a system admin lists them (the
// read logged) and resends one without a secret, audited; a code is
// refused; a school admin may do neither.
func TestMemberMailsAndResend(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	box := memstore.Outbox{Store: e.users.Store}
	e.s.Mailer, e.s.Mails, e.s.PublicURL = box, box, "https://apply.example"
	if _, err := e.s.CorrectEmail(ctx, root, "kim", account.EmailCorrection{Email: "kim.new@example.org", Reason: "typo"}); err != nil {
		t.Fatal(err)
	}
	if err := box.Queue(ctx, "ko", "kim.new@example.org", mailmsg.EmailChangeCode{Code: "123456", ValidMinutes: 10}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.MemberMailList(ctx, schoolOf, "kim"); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin lists mails: %v", err)
	}
	list, err := e.s.MemberMailList(ctx, root, "kim")
	if err != nil || len(list) != 3 {
		t.Fatalf("mails %+v %v", list, err)
	}
	if list[0].Kind != "email_change_code" || list[1].Kind != "email_corrected" || list[2].Kind != "email_changed_by_staff" || list[2].To != "k***@example.com" {
		t.Fatalf("mails %+v", list)
	}
	if e.lastAccess().Action != "member.mails" {
		t.Fatalf("list not logged: %+v", e.lastAccess())
	}
	if _, err := e.s.ResendMail(ctx, schoolOf, "kim", list[1].ID, "lost"); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin resends: %v", err)
	}
	if _, err := e.s.ResendMail(ctx, root, "kim", list[0].ID, "lost"); apperr.CodeOf(err) != account.CodeMailHasSecret {
		t.Fatalf("resend a code: %v", err)
	}
	if _, err := e.s.ResendMail(ctx, root, "lee", list[1].ID, "lost"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("resend kim's mail as lee's: %v", err)
	}
	if _, err := e.s.ResendMail(ctx, root, "kim", list[1].ID, ""); fieldCodes(err)["reason"] != account.CodeReasonRequired {
		t.Fatalf("no reason: %v", err)
	}
	again, err := e.s.ResendMail(ctx, root, "kim", list[1].ID, "member lost it")
	if err != nil || again.ID == list[1].ID || again.Kind != "email_corrected" {
		t.Fatalf("resent %+v %v", again, err)
	}
	a := e.lastAccess()
	if a.Action != "member.mail_resend" || a.Target != "kim" || a.Detail["reason"] != "member lost it" {
		t.Fatalf("audit %+v", a)
	}
	if n, _ := box.Pending(ctx); n != 4 {
		t.Fatalf("outbox holds %d mails, want 4", n)
	}
}
