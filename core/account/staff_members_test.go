package account_test

import (
	"context"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
)

// staffEnv is member management over the memory store: a system admin
// "root", a school admin "staff1" of school 236, applicants "kim" and "lee".
type staffEnv struct {
	s     *account.Service
	users *userStore
	mail  *noticeMails
	pk    map[string]int64
}

var (
	root      = permission.Principal{UserID: "root", Roles: []permission.Role{permission.RoleSysAdmin}}
	schoolOf  = permission.Principal{UserID: "staff1", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	applicant = permission.Principal{UserID: "kim", Roles: []permission.Role{permission.RoleUser}}
)

func newStaffEnv(t *testing.T) *staffEnv {
	t.Helper()
	store := memstore.New()
	clk := &fixedClock{t: t0}
	store.Now = clk.Now
	store.SetSchools(application.School{SchoolCode: "236"}, application.School{SchoolCode: "SKKGSB"})
	users := &userStore{Users: memstore.Users{Store: store}}
	m := &noticeMails{}
	e := &staffEnv{users: users, mail: m, pk: map[string]int64{},
		s: &account.Service{Users: users, Members: memstore.Members{Store: store}, Mailer: m, Tx: store, Clock: clk, Access: users}}
	for _, n := range []account.NewUser{
		{UserID: "root", Roles: []permission.Role{permission.RoleSysAdmin}},
		{UserID: "staff1", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"},
		{UserID: "kim"}, {UserID: "lee", Locale: "en"},
	} {
		n.Email = n.UserID + "@example.com"
		e.pk[n.UserID] = users.add(t, n).PK
	}
	return e
}

func (e *staffEnv) get(t *testing.T, id string) account.User {
	t.Helper()
	u, err := e.users.ByUserID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func (e *staffEnv) lastAccess() audit.Entry { return e.users.access[len(e.users.access)-1] }

// Only a system admin manages members, and every read is logged.
func TestMemberListAndDetail(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	for _, a := range []permission.Action{permission.UserManage, permission.AuthManage} {
		if _, _, err := e.s.ListMembers(ctx, schoolOf, a, account.ListQuery{}); apperr.KindOf(err) != apperr.KindForbidden {
			t.Fatalf("school admin lists members (%s): %v", a, err)
		}
		if _, err := e.s.Member(ctx, applicant, a, "lee"); apperr.KindOf(err) != apperr.KindForbidden {
			t.Fatalf("applicant reads a member (%s): %v", a, err)
		}
	}
	if _, _, err := e.s.ListMembers(ctx, root, permission.UserListAll, account.ListQuery{}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("another action: %v", err)
	}
	// Staff are members too; a caller cannot narrow the list to applicants.
	list, total, err := e.s.ListMembers(from(ctx, "10.0.0.9"), root, permission.AuthManage, account.ListQuery{Member: permission.RoleUser,
		AppliedTo: "236", Sort: "userId", Offset: -5, Limit: 500})
	if err != nil || total != 4 || len(list) != 4 || list[0].UserID != "kim" {
		t.Fatalf("members: %d %v %v", total, ids(list), err)
	}
	if a := e.lastAccess(); a.Action != "member.list" || a.From != "10.0.0.9" || !slices.Equal(a.Detail["userIds"].([]string), ids(list)) {
		t.Fatalf("list audit: %+v", a)
	}
	if _, err := e.s.Member(ctx, root, permission.UserManage, "nobody"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("unknown member: %v", err)
	}
	if _, err := e.s.Sanction(ctx, root, "lee", account.SanctionInput{Kind: account.SanctionLimit, Cause: account.CauseOther, Note: "n"}); err != nil {
		t.Fatal(err)
	}
	d, err := e.s.Member(from(ctx, "10.0.0.9"), root, permission.UserManage, "lee")
	if err != nil || d.User.UserID != "lee" || len(d.Sanctions) != 1 || d.Sanctions[0].Kind != account.SanctionLimit {
		t.Fatalf("detail: %+v %v", d, err)
	}
	if a := e.lastAccess(); a.Action != "member.read" || a.Target != "lee" || a.Actor != "root" {
		t.Fatalf("read audit: %+v", a)
	}
}

func ids(us []account.User) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.UserID
	}
	return out
}

func TestSetStatus(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	suspend := account.StatusChange{Status: account.StatusInactive, Note: " repeated spam "}
	if _, err := e.s.SetStatus(ctx, schoolOf, "kim", suspend); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin: %v", err)
	}
	if _, err := e.s.SetStatus(ctx, root, "kim", account.StatusChange{Status: account.StatusInactive}); fieldCodes(err)["note"] != account.CodeNoteRequired {
		t.Fatalf("no note: %v", err)
	}
	if _, err := e.s.SetStatus(ctx, root, "kim", account.StatusChange{Status: account.StatusInactive, Cause: "RUDE", Note: "n"}); fieldCodes(err)["cause"] != account.CodeCauseUnknown {
		t.Fatalf("unknown cause: %v", err)
	}
	if _, err := e.s.SetStatus(ctx, root, "root", suspend); apperr.CodeOf(err) != account.CodeSelfChange {
		t.Fatalf("suspending oneself: %v", err)
	}
	if _, err := e.s.SetStatus(ctx, root, "nobody", suspend); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("unknown member: %v", err)
	}
	before := e.get(t, "kim")
	u, err := e.s.SetStatus(from(ctx, "10.0.0.1"), root, "kim", suspend)
	if err != nil || u.Status != account.StatusInactive || u.TokenVersion != before.TokenVersion+1 {
		t.Fatalf("suspend: %+v %v", u, err)
	}
	if got := e.get(t, "kim"); got.Status != account.StatusInactive || got.TokenVersion != before.TokenVersion+1 {
		t.Fatalf("stored: %+v", got)
	}
	a := e.lastAccess()
	if a.Action != "member.status" || a.Detail["from"] != "ACTIVE" || a.Detail["to"] != "INACTIVE" || a.Detail["cause"] != account.CauseOther ||
		a.Detail["note"] != "repeated spam" || a.From != "10.0.0.1" {
		t.Fatalf("audit: %+v", a)
	}
	if n := e.mail.sent[len(e.mail.sent)-1]; !n.Suspended || n.UserID != "kim" || n.Note != "repeated spam" {
		t.Fatalf("mail: %+v", n)
	}
	if _, err := e.s.SetStatus(ctx, root, "kim", suspend); apperr.CodeOf(err) != account.CodeStatusChange {
		t.Fatalf("suspended twice: %v", err)
	}
	if _, err := e.s.SetStatus(ctx, root, "kim", account.StatusChange{Status: account.StatusActive, Cause: account.CauseFalseInfo, Note: "ok"}); err != nil {
		t.Fatal(err)
	}
	if n := e.mail.sent[len(e.mail.sent)-1]; !n.Restored || !n.FalseInfo {
		t.Fatalf("restored mail: %+v", n)
	}
	if _, err := e.s.SetStatus(ctx, root, "kim", account.StatusChange{Status: account.StatusWithdraw, Note: "gone"}); err != nil {
		t.Fatal(err)
	}
	if n := e.mail.sent[len(e.mail.sent)-1]; !n.Ended {
		t.Fatalf("ended mail: %+v", n)
	}
	mails := len(e.mail.sent)
	if _, err := e.s.SetStatus(ctx, root, "kim", account.StatusChange{Status: account.StatusActive, Note: "back"}); apperr.CodeOf(err) != account.CodeStatusChange || len(e.mail.sent) != mails {
		t.Fatalf("back from WITHDRAW: %v", err)
	}
}

