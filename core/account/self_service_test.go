package account_test

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"testing"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

// racingUsers runs before, once, just before the next Update locks the
// member: what another request committed between a use case's first read
// and its lock.
type racingUsers struct {
	*userStore
	before func()
}

func (r *racingUsers) Update(ctx context.Context, pk int64, fn func(ctx context.Context, m *account.Member) error) error {
	if b := r.before; b != nil {
		r.before = nil
		b()
	}
	return r.userStore.Update(ctx, pk, fn)
}

// A reset link works once, even when a second use of it passed the check
// before the first one committed.
func TestResetLinkWorksOnceUnderARace(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	kim := e.member(t, "kim2026")
	if err := e.s.FindPassword(ctx, account.FindPasswordInput{UserID: "kim2026", Email: "kim2026@example.com", Captcha: "solved"}); err != nil {
		t.Fatal(err)
	}
	id, exp, hash := resetParts(t, string(e.mail.msg[0].(mailmsg.PasswordReset).Link))
	race := &racingUsers{userStore: e.users}
	e.s.Users = race
	race.before = func() {
		e.users.change(t, kim.PK, func(m *account.Member) error { return m.ResetPassword(plainHasher{}, "First111") })
	}
	if err := e.s.ResetPassword(ctx, id, exp, hash, "Second22"); apperr.CodeOf(err) != account.CodeResetLinkInvalid {
		t.Fatalf("the link worked twice: %v", err)
	}
	if u, _ := e.users.ByPK(ctx, kim.PK); u.PasswordHash != "h:First111" {
		t.Fatalf("password: %q", u.PasswordHash)
	}
	// A suspended member's link is refused as well.
	e.users.change(t, kim.PK, func(m *account.Member) error { return m.ChangeStatus(account.StatusInactive) })
	if err := e.s.CheckResetLink(ctx, id, exp, hash); apperr.CodeOf(err) != account.CodeResetLinkInvalid {
		t.Fatalf("suspended: %v", err)
	}
}

// A ticket dies with the sessions: a password changed on another device
// between the ticket's check and the change ends it.
func TestTicketDiesUnderARace(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	kim := e.member(t, "kim2026")
	tk, err := e.s.ConfirmPassword(ctx, kim.Principal(), "Abcdefg1")
	if err != nil {
		t.Fatal(err)
	}
	race := &racingUsers{userStore: e.users}
	e.s.Users = race
	race.before = func() {
		e.users.change(t, kim.PK, func(m *account.Member) error { return m.ResetPassword(plainHasher{}, "Other111") })
	}
	if _, err := e.s.UpdateProfile(ctx, kim.Principal(), tk.Value, account.Profile{Phone: "01012345678"}); apperr.CodeOf(err) != account.CodeTicketRequired {
		t.Fatalf("a dead ticket changed the profile: %v", err)
	}
	if p, _ := e.s.Life.Profile(ctx, kim.PK); p.Phone != "" {
		t.Fatalf("phone: %+v", p)
	}
	if _, err := e.s.ConfirmPassword(ctx, permission.Principal{}, "x"); apperr.KindOf(err) != apperr.KindUnauthenticated {
		t.Fatalf("guest: %v", err)
	}
	if err := e.s.Withdraw(ctx, kim.Principal(), "", true); apperr.CodeOf(err) != account.CodeTicketRequired {
		t.Fatalf("withdrawal without a ticket: %v", err)
	}
}

