package inquiry_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/inquiry"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
)

// Staff close an inquiry by hand; answered and waiting are set by answering
// and following up only. Who may not manage the inquiry gets 404 before the
// status is even looked at.
func TestSetStatusClosesOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	q := e.ask(t, "kim", "S1")
	for _, p := range []permission.Principal{schoolAdmin("s2", "S2"), member("kim"), {}} {
		if _, err := e.svc.SetStatus(ctx, p, q.No, "bogus"); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("%s: %v, want 404", p.UserID, err)
		}
	}
	if _, err := e.svc.SetStatus(ctx, sysAdmin, 999, string(inquiry.Closed)); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("missing inquiry: %v", err)
	}
	for _, s := range []string{string(inquiry.Answered), string(inquiry.Waiting), "CLOSED", ""} {
		if _, err := e.svc.SetStatus(ctx, schoolAdmin("s1", "S1"), q.No, s); fields(err)["status"] != inquiry.CodeStatus {
			t.Errorf("status %q: %v", s, err)
		}
	}
	if got, _ := e.svc.Get(ctx, sysAdmin, q.No); got.Status != inquiry.Waiting {
		t.Fatalf("a refused change changed it: %s", got.Status)
	}
	e.clock.Set(t0.Add(2 * time.Hour))
	c, err := e.svc.SetStatus(ctx, schoolAdmin("s1", "S1"), q.No, string(inquiry.Closed))
	if err != nil || c.Status != inquiry.Closed || !c.UpdatedAt.Equal(t0.Add(2*time.Hour)) {
		t.Fatalf("closed %+v %v", c, err)
	}
	// Closing twice is harmless and keeps the first closing time.
	e.clock.Set(t0.Add(3 * time.Hour))
	if c, err := e.svc.Close(ctx, sysAdmin, q.No); err != nil || !c.UpdatedAt.Equal(t0.Add(2*time.Hour)) {
		t.Fatalf("closed again %+v %v", c, err)
	}
	if _, err := e.svc.FollowUp(ctx, member("kim"), q.No, "still there?"); apperr.CodeOf(err) != inquiry.CodeClosed {
		t.Fatalf("follow-up after staff closed: %v", err)
	}
}

func TestParseStatus(t *testing.T) {
	t.Parallel()
	for s, ok := range map[string]bool{"waiting": true, "answered": true, "closed": true, "Closed": false, "open": false, "": false} {
		if st, got := inquiry.ParseStatus(s); got != ok || ok && string(st) != s {
			t.Errorf("%q: %q %v", s, st, got)
		}
	}
}

// A member without a readable address is not mailed, yet the answer is
// saved; a contact lookup that fails for another reason undoes the answer.
type oddContacts struct{}

var errDown = errors.New("contacts down")

func (oddContacts) Recipient(_ context.Context, userID string) (port.Recipient, error) {
	switch userID {
	case "gone":
		return port.Recipient{}, apperr.NotFound("user.not_found")
	case "noaddr":
		return port.Recipient{Locale: "ko"}, nil
	case "broken":
		return port.Recipient{}, errDown
	}
	return port.Recipient{Email: userID + "@example.com", Locale: "ko"}, nil
}

func TestAnswerMailsOnlyWhoCanBeMailed(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.svc.Recipients, e.svc.DetailURL = oddContacts{}, nil
	ctx := context.Background()
	for _, tc := range []struct {
		user   string
		saved  bool
		mailed bool
	}{
		{"gone", true, false},
		{"noaddr", true, false},
		{"broken", false, false},
		{"kim", true, true},
	} {
		q := e.ask(t, tc.user, "")
		before := len(e.store.Jobs())
		_, err := e.svc.Answer(ctx, sysAdmin, q.No, "답변입니다")
		if tc.saved != (err == nil) || !tc.saved && !errors.Is(err, errDown) {
			t.Errorf("%s: %v", tc.user, err)
		}
		got, _ := e.svc.Get(ctx, sysAdmin, q.No)
		if answered := got.Status == inquiry.Answered && len(got.Posts) == 1; answered != tc.saved {
			t.Errorf("%s: answer saved %v, want %v (%+v)", tc.user, answered, tc.saved, got)
		}
		jobs := e.store.Jobs()
		if mailed := len(jobs) > before; mailed != tc.mailed {
			t.Errorf("%s: mailed %v, want %v", tc.user, mailed, tc.mailed)
		}
		if tc.mailed {
			if m := jobs[len(jobs)-1].Payload.(memstore.Mail); m.To != "kim@example.com" || m.Locale != "ko" {
				t.Errorf("mail %+v", m)
			}
		}
	}
}

