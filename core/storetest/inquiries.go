package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/inquiry"
)

// RunInquiries is the contract of inquiry.Store.
func RunInquiries(t *testing.T, newEnv New) {
	ask := func(t *testing.T, s inquiry.Store, user, school, title string, at time.Time) inquiry.Inquiry {
		t.Helper()
		q, err := inquiry.New(user, inquiry.Draft{Type: "payment", Title: title, Body: "body of " + title, SchoolCode: school}, at)
		if err != nil {
			t.Fatal(err)
		}
		out, err := s.Create(context.Background(), q)
		if err != nil || out.No == 0 {
			t.Fatalf("create: %+v %v", out, err)
		}
		return out
	}
	t.Run("create, get and update keep every field", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Inquiries == nil {
			t.Skip("no inquiry store")
		}
		ctx := context.Background()
		q := ask(t, e.Inquiries, "kim", "T01", "환불 문의", base)
		err := e.Inquiries.Update(ctx, q.No, func(x *inquiry.Inquiry) error {
			x.File = inquiry.Attachment{Name: "영수증.pdf", Stored: "f1", Size: 42}
			return x.Answer("staff1", "답변입니다", base.Add(time.Hour))
		})
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.Inquiries.Get(ctx, q.No)
		if err != nil {
			t.Fatal(err)
		}
		if got.UserID != "kim" || got.Title != "환불 문의" || got.Body != "body of 환불 문의" || got.SchoolCode != "T01" ||
			got.Type != inquiry.TypePayment || got.Status != inquiry.Answered || !got.Unread || got.File.Name != "영수증.pdf" ||
			got.File.Size != 42 || !got.CreatedAt.Equal(base) || !got.UpdatedAt.Equal(base.Add(time.Hour)) {
			t.Fatalf("got %+v", got)
		}
		if len(got.Posts) != 1 || !got.Posts[0].Staff || got.Posts[0].Author != "staff1" || got.Posts[0].Body != "답변입니다" ||
			!got.Posts[0].At.Equal(base.Add(time.Hour)) {
			t.Fatalf("posts %+v", got.Posts)
		}
		if _, err := e.Inquiries.Get(ctx, q.No+100); apperr.KindOf(err) != apperr.KindNotFound {
			t.Fatalf("missing: %v", err)
		}
	})
	t.Run("a refused update changes nothing", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Inquiries == nil {
			t.Skip("no inquiry store")
		}
		ctx := context.Background()
		q := ask(t, e.Inquiries, "kim", "", "q", base)
		err := e.Inquiries.Update(ctx, q.No, func(x *inquiry.Inquiry) error {
			x.Close(base)
			return errBoom
		})
		if !errors.Is(err, errBoom) {
			t.Fatal(err)
		}
		if got, _ := e.Inquiries.Get(ctx, q.No); got.Status != inquiry.Waiting {
			t.Fatalf("status %s", got.Status)
		}
	})
	t.Run("list filters, pages newest first; unread counts per member", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Inquiries == nil {
			t.Skip("no inquiry store")
		}
		ctx := context.Background()
		a := ask(t, e.Inquiries, "kim", "T01", "Refund please", base)
		b := ask(t, e.Inquiries, "lee", "T02", "업로드 오류", base.Add(time.Hour))
		c := ask(t, e.Inquiries, "kim", "", "Login trouble", base.Add(2*time.Hour))
		for _, no := range []int64{a.No, c.No} {
			if err := e.Inquiries.Update(ctx, no, func(x *inquiry.Inquiry) error { return x.Answer("s", "ok", base) }); err != nil {
				t.Fatal(err)
			}
		}
		nos := func(l []inquiry.Inquiry) []int64 {
			var out []int64
			for _, q := range l {
				out = append(out, q.No)
			}
			return out
		}
		for _, tc := range []struct {
			name  string
			q     inquiry.Query
			want  []int64
			total int
		}{
			{"all", inquiry.Query{}, []int64{c.No, b.No, a.No}, 3},
			{"member", inquiry.Query{UserID: "kim"}, []int64{c.No, a.No}, 2},
			{"school", inquiry.Query{SchoolCode: "T02"}, []int64{b.No}, 1},
			{"status", inquiry.Query{Status: inquiry.Waiting}, []int64{b.No}, 1},
			{"type", inquiry.Query{Type: inquiry.TypeOther}, nil, 0},
			{"period", inquiry.Query{From: base.Add(time.Hour), To: base.Add(2 * time.Hour)}, []int64{b.No}, 1},
			{"text, any case", inquiry.Query{Text: "refund"}, []int64{a.No}, 1},
			{"text in the body", inquiry.Query{Text: "body of 업로드"}, []int64{b.No}, 1},
			{"text in the member id", inquiry.Query{Text: "LEE"}, []int64{b.No}, 1},
			{"a percent sign is literal", inquiry.Query{Text: "%"}, nil, 0},
			{"page", inquiry.Query{Offset: 1, Limit: 1}, []int64{b.No}, 3},
			{"oldest first", inquiry.Query{Oldest: true, Limit: 2}, []int64{a.No, b.No}, 3},
		} {
			got, total, err := e.Inquiries.List(ctx, tc.q)
			if err != nil || total != tc.total || !equalInt64(nos(got), tc.want) {
				t.Errorf("%s: got %v of %d, %v; want %v of %d", tc.name, nos(got), total, err, tc.want, tc.total)
			}
		}
		for user, want := range map[string]int{"kim": 2, "lee": 0, "nobody": 0} {
			if n, err := e.Inquiries.Unread(ctx, user); err != nil || n != want {
				t.Errorf("unread %s: %d %v, want %d", user, n, err, want)
			}
		}
	})
}

func equalInt64(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
