package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/notice"
)

// NoticeEnv is a fresh Env (its Round's school exists) and the notice and
// bulk-mail stores on the same database.
type NoticeEnv struct {
	Env
	Notices notice.Notices
	Mails   notice.Mails
}

func newNotice(t *testing.T, school string, round *application.RoundKey, title string, starts time.Time) notice.Notice {
	t.Helper()
	n, err := notice.NewNotice(notice.Content{School: school, Round: round, Title: notice.Text{Ko: title, En: title + " (en)"},
		Body: notice.Text{Ko: "본문", En: "Body"}, Starts: starts, Ends: starts.Add(72 * time.Hour)}, "admin", base)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// RunNotices checks the notice and bulk-mail stores.
func RunNotices(t *testing.T, newEnv func(t *testing.T) NoticeEnv) {
	t.Run("notices are numbered, listed by school and site, changed and removed through Update", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		ctx := context.Background()
		_, err := e.Notices.Get(ctx, 1)
		wantCode(t, err, apperr.KindNotFound, notice.CodeNotFound)
		wantCode(t, e.Notices.Update(ctx, 1, func(context.Context, *notice.Notice) error { return nil }), apperr.KindNotFound, notice.CodeNotFound)
		k := e.Round
		site, err := e.Notices.Create(ctx, newNotice(t, "", nil, "점검 안내", base))
		if err != nil || site.ID() <= 0 {
			t.Fatalf("create %v", err)
		}
		school, _ := e.Notices.Create(ctx, newNotice(t, k.SchoolCode, nil, "설명회", base.Add(time.Hour)))
		rnd, _ := e.Notices.Create(ctx, newNotice(t, k.SchoolCode, &k, "면접 안내", base.Add(2*time.Hour)))
		got, err := e.Notices.Get(ctx, rnd.ID())
		c := got.Content()
		if err != nil || c.Round == nil || *c.Round != k || c.Title.En != "면접 안내 (en)" || c.Body.Ko != "본문" || !c.Starts.Equal(base.Add(2*time.Hour)) ||
			!c.Ends.Equal(base.Add(74*time.Hour)) || got.CreatedBy() != "admin" || !got.CreatedAt().Equal(base) {
			t.Fatalf("read back %+v %v", got.Data(), err)
		}
		ids := func(q notice.Query) []int64 {
			t.Helper()
			list, err := e.Notices.List(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for _, n := range list {
				out = append(out, n.ID())
			}
			return out
		}
		if got := ids(notice.Query{}); !slices.Equal(got, []int64{rnd.ID(), school.ID(), site.ID()}) {
			t.Fatalf("every notice %v", got)
		}
		if got := ids(notice.Query{Site: true}); !slices.Equal(got, []int64{site.ID()}) {
			t.Fatalf("site notices %v", got)
		}
		if got := ids(notice.Query{Schools: []string{k.SchoolCode}}); !slices.Equal(got, []int64{rnd.ID(), school.ID()}) {
			t.Fatalf("school notices %v", got)
		}
		if got := ids(notice.Query{Site: true, Schools: []string{"NONE"}}); !slices.Equal(got, []int64{site.ID()}) {
			t.Fatalf("site and another school %v", got)
		}
		if err := e.Notices.Update(ctx, school.ID(), func(_ context.Context, n *notice.Notice) error {
			_ = n.Edit(notice.Content{Title: notice.Text{Ko: "x", En: "x"}, Body: notice.Text{Ko: "x", En: "x"}, Starts: base, Ends: base.Add(time.Hour)}, "b", base)
			return errBoom
		}); err != errBoom {
			t.Fatal(err)
		}
		if err := e.Notices.Update(ctx, school.ID(), func(_ context.Context, n *notice.Notice) error {
			return n.Edit(notice.Content{Round: &k, Title: notice.Text{Ko: "설명회 변경", En: "Info session moved"}, Body: notice.Text{Ko: "새 본문", En: "New body"},
				Starts: base, Ends: base.Add(time.Hour)}, "admin2", base.Add(time.Minute))
		}); err != nil {
			t.Fatal(err)
		}
		got, _ = e.Notices.Get(ctx, school.ID())
		if c := got.Content(); c.Title.Ko != "설명회 변경" || c.Round == nil || got.UpdatedBy() != "admin2" || !got.UpdatedAt().Equal(base.Add(time.Minute)) {
			t.Fatalf("after edit %+v", got.Data())
		}
		if err := e.Notices.Update(ctx, site.ID(), func(_ context.Context, n *notice.Notice) error { n.Remove(); return nil }); err != nil {
			t.Fatal(err)
		}
		_, err = e.Notices.Get(ctx, site.ID())
		wantCode(t, err, apperr.KindNotFound, notice.CodeNotFound)
	})

	t.Run("a bulk mail reaches each recipient once, in batches", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		ctx := context.Background()
		_, err := e.Mails.Get(ctx, 1)
		wantCode(t, err, apperr.KindNotFound, notice.CodeMailNotFound)
		wantCode(t, e.Mails.Update(ctx, 1, func(context.Context, *notice.BulkMail) error { return nil }), apperr.KindNotFound, notice.CodeMailNotFound)
		l := notice.Letter{Filter: notice.Filter{Status: application.Complete, Decision: decision.Admit}, Subject: notice.Text{Ko: "등록 안내", En: "Enrolment"},
			Body: notice.Text{Ko: "등록 기간은 ...", En: "Enrolment runs ..."}}
		m, err := notice.NewBulkMail(e.Round, l, "admin", base)
		if err != nil {
			t.Fatal(err)
		}
		first, err := e.Mails.Create(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		second, _ := e.Mails.Create(ctx, m)
		got, err := e.Mails.Get(ctx, first.ID())
		if err != nil || got.Letter() != l || got.State() != notice.Draft || got.Round() != e.Round || got.CreatedBy() != "admin" || !got.CreatedAt().Equal(base) {
			t.Fatalf("read back %+v %v", got.Data(), err)
		}
		if list, _ := e.Mails.List(ctx, e.Round); len(list) != 2 || list[0].ID() != second.ID() {
			t.Fatalf("list %d", len(list))
		}
		if list, _ := e.Mails.List(ctx, e.Unknown); len(list) != 0 {
			t.Fatalf("another round's list %d", len(list))
		}
		if list, _ := e.Mails.Sending(ctx); len(list) != 0 {
			t.Fatal("a draft is sending")
		}
		if err := e.Mails.Update(ctx, first.ID(), func(_ context.Context, m *notice.BulkMail) error { return m.Start("admin2", base.Add(time.Hour)) }); err != nil {
			t.Fatal(err)
		}
		got, _ = e.Mails.Get(ctx, first.ID())
		if got.State() != notice.Sending || got.SentBy() != "admin2" || !got.SentAt().Equal(base.Add(time.Hour)) {
			t.Fatalf("after start %+v", got.Data())
		}
		if list, _ := e.Mails.Sending(ctx); len(list) != 1 || list[0].ID() != first.ID() {
			t.Fatalf("sending %d", len(list))
		}
		// The same member twice, in one call or two, is one recipient.
		if n, err := e.Mails.AddRecipients(ctx, first.ID(), []string{"u1", "u2", "u1", "u3"}); err != nil || n != 3 {
			t.Fatalf("add %d %v", n, err)
		}
		if n, err := e.Mails.AddRecipients(ctx, first.ID(), []string{"u3", "u4"}); err != nil || n != 1 {
			t.Fatalf("second add %d %v", n, err)
		}
		if n, err := e.Mails.AddRecipients(ctx, second.ID(), []string{"u1"}); err != nil || n != 1 {
			t.Fatalf("another mail's recipient %d %v", n, err)
		}
		if _, err := e.Mails.Batch(ctx, first.ID(), 3, func(context.Context, []string) error { return errBoom }); err != errBoom {
			t.Fatal(err)
		}
		var got1 []string
		n, err := e.Mails.Batch(ctx, first.ID(), 3, func(_ context.Context, users []string) error { got1 = users; return nil })
		if err != nil || n != 3 || !slices.Equal(got1, []string{"u1", "u2", "u3"}) {
			t.Fatalf("first batch %d %v %v", n, got1, err)
		}
		if pr, err := e.Mails.Progress(ctx, first.ID()); err != nil || pr != (notice.Progress{Total: 4, Sent: 3}) {
			t.Fatalf("progress %+v %v", pr, err)
		}
		var got2 []string
		if n, _ := e.Mails.Batch(ctx, first.ID(), 3, func(_ context.Context, users []string) error { got2 = users; return nil }); n != 1 || got2[0] != "u4" {
			t.Fatalf("second batch %d %v", n, got2)
		}
		if n, _ := e.Mails.Batch(ctx, first.ID(), 3, func(context.Context, []string) error { t.Fatal("called with nobody"); return nil }); n != 0 {
			t.Fatalf("third batch %d", n)
		}
		if err := e.Mails.Update(ctx, first.ID(), func(_ context.Context, m *notice.BulkMail) error { m.Finish(base.Add(2 * time.Hour)); return nil }); err != nil {
			t.Fatal(err)
		}
		if got, _ := e.Mails.Get(ctx, first.ID()); got.State() != notice.Done || !got.DoneAt().Equal(base.Add(2*time.Hour)) {
			t.Fatalf("after finish %+v", got.Data())
		}
		if pr, _ := e.Mails.Progress(ctx, second.ID()); pr != (notice.Progress{Total: 1}) {
			t.Fatalf("second mail's progress %+v", pr)
		}
	})
}