// The last active system admin keeps the role and the status; with a
// second one, either may be changed by the other.
func TestLastSystemAdminStays(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	other := permission.Principal{UserID: "root2", Roles: []permission.Role{permission.RoleSysAdmin}}
	if _, err := e.s.SetStatus(ctx, other, "root", account.StatusChange{Status: account.StatusInactive, Note: "n"}); apperr.CodeOf(err) != account.CodeLastSysAdmin {
		t.Fatalf("suspend the last system admin: %v", err)
	}
	if _, err := e.s.SetRoles(ctx, other, "root", account.RoleChange{Roles: []string{string(permission.RoleUser)}}); apperr.CodeOf(err) != account.CodeLastSysAdmin {
		t.Fatalf("demote the last system admin: %v", err)
	}
	if _, err := e.s.Sanction(ctx, other, "root", account.SanctionInput{Kind: account.SanctionEnd, Cause: account.CauseOther, Note: "n"}); apperr.CodeOf(err) != account.CodeLastSysAdmin {
		t.Fatalf("end the last system admin: %v", err)
	}
	if got := e.get(t, "root"); got.Status != account.StatusActive || got.TokenVersion != 0 {
		t.Fatalf("a refused change was written: %+v", got)
	}
	if list, _ := e.s.Members.Sanctions(ctx, e.pk["root"]); len(list) != 0 {
		t.Fatalf("a refused measure was stored: %+v", list)
	}
	if _, err := e.s.SetRoles(ctx, root, "lee", account.RoleChange{Roles: []string{"ROLE_SYS_ADMIN"}}); err != nil {
		t.Fatal(err)
	}
	if u, err := e.s.SetRoles(ctx, other, "root", account.RoleChange{Roles: []string{"ROLE_USER"}}); err != nil || u.Roles[0] != permission.RoleUser {
		t.Fatalf("demote one of two: %+v %v", u, err)
	}
}

