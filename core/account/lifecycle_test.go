package account_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
)

// anyMail records every queued mail as it is.
type anyMail struct {
	to  []string
	msg []mailmsg.Message
}

func (m *anyMail) Queue(_ context.Context, _ string, to string, msg mailmsg.Message) error {
	m.to, m.msg = append(m.to, to), append(m.msg, msg)
	return nil
}

type removedFiles struct{ names []string }

func (r *removedFiles) Delete(_ context.Context, name string) error {
	r.names = append(r.names, name)
	return nil
}

type lifeEnv struct {
	s     *account.Service
	store *memstore.Store
	users *userStore
	mail  *anyMail
	clock *fixedClock
}

func newLifeEnv(t *testing.T) *lifeEnv {
	t.Helper()
	clk := &fixedClock{t: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)}
	store := memstore.New()
	store.Now = clk.Now
	users := &userStore{Users: memstore.Users{Store: store}}
	m := &anyMail{}
	s := &account.Service{Users: users, Confirmations: &fakeConf{m: map[string]account.Confirmation{}},
		Passwords: plainHasher{}, Codes: plainHasher{}, Failures: counter{}, Captcha: captcha{}, Mailer: m,
		Tx: store, Clock: clk, Access: users, NewCode: func() string { return "654321" },
		Life: memstore.Lifecycle{Store: store}, LinkKey: []byte("test-link-key"), PublicURL: "https://apply.example/"}
	return &lifeEnv{s: s, store: store, users: users, mail: m, clock: clk}
}

func (e *lifeEnv) member(t *testing.T, id string) account.User {
	t.Helper()
	return e.users.add(t, account.NewUser{UserID: id, Email: id + "@example.com",
		PasswordHash: "h:Abcdefg1", Roles: []permission.Role{permission.RoleUser}, Locale: "en"})
}

func TestFindIDAnswersAlikeAndMailsOnlyOwners(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	e.member(t, "kim2026")
	in := account.FindIDInput{Email: "nobody@example.com", Captcha: "solved", Address: "198.51.100.7", Locale: "ko"}
	if err := e.s.FindID(ctx, in); err != nil || len(e.mail.msg) != 0 {
		t.Fatalf("unknown address: %v, %d mails", err, len(e.mail.msg))
	}
	in.Email = " KIM2026@example.com "
	if err := e.s.FindID(ctx, in); err != nil || len(e.mail.msg) != 1 {
		t.Fatalf("known address: %v, %d mails", err, len(e.mail.msg))
	}
	got, ok := e.mail.msg[0].(mailmsg.UserIDFound)
	if !ok || !slices.Equal(got.UserIDs, []string{"kim2026"}) || e.mail.to[0] != "kim2026@example.com" ||
		got.LoginURL != "https://apply.example/user/login" {
		t.Fatalf("mail: %+v to %v", e.mail.msg[0], e.mail.to)
	}
	if err := e.s.FindID(ctx, account.FindIDInput{Email: "kim", Captcha: "solved"}); fieldCodes(err)["email"] != account.CodeEmailFormat {
		t.Fatalf("bad address: %v", err)
	}
	if err := e.s.FindID(ctx, account.FindIDInput{Email: "kim2026@example.com"}); fieldCodes(err)["altcha"] != account.CodeCaptcha {
		t.Fatalf("no captcha: %v", err)
	}
	// One mailbox gets at most FindPerTarget mails an hour, whoever asks.
	for i := 0; i < account.FindPerTarget; i++ {
		in.Address = "203.0.113." + string(rune('1'+i))
		err := e.s.FindID(ctx, in)
		if i < account.FindPerTarget-1 && err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if i == account.FindPerTarget-1 && apperr.KindOf(err) != apperr.KindTooMany {
			t.Fatalf("flooding one mailbox: %v", err)
		}
	}
}

// resetParts reads userId, expireDate and hash out of a mailed link.
func resetParts(t *testing.T, link string) (string, string, string) {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	p := strings.Split(strings.TrimPrefix(u.Path, "/user/modify/pwd/"), "/")
	if len(p) != 3 || u.Host != "apply.example" {
		t.Fatalf("link %q", link)
	}
	return p[0], p[1], p[2]
}