func TestEmailChangeLimits(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	kim := e.member(t, "kim2026")
	p := kim.Principal()
	tk, _ := e.s.ConfirmPassword(ctx, p, "Abcdefg1")
	if err := e.s.RequestEmailChange(ctx, p, "", "new@example.com", "ko"); apperr.CodeOf(err) != account.CodeTicketRequired {
		t.Fatalf("no ticket: %v", err)
	}
	if err := e.s.RequestEmailChange(ctx, p, tk.Value, "new@", "ko"); fieldCodes(err)["email"] != account.CodeEmailFormat {
		t.Fatalf("bad address: %v", err)
	}
	if _, err := e.s.ConfirmEmailChange(ctx, p, tk.Value, "new@", "654321"); fieldCodes(err)["email"] != account.CodeEmailFormat {
		t.Fatalf("bad address to confirm: %v", err)
	}
	if _, err := e.s.ConfirmEmailChange(ctx, p, "", "new@example.com", "654321"); apperr.CodeOf(err) != account.CodeTicketRequired {
		t.Fatalf("confirm without a ticket: %v", err)
	}
	if err := e.s.RequestEmailChange(ctx, p, tk.Value, "new@example.com", "en"); err != nil {
		t.Fatal(err)
	}
	if err := e.s.RequestEmailChange(ctx, p, tk.Value, "new@example.com", "en"); apperr.CodeOf(err) != account.CodeCodeTooOften {
		t.Fatalf("a second code at once: %v", err)
	}
	// Someone else takes the address before the code comes back.
	e.member(t, "lee2026")
	lee, _ := e.users.ByUserID(ctx, "lee2026")
	e.users.change(t, lee.PK, func(m *account.Member) error { return m.ChangeEmail("new@example.com") })
	if _, err := e.s.ConfirmEmailChange(ctx, p, tk.Value, "new@example.com", "654321"); fieldCodes(err)["email"] != account.CodeEmailOccupied {
		t.Fatalf("an address taken meanwhile: %v", err)
	}
	if u, _ := e.users.ByPK(ctx, kim.PK); u.Email != "kim2026@example.com" {
		t.Fatalf("address: %q", u.Email)
	}
	for i := 2; i <= account.FindPerAddress; i++ {
		_ = e.s.RequestEmailChange(ctx, p, tk.Value, "other"+strconv.Itoa(i)+"@example.com", "ko")
	}
	if err := e.s.RequestEmailChange(ctx, p, tk.Value, "last@example.com", "ko"); apperr.CodeOf(err) != account.CodeCodeTooMany {
		t.Fatalf("codes without end: %v", err)
	}
}

func TestFindPasswordAsksForBoth(t *testing.T) {
	t.Parallel()
	e := newLifeEnv(t)
	ctx := context.Background()
	err := e.s.FindPassword(ctx, account.FindPasswordInput{UserID: " ", Email: "x", Captcha: "solved"})
	if c := fieldCodes(err); c["userId"] != account.CodeUserIDFormat || c["email"] != account.CodeEmailFormat {
		t.Fatalf("blank form: %v", err)
	}
	if err := e.s.FindPassword(ctx, account.FindPasswordInput{UserID: "kim2026", Email: "kim2026@example.com"}); fieldCodes(err)["altcha"] != account.CodeCaptcha {
		t.Fatalf("no captcha: %v", err)
	}
	kim := e.member(t, "kim2026")
	e.users.change(t, kim.PK, func(m *account.Member) error { return m.ChangeStatus(account.StatusInactive) })
	if err := e.s.FindPassword(ctx, account.FindPasswordInput{UserID: "kim2026", Email: "kim2026@example.com", Captcha: "solved"}); err != nil || len(e.mail.msg) != 0 {
		t.Fatalf("a suspended member got a link: %v %d", err, len(e.mail.msg))
	}
	for i := 0; i < account.FindPerAddress; i++ {
		_ = e.s.FindID(ctx, account.FindIDInput{Email: "a" + strconv.Itoa(i) + "@example.com", Captcha: "solved", Address: "198.51.100.9"})
	}
	if err := e.s.FindID(ctx, account.FindIDInput{Email: "b@example.com", Captcha: "solved", Address: "198.51.100.9"}); apperr.CodeOf(err) != account.CodeFindTooMany {
		t.Fatalf("one address asking without end: %v", err)
	}
}