func TestSetRoles(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	admin := account.RoleChange{Roles: []string{"ROLE_SCHL_ADMIN", "ROLE_SCHL_ADMIN", "ROLE_STLM_ADMIN"}, SchoolCode: " 236 "}
	if _, err := e.s.SetRoles(ctx, schoolOf, "kim", admin); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin: %v", err)
	}
	for name, c := range map[string]struct {
		in   account.RoleChange
		want map[string]string
	}{
		"no role":           {account.RoleChange{}, map[string]string{"roles": account.CodeRoleUnknown}},
		"unknown role":      {account.RoleChange{Roles: []string{"ROLE_GOD"}}, map[string]string{"roles": account.CodeRoleUnknown}},
		"admin, no school":  {account.RoleChange{Roles: []string{"ROLE_SET_ADMIN"}}, map[string]string{"schoolCode": account.CodeSchoolRequired}},
		"member, a school":  {account.RoleChange{Roles: []string{"ROLE_USER"}, SchoolCode: "236"}, map[string]string{"schoolCode": account.CodeSchoolNotBound}},
		"unknown and bound": {account.RoleChange{Roles: []string{"ROLE_GOD", "ROLE_SCHL_ADMIN"}}, map[string]string{"roles": account.CodeRoleUnknown, "schoolCode": account.CodeSchoolRequired}},
	} {
		_, err := e.s.SetRoles(ctx, root, "kim", c.in)
		got := fieldCodes(err)
		if apperr.KindOf(err) != apperr.KindInvalid || len(got) != len(c.want) {
			t.Errorf("%s: %v", name, err)
		}
		for f, code := range c.want {
			if got[f] != code {
				t.Errorf("%s: %s = %q, want %q", name, f, got[f], code)
			}
		}
	}
	if _, err := e.s.SetRoles(ctx, root, "kim", account.RoleChange{Roles: []string{"ROLE_SCHL_ADMIN"}, SchoolCode: "NOPE"}); fieldCodes(err)["schoolCode"] != account.CodeSchoolRequired {
		t.Fatalf("unknown school: %v", err)
	}
	if _, err := e.s.SetRoles(ctx, root, "root", account.RoleChange{Roles: []string{"ROLE_USER"}}); apperr.CodeOf(err) != account.CodeSelfChange {
		t.Fatalf("own roles: %v", err)
	}
	u, err := e.s.SetRoles(from(ctx, "10.0.0.3"), root, "kim", admin)
	if err != nil || !slices.Equal(u.Roles, []permission.Role{permission.RoleSchoolAdmin, permission.RoleSettleAdmin}) || u.SchoolCode != "236" || u.TokenVersion != 1 {
		t.Fatalf("roles: %+v %v", u, err)
	}
	if st, err := e.users.Session(ctx, "kim", "j"); err != nil || st.SchoolCode != "236" || !slices.Equal(st.Roles, u.Roles) || st.TokenVersion != 1 {
		t.Fatalf("the session sees: %+v %v", st, err)
	}
	a := e.lastAccess()
	if a.Action != "member.roles" || !slices.Equal(a.Detail["from"].([]string), []string{"ROLE_USER"}) ||
		!slices.Equal(a.Detail["to"].([]string), []string{"ROLE_SCHL_ADMIN", "ROLE_STLM_ADMIN"}) || a.Detail["schoolCode"] != "236" {
		t.Fatalf("audit: %+v", a)
	}
	if _, err := e.s.SetStatus(ctx, root, "lee", account.StatusChange{Status: account.StatusWithdraw, Note: "n"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.SetRoles(ctx, root, "lee", account.RoleChange{Roles: []string{"ROLE_USER"}}); apperr.CodeOf(err) != account.CodeStatusChange {
		t.Fatalf("roles of a withdrawn member: %v", err)
	}
}

func TestSanction(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	in := account.SanctionInput{Kind: account.SanctionSuspend, Cause: account.CauseDisruption, Note: " spam "}
	if _, err := e.s.Sanction(ctx, schoolOf, "kim", in); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin: %v", err)
	}
	if _, err := e.s.Sanction(ctx, root, "kim", account.SanctionInput{Kind: "BAN"}); len(fieldCodes(err)) != 3 {
		t.Fatalf("bad input: %v", err)
	}
	if _, err := e.s.Sanction(ctx, root, "root", in); apperr.CodeOf(err) != account.CodeSelfChange {
		t.Fatalf("oneself: %v", err)
	}
	sc, err := e.s.Sanction(from(ctx, "10.0.0.4"), root, "kim", in)
	if err != nil || sc.Kind != account.SanctionSuspend || sc.Note != "spam" || sc.By != "root" {
		t.Fatalf("suspend: %+v %v", sc, err)
	}
	if u := e.get(t, "kim"); u.Status != account.StatusInactive || u.TokenVersion != 1 {
		t.Fatalf("suspended: %+v", u)
	}
	if n := e.mail.sent[len(e.mail.sent)-1]; !n.Suspended || !n.Disruption || n.Note != "spam" {
		t.Fatalf("mail: %+v", n)
	}
	// A limit on a suspended member leaves a limit (and ACTIVE), as the
	// terms say a limit does; a second suspension ends the membership.
	if sc, err := e.s.Sanction(ctx, root, "kim", account.SanctionInput{Kind: account.SanctionLimit, Cause: account.CauseFalseInfo, Note: "n"}); err != nil ||
		sc.FixBy != "2026-03-20" || e.get(t, "kim").Status != account.StatusActive {
		t.Fatalf("limit: %+v %v", sc, err)
	}
	if n := e.mail.sent[len(e.mail.sent)-1]; !n.Limited || n.FixBy != "2026-03-20" {
		t.Fatalf("limit mail: %+v", n)
	}
	sc, err = e.s.Sanction(ctx, root, "kim", in)
	if err != nil || sc.Kind != account.SanctionEnd || e.get(t, "kim").Status != account.StatusWithdraw {
		t.Fatalf("a repeat after a suspension: %+v %v", sc, err)
	}
	if a := e.lastAccess(); a.Detail["kind"] != account.SanctionEnd || a.Detail["asked"] != account.SanctionSuspend {
		t.Fatalf("audit: %+v", a)
	}
	if _, err := e.s.Sanction(ctx, root, "kim", in); apperr.CodeOf(err) != account.CodeStatusChange {
		t.Fatalf("a measure after the end: %v", err)
	}
	if list, _ := e.s.Members.Sanctions(ctx, e.pk["kim"]); len(list) != 3 {
		t.Fatalf("measures: %+v", list)
	}
	if _, err := e.s.MarkFixed(ctx, root, "kim", "fixed"); apperr.CodeOf(err) != account.CodeNoOpenLimit {
		t.Fatalf("fix for an ended member: %v", err)
	}
}