// Only members have a board: staff and guests get 404 from the member's
// calls; an inquiry without a file has no file to read.
func TestMemberCallsRefuseOthers(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	q := e.ask(t, "kim", "S1")
	for _, p := range []permission.Principal{{}, {UserID: "settle", Roles: []permission.Role{permission.RoleSettleAdmin}}} {
		if _, err := e.svc.Unread(ctx, p); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("%s unread: %v", p.UserID, err)
		}
		if _, err := e.svc.Options(ctx, p); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("%s options: %v", p.UserID, err)
		}
		if _, err := e.svc.Ask(ctx, p, inquiry.Draft{Type: "other", Title: "t", Body: "b"}, "", nil); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("%s ask: %v", p.UserID, err)
		}
		if _, err := e.svc.Open(ctx, p, q.No); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("%s open: %v", p.UserID, err)
		}
	}
	if _, err := e.svc.Open(ctx, member("kim"), 999); apperr.CodeOf(err) != inquiry.CodeNotFound {
		t.Errorf("missing inquiry: %v", err)
	}
	// Opening one with nothing unread changes nothing.
	if got, err := e.svc.Open(ctx, member("kim"), q.No); err != nil || got.Unread || got.No != q.No {
		t.Errorf("open %+v %v", got, err)
	}
	for _, p := range []permission.Principal{member("kim"), sysAdmin} {
		if _, _, err := e.svc.File(ctx, p, q.No); apperr.CodeOf(err) != inquiry.CodeNotFound {
			t.Errorf("%s read a file that is not there: %v", p.UserID, err)
		}
	}
	if _, _, err := e.svc.File(ctx, member("kim"), 999); apperr.CodeOf(err) != inquiry.CodeNotFound {
		t.Errorf("file of a missing inquiry: %v", err)
	}
	if l := e.store.Logged(); len(l) != 0 {
		t.Errorf("refused reads logged: %v", l)
	}
	// Staff close an inquiry of their school only.
	if _, err := e.svc.Close(ctx, schoolAdmin("s2", "S2"), q.No); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("another school closed: %v", err)
	}
	if c, err := e.svc.Close(ctx, schoolAdmin("s1", "S1"), q.No); err != nil || c.Status != inquiry.Closed {
		t.Errorf("own school close: %+v %v", c, err)
	}
}

type brokenSchools struct{}

func (brokenSchools) Schools(context.Context) ([]application.School, error) { return nil, errDown }

type brokenApps struct{}

func (brokenApps) ListByUser(context.Context, string) ([]application.Header, error) {
	return nil, errDown
}

type brokenLog struct{}

func (brokenLog) Record(context.Context, string, string, string, map[string]any) error {
	return errDown
}

// When the school list, the member's applications or the access log cannot
// be read the call fails with the cause: no form without schools, no staff
// read that goes unlogged.
func TestReferenceAndLogFailures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := newEnv(t)
	q := e.ask(t, "kim", "S1")
	e.svc.Schools = brokenSchools{}
	if _, err := e.svc.Options(ctx, member("kim")); !errors.Is(err, errDown) {
		t.Errorf("options without schools: %v", err)
	}
	if err := e.svc.Check(ctx, member("kim"), inquiry.Draft{Type: "other", Title: "t", Body: "b", SchoolCode: "S1"}); !errors.Is(err, errDown) {
		t.Errorf("check without schools: %v", err)
	}
	// Without a school nothing needs the list.
	if err := e.svc.Check(ctx, member("kim"), inquiry.Draft{Type: "other", Title: "t", Body: "b"}); err != nil {
		t.Errorf("check about no school: %v", err)
	}
	e = newEnv(t)
	e.svc.Apps = brokenApps{}
	if _, err := e.svc.Options(ctx, member("kim")); !errors.Is(err, errDown) {
		t.Errorf("options without applications: %v", err)
	}
	e = newEnv(t)
	q = e.ask(t, "kim", "S1")
	e.svc.Log = brokenLog{}
	if _, _, err := e.svc.List(ctx, sysAdmin, inquiry.Query{}); !errors.Is(err, errDown) {
		t.Errorf("unlogged list: %v", err)
	}
	if _, err := e.svc.Get(ctx, sysAdmin, q.No); !errors.Is(err, errDown) {
		t.Errorf("unlogged read: %v", err)
	}
	if _, err := e.svc.Answer(ctx, sysAdmin, q.No, "답"); !errors.Is(err, errDown) {
		t.Errorf("unlogged answer: %v", err)
	}
	if got, _ := (memstore.Inquiries{Store: e.store}).Get(ctx, q.No); len(got.Posts) != 0 {
		t.Errorf("answered without the read logged: %+v", got.Posts)
	}
	// Without a log (tests only) staff reads still work.
	e.svc.Log = nil
	if l, n, err := e.svc.List(ctx, sysAdmin, inquiry.Query{Text: "kim"}); err != nil || n != 1 || !strings.EqualFold(l[0].UserID, "kim") {
		t.Errorf("list without a log: %v %d %v", l, n, err)
	}
}
