package application_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
)

var (
	schoolAdm = permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	setAdm    = permission.Principal{UserID: "set", Roles: []permission.Role{permission.RoleSetAdmin}, SchoolCode: "236"}
	settleAdm = permission.Principal{UserID: "stl", Roles: []permission.Role{permission.RoleSettleAdmin}}
)

// book is the applicants' contact data; a user not in it has withdrawn.
type book map[string]port.Recipient

func (b book) Recipient(_ context.Context, userID string) (port.Recipient, error) {
	c, ok := b[userID]
	if !ok {
		return port.Recipient{}, apperr.NotFound("user.not_found")
	}
	return c, nil
}

// namedRound is the test round with the names mails and prints use.
func namedRound() application.Round {
	r := testRound(true)
	r.SchoolKorName, r.SchoolEngName, r.KorName, r.EngName = "이화여대", "Ewha", "2027 전기", "Spring 2027"
	return r
}

// newStaff is a fixture with the back office wired: kim reads English
// mail, lee Korean.
func newStaff(t *testing.T) fixture {
	t.Helper()
	f := newFixture(t, namedRound())
	bo := memstore.Backoffice{Store: f.m.Store}
	f.s.Staff = application.Staff{Store: bo, Export: bo, Dashboard: bo, Mailer: memstore.Outbox{Store: f.m.Store},
		Recipients: book{"kim": {Email: "kim@example.com", Locale: "en"}, "lee": {Email: "lee@example.com", Locale: "ko"}}}
	return f
}

// seed stores an application of user in round k at status st.
func (f fixture) seed(n int64, user string, k application.RoundKey, st application.State, name string) {
	f.m.Seed(application.Header{ApplNo: n, UserID: user, Round: k, State: st, ApplicantName: name, CreatedAt: now, UpdatedAt: now},
		application.Part{ApplPartNo: 7, MajorCode: "IS01", CategoryCode: "00001"})
}

// mails answers the queued mails.
func (f fixture) mails() []memstore.Mail {
	var out []memstore.Mail
	for _, j := range f.m.Jobs() {
		if m, ok := j.Payload.(memstore.Mail); ok {
			out = append(out, m)
		}
	}
	return out
}

// The staff list: a school admin sees their school's applications only, a
// page holds 1 to 100 rows (10 when not asked), the search looks in names,
// and every page shown is in the access log with its application numbers.
func TestStaffList(t *testing.T) {
	t.Parallel()
	f := newStaff(t)
	ctx := context.Background()
	for i := 1; i <= 12; i++ {
		f.seed(int64(i), fmt.Sprintf("u%d", i), key, application.State{Status: application.Submit}, fmt.Sprintf("지원자%d", i))
	}
	f.seed(13, "u13", application.RoundKey{SchoolCode: "100", EnterYear: 2027, RecruitPartSeq: 1}, application.State{Status: application.Submit}, "타교")
	for _, p := range []permission.Principal{setAdm, settleAdm, kim, {}} {
		if _, _, err := f.s.StaffList(ctx, p, application.StaffQuery{}); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s listed: %v", p.UserID, err)
		}
	}
	if len(f.m.logs()) != 0 {
		t.Fatalf("refused lists logged: %v", f.m.logs())
	}
	for _, tc := range []struct {
		name     string
		p        permission.Principal
		q        application.StaffQuery
		n, total int
	}{
		{"system admin, default page", sys, application.StaffQuery{}, 10, 13},
		{"system admin, oversized page", sys, application.StaffQuery{Limit: 500}, 10, 13},
		{"system admin, everything", sys, application.StaffQuery{Limit: 100}, 13, 13},
		{"system admin, negative offset", sys, application.StaffQuery{Offset: -5, Limit: 3}, 3, 13},
		{"school admin, own school only", schoolAdm, application.StaffQuery{Limit: 100}, 12, 12},
		{"school admin asking for another school", schoolAdm, application.StaffQuery{SchoolCode: "100", Limit: 100}, 0, 0},
		{"another school's admin", otherSch, application.StaffQuery{Limit: 100}, 1, 1},
		{"search by name", schoolAdm, application.StaffQuery{Search: "지원자1", Limit: 100}, 4, 4},
	} {
		rows, total, err := f.s.StaffList(ctx, tc.p, tc.q)
		if err != nil || len(rows) != tc.n || total != tc.total {
			t.Errorf("%s: %d of %d (%v), want %d of %d", tc.name, len(rows), total, err, tc.n, tc.total)
			continue
		}
		if tc.p.SchoolCode != "" {
			for _, r := range rows {
				if r.Round.SchoolCode != tc.p.SchoolCode {
					t.Errorf("%s: a row of school %s", tc.name, r.Round.SchoolCode)
				}
			}
		}
		l := f.m.Logged()
		last := l[len(l)-1]
		var nos []int64
		for _, r := range rows {
			nos = append(nos, r.ApplNo)
		}
		if last.String() != tc.p.UserID+" application.list applications" || fmt.Sprint(last.Detail["applNos"]) != fmt.Sprint(nos) ||
			last.Detail["search"] != tc.q.Search {
			t.Errorf("%s: logged %v %v", tc.name, last, last.Detail)
		}
	}
}