func TestMarkFixed(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	if _, err := e.s.MarkFixed(ctx, schoolOf, "lee", "n"); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("school admin: %v", err)
	}
	if _, err := e.s.MarkFixed(ctx, root, "lee", " "); fieldCodes(err)["note"] != account.CodeNoteRequired {
		t.Fatalf("no note: %v", err)
	}
	if _, err := e.s.MarkFixed(ctx, root, "nobody", "n"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("unknown member: %v", err)
	}
	if _, err := e.s.MarkFixed(ctx, root, "lee", "n"); apperr.CodeOf(err) != account.CodeNoOpenLimit {
		t.Fatalf("no limit: %v", err)
	}
	if _, err := e.s.Sanction(ctx, root, "lee", account.SanctionInput{Kind: account.SanctionLimit, Cause: account.CauseFalseInfo, Note: "n"}); err != nil {
		t.Fatal(err)
	}
	before := e.get(t, "lee")
	sc, err := e.s.MarkFixed(from(ctx, "10.0.0.5"), root, "lee", " diploma corrected ")
	if err != nil || sc.Resolution != account.ResolutionFixed || sc.ResolvedAt == nil || !sc.ResolvedAt.Equal(t0) || sc.Open() {
		t.Fatalf("fixed: %+v %v", sc, err)
	}
	if u := e.get(t, "lee"); u.TokenVersion != before.TokenVersion || u.Status != account.StatusActive {
		t.Fatalf("marking fixed touched the account: %+v", u)
	}
	if a := e.lastAccess(); a.Action != "member.fixed" || a.Detail["note"] != "diploma corrected" || a.Detail["fixBy"] != "2026-03-20" {
		t.Fatalf("audit: %+v", a)
	}
	if n := e.mail.sent[len(e.mail.sent)-1]; !n.Restored || n.UserID != "lee" || !n.FalseInfo {
		t.Fatalf("mail: %+v", n)
	}
}