func TestLoginRefusesWithdrawnAndLocksAnAddress(t *testing.T) {
	t.Parallel()
	s, users, _ := newService()
	ctx := context.Background()
	gone := users.add(t, account.NewUser{UserID: "gone2026", Email: "g@example.com"})
	users.change(t, gone.PK, func(m *account.Member) error { return m.ChangeStatus(account.StatusWithdraw) })
	if _, err := s.Login(ctx, account.LoginInput{UserID: "gone2026", Password: "Abcdefg1", Address: "5.5.5.5"}); apperr.CodeOf(err) != account.CodeLoginFailed {
		t.Fatalf("withdrawn: %v", err)
	}
	if u, _ := users.ByPK(ctx, gone.PK); u.LastLoginAt != nil {
		t.Fatal("a refused login was recorded")
	}
	// Many accounts failing from one address lock the address, not them.
	for i := 0; i < account.AddressLockAfter; i++ {
		_, _ = s.Login(ctx, account.LoginInput{UserID: "u" + strconv.Itoa(i), Password: "x", Captcha: "solved", Address: "6.6.6.6"})
	}
	users.add(t, account.NewUser{UserID: "park2026", Email: "p@example.com"})
	if _, err := s.Login(ctx, account.LoginInput{UserID: "park2026", Password: "Abcdefg1", Captcha: "solved", Address: "6.6.6.6"}); apperr.KindOf(err) != apperr.KindTooMany {
		t.Fatalf("address not locked: %v", err)
	}
	if _, err := s.Login(ctx, account.LoginInput{UserID: "park2026", Password: "Abcdefg1", Address: "7.7.7.7"}); err != nil {
		t.Fatalf("the account from another address: %v", err)
	}
}

func TestSignUpCodesAndRaces(t *testing.T) {
	t.Parallel()
	s, users, m := newService()
	ctx := context.Background()
	s.NewCode = nil
	for i := 0; i < account.EmailCodePerAddress; i++ {
		if err := s.SendEmailCode(ctx, account.EmailCodeInput{Email: "a" + strconv.Itoa(i) + "@example.com", Captcha: "solved", Address: "9.9.9.9"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SendEmailCode(ctx, account.EmailCodeInput{Email: "b@example.com", Captcha: "solved", Address: "9.9.9.9"}); apperr.CodeOf(err) != account.CodeCodeTooMany {
		t.Fatalf("one address asking without end: %v", err)
	}
	code, _ := m.sent[0]["code"].(string)
	if !regexp.MustCompile(`^[0-9]{6}$`).MatchString(code) {
		t.Fatalf("code %q", code)
	}
	// The address is taken by another sign-up between the code and this one.
	users.add(t, account.NewUser{UserID: "first2026", Email: "a0@example.com"})
	_, err := s.SignUp(ctx, account.SignUpInput{UserID: "second2026", Email: "a0@example.com", Password: "Abcdefg1", Code: code,
		AgreeTerms: true, AgreePrivacy: true, Captcha: "solved"})
	if fieldCodes(err)["email"] != account.CodeEmailOccupied || apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("address taken meanwhile: %v", err)
	}
}

// A change and its mail and audit entry commit together: when the mail
// cannot be queued, the status does not change either.
func TestMemberChangeRollsBackWithItsMail(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	e.s.Mailer = failingMail{}
	if _, err := e.s.SetStatus(ctx, root, "kim", account.StatusChange{Status: account.StatusInactive, Note: "n"}); !errors.Is(err, errMail) {
		t.Fatalf("mail failure: %v", err)
	}
	if u := e.get(t, "kim"); u.Status != account.StatusActive || u.TokenVersion != 0 {
		t.Fatalf("status changed without its mail: %+v", u)
	}
	if _, err := e.s.Sanction(ctx, root, "kim", account.SanctionInput{Kind: account.SanctionSuspend, Cause: account.CauseOther, Note: "n"}); !errors.Is(err, errMail) {
		t.Fatalf("mail failure: %v", err)
	}
	if list, _ := e.s.Members.Sanctions(ctx, e.pk["kim"]); len(list) != 0 || e.get(t, "kim").Status != account.StatusActive {
		t.Fatalf("a measure without its mail: %+v", list)
	}
}

var errMail = errors.New("outbox down")

type failingMail struct{}

func (failingMail) Queue(context.Context, string, string, mailmsg.Message) error { return errMail }