// The whole application as staff read it: identification numbers masked,
// the applicant's address, what the caller may do; the read is logged.
// Staff who may read but not list (set admins) and the owner get 403;
// another school's staff and other applicants 404.
func TestStaffRead(t *testing.T) {
	t.Parallel()
	f := newStaff(t)
	ctx := context.Background()
	n := f.apply(t, application.Submit)
	info := korean()
	info.PassportNo = "M12345678"
	if err := (memstore.Forms{Store: f.m.Store}).SaveInfo(ctx, n, info); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p    permission.Principal
		kind apperr.Kind
	}{{setAdm, apperr.KindNotFound}, {kim, apperr.KindForbidden}, {otherSch, apperr.KindNotFound}, {lee, apperr.KindNotFound}, {permission.Principal{}, apperr.KindNotFound}} {
		if _, err := f.s.StaffRead(ctx, tc.p, n); apperr.KindOf(err) != tc.kind {
			t.Errorf("%s: %v, want %v", tc.p.UserID, err, tc.kind)
		}
	}
	for _, p := range []permission.Principal{schoolAdm, sys} {
		v, err := f.s.StaffRead(ctx, p, n)
		if err != nil {
			t.Fatal(err)
		}
		if !v.HasInfo || v.Info.ResidentNoLast != "2******" || v.Info.PassportNo != "M1*******" || v.Info.KorName != "김하늘" {
			t.Errorf("%s: info %+v", p.UserID, v.Info.BasicInfo)
		}
		if v.Email != "kim@example.com" || v.Record.ApplNo != n || v.Record.State.Status != application.Submit {
			t.Errorf("%s: %q %+v", p.UserID, v.Email, v.Record.Header)
		}
		if !v.MayReveal || !v.MayCorrect || !v.MayReview || !v.MayPayInfo || !v.MayLetters {
			t.Errorf("%s: actions %+v", p.UserID, v)
		}
		l := f.m.Logged()
		if last := l[len(l)-1]; last.String() != p.UserID+" application.read application:"+application.Itoa(n) || last.Detail["section"] != "all" {
			t.Errorf("%s: logged %v %v", p.UserID, last, last.Detail)
		}
	}
	if _, err := f.s.StaffRead(ctx, sys, 999); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("a missing application: %v", err)
	}
}