// The fix-period job skips a limit whose member left meanwhile, or who is
// the last system admin; the limit is closed all the same.
func TestFixPeriodSkips(t *testing.T) {
	t.Parallel()
	e := newStaffEnv(t)
	ctx := context.Background()
	other := permission.Principal{UserID: "root2", Roles: []permission.Role{permission.RoleSysAdmin}}
	for _, id := range []string{"root", "kim"} {
		if _, err := e.s.Sanction(ctx, other, id, account.SanctionInput{Kind: account.SanctionLimit, Cause: account.CauseOther, Note: "n"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.s.SetStatus(ctx, root, "kim", account.StatusChange{Status: account.StatusWithdraw, Note: "left"}); err != nil {
		t.Fatal(err)
	}
	e.s.Clock = &fixedClock{t: t0.AddDate(0, 0, account.FixDays+1)}
	r, err := e.s.RunFixPeriod(ctx)
	if err != nil || len(r.Ended) != 0 || !slices.Equal(r.Skipped, []string{"kim", "root"}) && !slices.Equal(r.Skipped, []string{"root", "kim"}) {
		t.Fatalf("report: %+v %v", r, err)
	}
	if u := e.get(t, "root"); u.Status != account.StatusActive {
		t.Fatalf("the last system admin ended: %+v", u)
	}
	if due, _ := e.s.Members.OverdueLimits(ctx, "2099-01-01"); len(due) != 0 {
		t.Fatalf("skipped limits stay open: %+v", due)
	}
}
