package account_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

var t0 = time.Date(2026, 3, 10, 3, 0, 0, 0, time.UTC) // 12:00 in Seoul

// stored is a member as a store hands it over: ACTIVE, one sign-in, an
// applicant unless roles say.
func stored(t *testing.T, st account.Status, roles ...permission.Role) *account.Member {
	t.Helper()
	if len(roles) == 0 {
		roles = []permission.Role{permission.RoleUser}
	}
	login := t0.AddDate(0, -1, 0)
	m, err := account.UnmarshalMemberFromDatabase(account.MemberRecord{User: account.User{PK: 7, UserID: "kim2026",
		Email: "kim@example.com", PasswordHash: "h:Abcdefg1", Status: st, Roles: roles, Locale: "en", TokenVersion: 3,
		LastLoginAt: &login, CreatedAt: t0.AddDate(-1, 0, 0)}, Phone: "01012345678", AgreedAt: t0.AddDate(-1, 0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestNewMemberValidates(t *testing.T) {
	t.Parallel()
	ok := account.NewUser{UserID: "kim2026", Email: " Kim@Example.com ", PasswordHash: "h", Roles: []permission.Role{permission.RoleUser},
		Locale: "fr", AgreedAt: t0}
	m, err := account.NewMember(ok)
	if err != nil {
		t.Fatal(err)
	}
	if m.PK() != 0 || m.UserID() != "kim2026" || m.Email() != "Kim@Example.com" || m.Status() != account.StatusActive ||
		m.Locale() != "ko" || !m.AgreedAt().Equal(t0) || m.TokenVersion() != 0 || m.LastLoginAt() != nil || m.Changed() {
		t.Fatalf("new member: %+v", m.Record())
	}
	staff := ok
	staff.Roles = []permission.Role{permission.RoleSetAdmin, permission.RoleSchoolAdmin, permission.RoleSetAdmin}
	staff.SchoolCode = " 236 "
	if m, err := account.NewMember(staff); err != nil || m.SchoolCode() != "236" ||
		!slices.Equal(m.Roles(), []permission.Role{permission.RoleSchoolAdmin, permission.RoleSetAdmin}) {
		t.Fatalf("staff bound to a school, roles sorted once: %v %v", m, err)
	}
	for name, c := range map[string]struct {
		edit func(n *account.NewUser)
		want map[string]string
	}{
		"no user id":        {func(n *account.NewUser) { n.UserID = "" }, map[string]string{"userId": account.CodeUserIDFormat}},
		"spaced user id":    {func(n *account.NewUser) { n.UserID = " kim " }, map[string]string{"userId": account.CodeUserIDFormat}},
		"bad address":       {func(n *account.NewUser) { n.Email = "kim@" }, map[string]string{"email": account.CodeEmailFormat}},
		"no password":       {func(n *account.NewUser) { n.PasswordHash = "" }, map[string]string{"password": account.CodePasswordMissing}},
		"no role":           {func(n *account.NewUser) { n.Roles = nil }, map[string]string{"roles": account.CodeRoleUnknown}},
		"unknown role":      {func(n *account.NewUser) { n.Roles = []permission.Role{"ROLE_GOD"} }, map[string]string{"roles": account.CodeRoleUnknown}},
		"admin, no school":  {func(n *account.NewUser) { n.Roles = []permission.Role{permission.RoleSchoolAdmin} }, map[string]string{"schoolCode": account.CodeSchoolRequired}},
		"applicant, school": {func(n *account.NewUser) { n.SchoolCode = "236" }, map[string]string{"schoolCode": account.CodeSchoolNotBound}},
		"everything wrong": {func(n *account.NewUser) { *n = account.NewUser{Roles: []permission.Role{permission.RoleSetAdmin}} },
			map[string]string{"userId": account.CodeUserIDFormat, "email": account.CodeEmailFormat, "password": account.CodePasswordMissing,
				"schoolCode": account.CodeSchoolRequired}},
	} {
		n := ok
		c.edit(&n)
		m, err := account.NewMember(n)
		got := fieldCodes(err)
		if m != nil || apperr.KindOf(err) != apperr.KindInvalid || len(got) != len(c.want) {
			t.Errorf("%s: %v %v", name, m, err)
		}
		for f, code := range c.want {
			if got[f] != code {
				t.Errorf("%s: %s = %q, want %q", name, f, got[f], code)
			}
		}
	}
}

func TestUnmarshalMemberRefusesAnUnknownStatus(t *testing.T) {
	t.Parallel()
	if _, err := account.UnmarshalMemberFromDatabase(account.MemberRecord{User: account.User{UserID: "x", Status: "GONE"}}); apperr.CodeOf(err) != account.CodeStatusUnknown {
		t.Fatalf("unknown status: %v", err)
	}
	m := stored(t, account.StatusInactive)
	r := m.Record()
	if r.PK != 7 || r.Phone != "01012345678" || r.Status != account.StatusInactive || r.TokenVersion != 3 || m.Changed() ||
		m.Principal().UserID != "kim2026" || !m.CreatedAt().Equal(t0.AddDate(-1, 0, 0)) || m.PasswordHash() != "h:Abcdefg1" {
		t.Fatalf("record: %+v", r)
	}
	// What a caller is handed is a copy: changing it leaves the member alone.
	*m.LastLoginAt() = time.Time{}
	m.Roles()[0] = permission.RoleSysAdmin
	if m.LastLoginAt().IsZero() || m.Roles()[0] != permission.RoleUser {
		t.Fatal("the accessors hand out the member's own state")
	}
}

// Every change but closing is refused once the member has withdrawn:
// withdrawal is final (spec section 4).
func TestWithdrawnMemberDoesNotChange(t *testing.T) {
	t.Parallel()
	changes := map[string]func(m *account.Member) error{
		"login":    func(m *account.Member) error { return m.RecordLogin(t0, "ko") },
		"e-mail":   func(m *account.Member) error { return m.ChangeEmail("new@example.com") },
		"password": func(m *account.Member) error { return m.ChangePassword(plainHasher{}, "Abcdefg1", "Newpass22") },
		"reset":    func(m *account.Member) error { return m.ResetPassword(plainHasher{}, "Newpass22") },
		"phone":    func(m *account.Member) error { return m.ChangePhone("01099998888") },
		"status":   func(m *account.Member) error { return m.ChangeStatus(account.StatusActive) },
		"roles":    func(m *account.Member) error { return m.ChangeRoles([]permission.Role{permission.RoleSysAdmin}, "") },
		"notice":   func(m *account.Member) error { return m.NoteDormancyNotice(t0) },
		"sanction": func(m *account.Member) error {
			_, err := m.TakeSanction(account.SanctionInput{Kind: account.SanctionLimit, Cause: account.CauseOther, Note: "n"}, "admin", nil, t0)
			return err
		},
	}
	for name, change := range changes {
		m := stored(t, account.StatusWithdraw)
		err := change(m)
		if name == "login" {
			if apperr.CodeOf(err) != account.CodeLoginInactive {
				t.Errorf("%s: %v", name, err)
			}
		} else if apperr.KindOf(err) != apperr.KindConflict || apperr.CodeOf(err) != account.CodeStatusChange {
			t.Errorf("%s: %v", name, err)
		}
		if m.Changed() || m.TokenVersion() != 3 {
			t.Errorf("%s changed a withdrawn member", name)
		}
	}
	if a := stored(t, account.StatusWithdraw).Dormancy(t0.AddDate(10, 0, 0)); a != account.DormancyNone {
		t.Fatalf("dormancy of a withdrawn member: %q", a)
	}
}

func TestMemberSignsInOnlyWhileActive(t *testing.T) {
	t.Parallel()
	m := stored(t, account.StatusInactive)
	if err := m.RecordLogin(t0, "en"); apperr.KindOf(err) != apperr.KindForbidden || m.Changed() {
		t.Fatalf("suspended member signs in: %v", err)
	}
	m = stored(t, account.StatusActive)
	if err := m.NoteDormancyNotice(t0.AddDate(0, 0, -1)); err != nil {
		t.Fatal(err)
	}
	if err := m.RecordLogin(t0, "xx"); err != nil {
		t.Fatal(err)
	}
	if !m.LastLoginAt().Equal(t0) || m.Locale() != "ko" || m.NotifiedAt() != nil || !m.Changed() || m.TokenVersion() != 3 {
		t.Fatalf("after the login: %+v", m.Record())
	}
}

func TestChangeEmail(t *testing.T) {
	t.Parallel()
	m := stored(t, account.StatusActive)
	for addr, code := range map[string]string{"kim@": account.CodeEmailFormat, " KIM@example.COM ": account.CodeEmailSame} {
		if err := m.ChangeEmail(addr); fieldCodes(err)["email"] != code {
			t.Errorf("%q: %v", addr, err)
		}
	}
	if m.Changed() {
		t.Fatal("a refused address was taken")
	}
	if err := m.ChangeEmail(" Kim.New@Example.com "); err != nil || m.Email() != "kim.new@example.com" || m.TokenVersion() != 3 {
		t.Fatalf("new address: %q %v", m.Email(), err)
	}
}

func TestChangeAndResetPassword(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		current, next string
		field, code   string
	}{
		{"wrong", "Newpass22", "currentPassword", account.CodeCurrentPassword},
		{"Abcdefg1", "short", "newPassword", account.CodePasswordRule},
		{"Abcdefg1", "", "newPassword", account.CodePasswordMissing},
		{"Abcdefg1", "Abcdefg1", "newPassword", account.CodePasswordSame},
	} {
		m := stored(t, account.StatusActive)
		if err := m.ChangePassword(plainHasher{}, c.current, c.next); fieldCodes(err)[c.field] != c.code || m.Changed() {
			t.Errorf("%q -> %q: %v", c.current, c.next, err)
		}
	}
	m := stored(t, account.StatusActive)
	if err := m.ChangePassword(plainHasher{}, "Abcdefg1", "Newpass22"); err != nil || m.PasswordHash() != "h:Newpass22" || m.TokenVersion() != 4 {
		t.Fatalf("change: %v %+v", err, m.Record())
	}
	if err := m.ChangePassword(brokenHasher{}, "Newpass22", "Other333"); !errors.Is(err, errHash) || m.PasswordHash() != "h:Newpass22" {
		t.Fatalf("a hasher's failure: %v", err)
	}
	m = stored(t, account.StatusInactive) // a suspended member may still reset (the link checks who)
	if err := m.ResetPassword(plainHasher{}, "weak"); fieldCodes(err)["password"] != account.CodePasswordRule || m.Changed() {
		t.Fatalf("weak reset: %v", err)
	}
	if err := m.ResetPassword(plainHasher{}, "Newpass22"); err != nil || m.PasswordHash() != "h:Newpass22" || m.TokenVersion() != 4 {
		t.Fatalf("reset: %v", err)
	}
}

func TestChangePhone(t *testing.T) {
	t.Parallel()
	m := stored(t, account.StatusActive)
	if err := m.ChangePhone("010-12ab"); fieldCodes(err)["phone"] != account.CodePhoneFormat || m.Changed() {
		t.Fatalf("bad phone: %v", err)
	}
	if err := m.ChangePhone(" 010-1234-5678 "); err != nil || m.Changed() {
		t.Fatalf("the same number written again: %v", err)
	}
	if err := m.ChangePhone("+82 10 9999 8888"); err != nil || m.Phone() != "+821099998888" || !m.Changed() {
		t.Fatalf("new number: %q %v", m.Phone(), err)
	}
	if err := m.ChangePhone("  "); err != nil || m.Phone() != "" {
		t.Fatalf("cleared: %q %v", m.Phone(), err)
	}
}

func TestChangeStatusEndsSessions(t *testing.T) {
	t.Parallel()
	m := stored(t, account.StatusActive)
	if err := m.ChangeStatus(account.StatusActive); apperr.CodeOf(err) != account.CodeStatusChange || m.Changed() {
		t.Fatalf("to the same status: %v", err)
	}
	if err := m.ChangeStatus("LOCKED"); apperr.CodeOf(err) != account.CodeStatusUnknown {
		t.Fatalf("unknown status: %v", err)
	}
	for i, st := range []account.Status{account.StatusInactive, account.StatusActive, account.StatusWithdraw} {
		if err := m.ChangeStatus(st); err != nil || m.Status() != st || m.TokenVersion() != 4+i {
			t.Fatalf("to %s: %v %+v", st, err, m.Record())
		}
	}
}

// Spec section 4: a limit gives FixDays to fix the cause, counted in
// Seoul; a suspension after a suspension ends membership.
func TestTakeSanction(t *testing.T) {
	t.Parallel()
	limit := account.SanctionInput{Kind: account.SanctionLimit, Cause: account.CauseFalseInfo, Note: "  wrong degree  "}
	m := stored(t, account.StatusActive)
	late := time.Date(2026, 3, 10, 16, 0, 0, 0, time.UTC) // the 11th in Seoul
	sc, err := m.TakeSanction(limit, "admin", nil, late)
	if err != nil || sc.Kind != account.SanctionLimit || sc.FixBy != "2026-03-21" || sc.Note != "wrong degree" || sc.By != "admin" ||
		sc.UserPK != 7 || !sc.CreatedAt.Equal(late) || !sc.Open() || m.Status() != account.StatusActive || m.TokenVersion() != 4 {
		t.Fatalf("limit: %+v %v", sc, err)
	}
	suspend := account.SanctionInput{Kind: account.SanctionSuspend, Cause: account.CauseDisruption, Note: "n"}
	if sc, err := m.TakeSanction(suspend, "admin", []account.Sanction{{Kind: account.SanctionLimit}}, t0); err != nil ||
		sc.Kind != account.SanctionSuspend || sc.FixBy != "" || m.Status() != account.StatusInactive {
		t.Fatalf("suspend: %+v %v", sc, err)
	}
	if sc, err := m.TakeSanction(suspend, "admin", []account.Sanction{{Kind: account.SanctionSuspend}}, t0); err != nil ||
		sc.Kind != account.SanctionEnd || m.Status() != account.StatusWithdraw {
		t.Fatalf("a repeat after a suspension: %+v %v", sc, err)
	}
	m = stored(t, account.StatusActive)
	_, err = m.TakeSanction(account.SanctionInput{Kind: "BAN", Cause: "RUDE", Note: " "}, "admin", nil, t0)
	if c := fieldCodes(err); c["kind"] != account.CodeSanctionUnknown || c["cause"] != account.CodeCauseUnknown ||
		c["note"] != account.CodeNoteRequired || m.Changed() {
		t.Fatalf("bad input: %v", err)
	}
	long := string(make([]rune, account.MaxNote+1))
	if _, err := m.TakeSanction(account.SanctionInput{Kind: account.SanctionEnd, Cause: account.CauseOther, Note: "x" + long}, "a", nil, t0); fieldCodes(err)["note"] != account.CodeNoteTooLong {
		t.Fatalf("long note: %v", err)
	}
}

func TestChangeRoles(t *testing.T) {
	t.Parallel()
	m := stored(t, account.StatusActive)
	if err := m.ChangeRoles([]permission.Role{permission.RoleSchoolAdmin}, ""); fieldCodes(err)["schoolCode"] != account.CodeSchoolRequired || m.Changed() {
		t.Fatalf("school admin without a school: %v", err)
	}
	if err := m.ChangeRoles(nil, ""); fieldCodes(err)["roles"] != account.CodeRoleUnknown {
		t.Fatalf("no role: %v", err)
	}
	if err := m.ChangeRoles([]permission.Role{permission.RoleSettleAdmin, permission.RoleSchoolAdmin}, "236"); err != nil ||
		!slices.Equal(m.Roles(), []permission.Role{permission.RoleSchoolAdmin, permission.RoleSettleAdmin}) || m.SchoolCode() != "236" ||
		m.TokenVersion() != 4 {
		t.Fatalf("roles: %v %+v", err, m.Record())
	}
	if err := m.ChangeRoles([]permission.Role{permission.RoleSysAdmin}, "236"); fieldCodes(err)["schoolCode"] != account.CodeSchoolNotBound {
		t.Fatalf("system admin bound to a school: %v", err)
	}
}

func TestMemberDormancyAndClose(t *testing.T) {
	t.Parallel()
	m := stored(t, account.StatusActive) // last seen a month before t0
	if a := m.Dormancy(t0); a != account.DormancyNone {
		t.Fatalf("active a month ago: %q", a)
	}
	closeAt := account.DormancyCloseAt(m.LastActive())
	if a := m.Dormancy(closeAt.AddDate(0, 0, -1)); a != account.DormancyNotify {
		t.Fatalf("a day before closing: %q", a)
	}
	if err := m.NoteDormancyNotice(closeAt.AddDate(0, 0, -1)); err != nil || !m.NotifiedAt().Equal(closeAt.AddDate(0, 0, -1)) {
		t.Fatal(err)
	}
	if a := m.Dormancy(closeAt.Add(-time.Hour)); a != account.DormancyNone {
		t.Fatalf("notified already: %q", a)
	}
	if a := m.Dormancy(closeAt); a != account.DormancyClose {
		t.Fatalf("at 36 months: %q", a)
	}
	never, _ := account.UnmarshalMemberFromDatabase(account.MemberRecord{User: account.User{UserID: "new1", Status: account.StatusActive,
		CreatedAt: t0}})
	if !never.LastActive().Equal(t0) {
		t.Fatal("a member who never signed in counts from sign-up")
	}
	if err := m.Close(closeAt); err != nil {
		t.Fatal(err)
	}
	r := m.Record()
	if r.Status != account.StatusWithdraw || r.Email != "" || r.PasswordHash != "" || r.Phone != "" || len(r.Roles) != 0 ||
		r.SchoolCode != "" || r.LastLoginAt != nil || r.NotifiedAt != nil || !m.ClosedAt().Equal(closeAt) || r.TokenVersion != 4 ||
		r.UserID != "kim2026" {
		t.Fatalf("closed: %+v", r)
	}
	if err := m.Close(closeAt); apperr.CodeOf(err) != account.CodeStatusChange {
		t.Fatalf("closed twice: %v", err)
	}
	// An account ended by a measure (WITHDRAW, data kept) can still be closed.
	ended := stored(t, account.StatusWithdraw)
	if err := ended.Close(t0); err != nil || ended.Email() != "" {
		t.Fatalf("close an ended membership: %v", err)
	}
}

var errHash = errors.New("hasher down")

type brokenHasher struct{ plainHasher }

func (brokenHasher) Hash(string) (string, error) { return "", errHash }