// Identification numbers are shown whole only to staff who may reveal them
// and give a reason; the reveal and its reason are logged, a refusal is not.
func TestReveal(t *testing.T) {
	t.Parallel()
	f := newStaff(t)
	ctx := context.Background()
	n := f.apply(t, application.Submit)
	info := korean()
	info.PassportNo = "M12345678"
	if err := (memstore.Forms{Store: f.m.Store}).SaveInfo(ctx, n, info); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		p      permission.Principal
		reason string
		kind   apperr.Kind
		field  string
	}{
		{"a set admin", setAdm, "확인", apperr.KindNotFound, ""},
		{"the owner", kim, "확인", apperr.KindForbidden, ""},
		{"another school", otherSch, "확인", apperr.KindNotFound, ""},
		{"another applicant", lee, "확인", apperr.KindNotFound, ""},
		{"no reason", schoolAdm, "   ", apperr.KindInvalid, "reason:" + application.CodeReasonRequired},
		{"too long a reason", schoolAdm, strings.Repeat("가", application.MaxReason+1), apperr.KindInvalid, "reason:" + form.CodeTooLong},
	} {
		before := len(f.m.Logged())
		_, err := f.s.Reveal(ctx, tc.p, n, tc.reason)
		if apperr.KindOf(err) != tc.kind || tc.field != "" && !slices.Contains(fieldCodes(err), tc.field) {
			t.Errorf("%s: %v", tc.name, err)
		}
		for _, l := range f.m.Logged()[before:] {
			if l.Action == "application.reveal" {
				t.Errorf("%s: the refusal was logged as a reveal", tc.name)
			}
		}
	}
	got, err := f.s.Reveal(ctx, schoolAdm, n, " 본인 확인 요청 ")
	if err != nil || got.ResidentNoLast != "2345678" || got.PassportNo != "M12345678" {
		t.Fatalf("reveal %+v %v", got, err)
	}
	l := f.m.Logged()
	if last := l[len(l)-1]; last.String() != "sa application.reveal application:"+application.Itoa(n) || last.Detail["reason"] != "본인 확인 요청" {
		t.Fatalf("logged %v %v", last, last.Detail)
	}
}

// plainApps hides the store's one-statement form lock, so the service
// locks through Update and Part.
type plainApps struct{ application.Applications }

// The review: started on a submitted application only, a correction
// reopens the form from a step and mails the reason, completion mails the
// applicant in their language; staff who may not review get 403, other
// schools 404; a closed round is corrected by system admins only.
func TestReview(t *testing.T) {
	t.Parallel()
	f := newStaff(t)
	f.s.Apps = plainApps{f.s.Apps}
	ctx := context.Background()
	n := f.apply(t, application.FileSave)
	start := application.ReviewAction{Action: application.ReviewStart}
	if _, err := f.s.Review(ctx, schoolAdm, n, start); apperr.CodeOf(err) != application.CodeReviewNotSubmitted {
		t.Fatalf("review of a draft: %v", err)
	}
	f.m.setState(n, application.State{Status: application.Submit})
	for _, tc := range []struct {
		p    permission.Principal
		kind apperr.Kind
	}{{setAdm, apperr.KindNotFound}, {kim, apperr.KindForbidden}, {otherSch, apperr.KindNotFound}, {lee, apperr.KindNotFound}} {
		if _, err := f.s.Review(ctx, tc.p, n, start); apperr.KindOf(err) != tc.kind {
			t.Errorf("%s: %v, want %v", tc.p.UserID, err, tc.kind)
		}
	}
	if _, err := f.s.Review(ctx, schoolAdm, n, application.ReviewAction{Action: "approve"}); !hasField(err, "action", application.CodeModeUnknown) {
		t.Fatalf("unknown action: %v", err)
	}
	if _, err := f.s.Review(ctx, schoolAdm, 0, start); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("application 0: %v", err)
	}
	if st := f.m.app(n).State; st.Reviewing || len(f.m.logs()) != 0 {
		t.Fatalf("refused reviews changed %+v or logged %v", st, f.m.logs())
	}

	rec, err := f.s.Review(ctx, schoolAdm, n, start)
	if err != nil || !rec.State.Reviewing || rec.State.Effective() != application.Submit || rec.State.Status != application.Submit {
		t.Fatalf("start %+v %v", rec.State, err)
	}
	if len(f.mails()) != 0 {
		t.Fatalf("starting a review mailed: %+v", f.mails())
	}
	if _, err := f.s.Review(ctx, schoolAdm, n, application.ReviewAction{Action: application.ReviewCorrect, Step: application.AcadSave}); !hasField(err, "reason", application.CodeReasonRequired) {
		t.Fatalf("correction without a reason: %v", err)
	}
	correct := application.ReviewAction{Action: application.ReviewCorrect, Step: application.AcadSave, Reason: " 성적표를 다시 올려 주세요 "}
	rec, err = f.s.Review(ctx, schoolAdm, n, correct)
	if err != nil || rec.State.Effective() != application.BasisSave || !rec.State.Editable() {
		t.Fatalf("correction %+v %v", rec.State, err)
	}
	ms := f.mails()
	if len(ms) != 1 || ms[0].To != "kim@example.com" || ms[0].Locale != "en" {
		t.Fatalf("correction mail %+v", ms)
	}
	if m, ok := ms[0].Message.(mailmsg.ReviewCorrection); !ok || m.School != "Ewha" || m.Round != "Spring 2027" || m.Reason != "성적표를 다시 올려 주세요" {
		t.Fatalf("correction mail %+v", ms[0].Message)
	}
	l := f.m.Logged()
	if last := l[len(l)-1]; last.String() != "sa application.review application:"+application.Itoa(n) ||
		last.Detail["reason"] != "성적표를 다시 올려 주세요" || last.Detail["step"] != string(application.AcadSave) {
		t.Fatalf("logged %v %v", last, last.Detail)
	}

	// The round closes early: only a system admin reopens the form now.
	r := namedRound()
	r.Closure = &application.Closure{At: now, By: "root", Reason: "마감"}
	f.m.SetRound(r)
	if _, err := f.s.Review(ctx, schoolAdm, n, correct); apperr.CodeOf(err) != application.CodeRoundClosed {
		t.Fatalf("correction of a closed round by a school admin: %v", err)
	}
	if _, err := f.s.Review(ctx, sys, n, correct); err != nil {
		t.Fatalf("correction of a closed round by a system admin: %v", err)
	}
	rec, err = f.s.Review(ctx, schoolAdm, n, application.ReviewAction{Action: application.ReviewComplete})
	if err != nil || rec.State.Effective() != application.Complete || rec.State.Status != application.Submit {
		t.Fatalf("complete %+v %v", rec.State, err)
	}
	ms = f.mails()
	if m, ok := ms[len(ms)-1].Message.(mailmsg.ReviewCompleted); len(ms) != 3 || !ok || m.School != "Ewha" {
		t.Fatalf("completion mail %+v", ms)
	}
	if _, err := f.s.Review(ctx, schoolAdm, n, application.ReviewAction{Action: application.ReviewComplete}); apperr.CodeOf(err) != application.CodeReviewDone {
		t.Fatalf("complete twice: %v", err)
	}
}