func TestPasswordResetLinkWorksOnceAndExpires(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	kim := e.member(t, "kim2026")
	e.member(t, "lee2026")
	find := func(id, mail string) error {
		return e.s.FindPassword(ctx, account.FindPasswordInput{UserID: id, Email: mail, Captcha: "solved", Address: "198.51.100.1"})
	}
	for _, c := range [][2]string{{"kim2026", "lee2026@example.com"}, {"nobody", "kim2026@example.com"}} {
		if err := find(c[0], c[1]); err != nil {
			t.Fatalf("%v: %v", c, err)
		}
	}
	if len(e.mail.msg) != 0 {
		t.Fatalf("mail for a wrong pair: %+v", e.mail.msg)
	}
	if err := find("KIM2026", "Kim2026@Example.com"); err != nil || len(e.mail.msg) != 1 {
		t.Fatalf("reset mail: %v %d", err, len(e.mail.msg))
	}
	m := e.mail.msg[0].(mailmsg.PasswordReset)
	if m.UserID != "kim2026" || m.ValidMinutes != 30 {
		t.Fatalf("mail: %+v", m)
	}
	id, exp, hash := resetParts(t, string(m.Link))
	if err := e.s.CheckResetLink(ctx, id, exp, hash); err != nil {
		t.Fatalf("fresh link refused: %v", err)
	}
	for _, bad := range [][3]string{{id, exp, hash[:len(hash)-1] + "A"}, {"lee2026", exp, hash}, {id, "9999999999", hash}, {id, "x", hash}} {
		if err := e.s.CheckResetLink(ctx, bad[0], bad[1], bad[2]); apperr.CodeOf(err) != account.CodeResetLinkInvalid {
			t.Fatalf("tampered link %v accepted: %v", bad, err)
		}
	}
	if err := e.s.ResetPassword(ctx, id, exp, hash, "weak"); fieldCodes(err)["password"] != account.CodePasswordRule {
		t.Fatalf("weak password: %v", err)
	}
	if err := e.s.ResetPassword(ctx, id, exp, hash, "Newpass22"); err != nil {
		t.Fatal(err)
	}
	u, _ := e.users.ByPK(ctx, kim.PK)
	if u.PasswordHash != "h:Newpass22" || u.TokenVersion != kim.TokenVersion+1 {
		t.Fatalf("after reset: %+v", u)
	}
	if err := e.s.ResetPassword(ctx, id, exp, hash, "Another33"); apperr.CodeOf(err) != account.CodeResetLinkInvalid {
		t.Fatalf("a used link works again: %v", err)
	}
	// A second link dies when its 30 minutes are up.
	if err := find("kim2026", "kim2026@example.com"); err != nil {
		t.Fatal(err)
	}
	id, exp, hash = resetParts(t, string(e.mail.msg[1].(mailmsg.PasswordReset).Link))
	e.clock.t = e.clock.t.Add(account.ResetLinkTTL)
	if err := e.s.ResetPassword(ctx, id, exp, hash, "Another33"); apperr.CodeOf(err) != account.CodeResetLinkInvalid {
		t.Fatalf("an expired link works: %v", err)
	}
}

func TestMyInfoNeedsTheTicket(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	kim := e.member(t, "kim2026")
	p := kim.Principal()
	if _, err := e.s.ConfirmPassword(ctx, p, "wrong"); fieldCodes(err)["password"] != account.CodeConfirmFailed {
		t.Fatalf("wrong password: %v", err)
	}
	tk, err := e.s.ConfirmPassword(ctx, p, "Abcdefg1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.Info(ctx, p, ""); apperr.CodeOf(err) != account.CodeTicketRequired {
		t.Fatalf("no ticket: %v", err)
	}
	if _, err := e.s.Info(ctx, p, tk.Value+"x"); apperr.CodeOf(err) != account.CodeTicketRequired {
		t.Fatalf("forged ticket: %v", err)
	}
	lee := e.member(t, "lee2026")
	if _, err := e.s.Info(ctx, lee.Principal(), tk.Value); apperr.CodeOf(err) != account.CodeTicketRequired {
		t.Fatalf("someone else's ticket: %v", err)
	}
	info, err := e.s.Info(ctx, p, tk.Value)
	if err != nil || info.UserID != "kim2026" || info.Email != "kim2026@example.com" {
		t.Fatalf("info: %+v %v", info, err)
	}
	if _, err := e.s.UpdateProfile(ctx, p, tk.Value, account.Profile{Phone: "010-12ab"}); fieldCodes(err)["phone"] != account.CodePhoneFormat {
		t.Fatalf("bad phone: %v", err)
	}
	if pr, err := e.s.UpdateProfile(ctx, p, tk.Value, account.Profile{Phone: " 010-1234-5678 "}); err != nil || pr.Phone != "01012345678" {
		t.Fatalf("phone: %+v %v", pr, err)
	}
	e.clock.t = e.clock.t.Add(account.TicketTTL)
	if _, err := e.s.Info(ctx, p, tk.Value); apperr.CodeOf(err) != account.CodeTicketRequired {
		t.Fatalf("expired ticket: %v", err)
	}
	for range account.ConfirmLockAt {
		_, _ = e.s.ConfirmPassword(ctx, p, "wrong")
	}
	if _, err := e.s.ConfirmPassword(ctx, p, "Abcdefg1"); apperr.KindOf(err) != apperr.KindTooMany {
		t.Fatalf("guessing not limited: %v", err)
	}
}