// Mail of a review goes in Korean unless the applicant reads English; an
// application whose owner withdrew (no user) is reviewed without mail; an
// owner whose contact cannot be read stops the review, unchanged.
func TestReviewMailRecipients(t *testing.T) {
	t.Parallel()
	f := newStaff(t)
	ctx := context.Background()
	f.seed(1, "lee", key, application.State{Status: application.Submit, Reviewing: true, ReviewStatus: application.Submit}, "이")
	f.seed(2, "", key, application.State{Status: application.Submit, Reviewing: true, ReviewStatus: application.Submit}, "탈퇴")
	f.seed(3, "gone", key, application.State{Status: application.Submit, Reviewing: true, ReviewStatus: application.Submit}, "연락 없음")
	done := application.ReviewAction{Action: application.ReviewComplete}
	if _, err := f.s.Review(ctx, schoolAdm, 1, done); err != nil {
		t.Fatal(err)
	}
	if ms := f.mails(); len(ms) != 1 || ms[0].Locale != "ko" || ms[0].Message.(mailmsg.ReviewCompleted).School != "이화여대" {
		t.Fatalf("Korean mail %+v", ms)
	}
	if _, err := f.s.Review(ctx, schoolAdm, 2, done); err != nil {
		t.Fatalf("withdrawn owner: %v", err)
	}
	if len(f.mails()) != 1 {
		t.Fatalf("a withdrawn owner was mailed: %+v", f.mails())
	}
	logged := len(f.m.Logged())
	if _, err := f.s.Review(ctx, schoolAdm, 3, done); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("unreadable contact: %v", err)
	}
	if st := f.m.app(3).State; st.ReviewStatus != application.Submit || len(f.m.Logged()) != logged {
		t.Fatalf("a failed review changed %+v or logged %v", st, f.m.Logged()[logged:])
	}
}