func TestChangeEmailAndPassword(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	kim := e.member(t, "kim2026")
	e.member(t, "lee2026")
	p := kim.Principal()
	tk, _ := e.s.ConfirmPassword(ctx, p, "Abcdefg1")
	if err := e.s.RequestEmailChange(ctx, p, tk.Value, "KIM2026@example.com", "ko"); fieldCodes(err)["email"] != account.CodeEmailSame {
		t.Fatalf("same address: %v", err)
	}
	if err := e.s.RequestEmailChange(ctx, p, tk.Value, "lee2026@example.com", "ko"); fieldCodes(err)["email"] != account.CodeEmailOccupied {
		t.Fatalf("taken address: %v", err)
	}
	if err := e.s.RequestEmailChange(ctx, p, tk.Value, "kim.new@example.com", "ko"); err != nil {
		t.Fatal(err)
	}
	if m, ok := e.mail.msg[0].(mailmsg.EmailChangeCode); !ok || m.Code != "654321" || e.mail.to[0] != "kim.new@example.com" {
		t.Fatalf("code mail: %+v to %v", e.mail.msg, e.mail.to)
	}
	if _, err := e.s.ConfirmEmailChange(ctx, p, tk.Value, "kim.new@example.com", "000000"); fieldCodes(err)["code"] != account.CodeCodeMismatch {
		t.Fatalf("wrong code: %v", err)
	}
	if _, err := e.s.ConfirmEmailChange(ctx, p, tk.Value, "other@example.com", "654321"); fieldCodes(err)["code"] != account.CodeCodeMismatch {
		t.Fatalf("code for another address: %v", err)
	}
	if got, err := e.s.ConfirmEmailChange(ctx, p, tk.Value, "kim.new@example.com", "654321"); err != nil || got != "kim.new@example.com" {
		t.Fatalf("confirm: %q %v", got, err)
	}
	if u, _ := e.users.ByPK(ctx, kim.PK); u.Email != "kim.new@example.com" {
		t.Fatalf("address not changed: %+v", u)
	}

	if _, err := e.s.ChangePassword(ctx, p, tk.Value, "wrong", "Newpass22"); fieldCodes(err)["currentPassword"] != account.CodeCurrentPassword {
		t.Fatalf("wrong current: %v", err)
	}
	if _, err := e.s.ChangePassword(ctx, p, tk.Value, "Abcdefg1", "Abcdefg1"); fieldCodes(err)["newPassword"] != account.CodePasswordSame {
		t.Fatalf("same password: %v", err)
	}
	if _, err := e.s.ChangePassword(ctx, p, tk.Value, "Abcdefg1", "short"); fieldCodes(err)["newPassword"] != account.CodePasswordRule {
		t.Fatalf("weak password: %v", err)
	}
	u, err := e.s.ChangePassword(ctx, p, tk.Value, "Abcdefg1", "Newpass22")
	if err != nil || u.PasswordHash != "h:Newpass22" || u.TokenVersion != kim.TokenVersion+1 {
		t.Fatalf("change: %+v %v", u, err)
	}
	// Other sessions (and this ticket, bound to the old token version) end.
	if _, err := e.s.Info(ctx, p, tk.Value); apperr.CodeOf(err) != account.CodeTicketRequired {
		t.Fatalf("ticket survives a password change: %v", err)
	}
}

func TestWithdrawal(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	kim := e.member(t, "kim2026")
	p := kim.Principal()
	apps := memstore.Applications{Store: e.store}
	k := application.RoundKey{SchoolCode: "T01", EnterYear: 2027, RecruitPartSeq: 1}
	a, _ := application.NewApplication("kim2026", k, e.clock.t)
	no, err := apps.Create(ctx, application.Creation{App: a, Part: application.Part{ApplPartNo: 1}})
	if err != nil {
		t.Fatal(err)
	}
	steps, _ := application.NewSteps()
	move := func(fn func(a *application.Application) error) {
		t.Helper()
		if err := apps.Update(ctx, no, func(_ context.Context, a *application.Application) error { return fn(a) }); err != nil {
			t.Fatal(err)
		}
	}
	move(func(a *application.Application) error { return a.Submit(steps, e.clock.t) })
	move(func(a *application.Application) error { return a.IssueVirtualAccount(steps, e.clock.t) })
	tk, _ := e.s.ConfirmPassword(ctx, p, "Abcdefg1")
	if err := e.s.Withdraw(ctx, p, tk.Value, false); fieldCodes(err)["confirm"] != account.CodeWithdrawConfirm {
		t.Fatalf("unconfirmed: %v", err)
	}
	if err := e.s.Withdraw(ctx, p, tk.Value, true); apperr.CodeOf(err) != account.CodeWithdrawInFlight || apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("withdrawal during a payment: %v", err)
	}
	move(func(a *application.Application) error {
		return a.Complete(steps, application.ByPayment, "2027-0001", e.clock.t)
	})
	if err := e.s.Withdraw(ctx, p, tk.Value, true); err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.Login(ctx, account.LoginInput{UserID: "kim2026", Password: "Abcdefg1", Address: "1.1.1.1"}); apperr.CodeOf(err) != account.CodeLoginFailed {
		t.Fatalf("login after withdrawal: %v", err)
	}
	h, err := apps.Get(ctx, no)
	if err != nil || h.UserID != "" || h.State.Status != application.Complete {
		t.Fatalf("completed application after withdrawal: %+v %v", h, err)
	}
	last := e.users.access[len(e.users.access)-1]
	if last.Action != "account.withdraw" || last.Target != "kim2026" || last.Detail["applicationsKept"] != 1 {
		t.Fatalf("audit: %+v", last)
	}
	// A member with a draft: the draft and its upload go with the account.
	lee := e.member(t, "lee2026")
	d, _ := application.NewApplication("lee2026", k, e.clock.t)
	dn, err := apps.Create(ctx, application.Creation{App: d, Part: application.Part{ApplPartNo: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := (memstore.Documents{Store: e.store}).Put(ctx, document.Document{FileKey: "f1", ApplNo: dn, ItemCode: "00001",
		FileName: "photo.jpg", StoredName: "stored-photo", Ext: "jpg", Size: 10, UploadedAt: e.clock.t}); err != nil {
		t.Fatal(err)
	}
	removed := &removedFiles{}
	e.s.Files = removed
	ltk, _ := e.s.ConfirmPassword(ctx, lee.Principal(), "Abcdefg1")
	if err := e.s.Withdraw(ctx, lee.Principal(), ltk.Value, true); err != nil {
		t.Fatal(err)
	}
	if _, err := apps.Get(ctx, dn); apperr.KindOf(err) != apperr.KindNotFound || !slices.Equal(removed.names, []string{"stored-photo"}) {
		t.Fatalf("draft after withdrawal: %v, files removed %v", err, removed.names)
	}
	staff := e.users.add(t, account.NewUser{UserID: "admin1", Email: "a@example.com", PasswordHash: "h:Abcdefg1",
		Roles: []permission.Role{permission.RoleSysAdmin}})
	stk, _ := e.s.ConfirmPassword(ctx, staff.Principal(), "Abcdefg1")
	if err := e.s.Withdraw(ctx, staff.Principal(), stk.Value, true); apperr.CodeOf(err) != account.CodeWithdrawNotMember {
		t.Fatalf("staff withdrawal: %v", err)
	}
}

func TestDormancyJob(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	now := e.clock.t
	login := func(id string, at time.Time) {
		u := e.member(t, id)
		e.users.change(t, u.PK, func(m *account.Member) error { return m.RecordLogin(at, "ko") })
	}
	login("notice", now.AddDate(0, -36, 20))  // closes in 20 days: notice now
	login("closing", now.AddDate(0, -36, -1)) // 36 months and a day
	login("recent", now.AddDate(-1, 0, 0))    // a year: nothing
	login("early", now.AddDate(0, -36, 40))   // closes in 40 days: not yet
	r, err := e.s.RunDormancy(ctx)
	if err != nil || !slices.Equal(r.Notified, []string{"notice"}) || !slices.Equal(r.Closed, []string{"closing"}) {
		t.Fatalf("first run: %+v %v", r, err)
	}
	if len(e.mail.msg) != 1 || e.mail.to[0] != "notice@example.com" {
		t.Fatalf("mails: %v", e.mail.to)
	}
	if m := e.mail.msg[0].(mailmsg.DormancyNotice); m.UserID != "notice" || m.CloseDate != now.AddDate(0, 0, 20).In(time.FixedZone("KST", 9*3600)).Format("2006-01-02") {
		t.Fatalf("notice: %+v", m)
	}
	if u, _ := e.users.ByUserID(ctx, "closing"); u.Status != account.StatusWithdraw || u.Email != "" {
		t.Fatalf("closed account: %+v", u)
	}
	for _, id := range []string{"notice", "recent", "early"} {
		if u, _ := e.users.ByUserID(ctx, id); u.Status != account.StatusActive || u.Email == "" {
			t.Fatalf("%s touched: %+v", id, u)
		}
	}
	// Idempotent: a second run the same day does nothing more.
	r, err = e.s.RunDormancy(ctx)
	if err != nil || len(r.Notified)+len(r.Closed) != 0 || r.Waiting != 1 || len(e.mail.msg) != 1 {
		t.Fatalf("second run: %+v %v", r, err)
	}
	var runs []audit.Entry
	for _, a := range e.users.access {
		if a.Action == "job.dormancy" {
			runs = append(runs, a)
		}
	}
	if len(runs) != 2 || !slices.Equal(runs[0].Detail["closed"].([]string), []string{"closing"}) || runs[1].Detail["waiting"] != 1 {
		t.Fatalf("audit of the runs: %+v", runs)
	}
	// Signing in keeps the account: 25 days on, "notice" signs in; at its
	// old closing date nothing happens to it.
	e.clock.t = now.AddDate(0, 0, 10)
	u, _ := e.users.ByUserID(ctx, "notice")
	e.users.change(t, u.PK, func(m *account.Member) error { return m.RecordLogin(e.clock.t, "ko") })
	e.clock.t = now.AddDate(0, 0, 21)
	if r, err = e.s.RunDormancy(ctx); err != nil || slices.Contains(r.Closed, "notice") {
		t.Fatalf("closed after signing in: %+v %v", r, err)
	}
	// "early" reached its notice date in the meantime.
	if !slices.Equal(r.Notified, []string{"early"}) {
		t.Fatalf("third run: %+v", r)
	}
}

// After CodeMaxAttempts wrong e-mail-change codes even the right code is
// refused, and the member is told to ask for a new code (not "wrong code").
func TestEmailChangeCodeTooManyTries(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	kim := e.member(t, "kim2026")
	p := kim.Principal()
	tk, _ := e.s.ConfirmPassword(ctx, p, "Abcdefg1")
	if err := e.s.RequestEmailChange(ctx, p, tk.Value, "kim.new@example.com", "ko"); err != nil {
		t.Fatal(err)
	}
	right := string(e.mail.msg[0].(mailmsg.EmailChangeCode).Code)
	for i := range account.CodeMaxAttempts {
		if _, err := e.s.ConfirmEmailChange(ctx, p, tk.Value, "kim.new@example.com", "000000"); fieldCodes(err)["code"] != account.CodeCodeMismatch {
			t.Fatalf("wrong code %d: %v", i+1, err)
		}
	}
	if _, err := e.s.ConfirmEmailChange(ctx, p, tk.Value, "kim.new@example.com", right); fieldCodes(err)["code"] != account.CodeCodeTries {
		t.Fatalf("the right code after %d wrong ones: %v, want %s", account.CodeMaxAttempts, err, account.CodeCodeTries)
	}
}
