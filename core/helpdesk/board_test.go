package helpdesk_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/helpdesk"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
)

func helpPost(n int, published bool) helpdesk.Entry {
	return helpdesk.Entry{Kind: helpdesk.KindHelp, TitleKo: fmt.Sprintf("질문 %d", n), TitleEn: fmt.Sprintf("Question %d", n),
		BodyKo: "본문", BodyEn: "Body", AnswerKo: "답변", AnswerEn: "Answer", Published: published}
}

func ids(es []helpdesk.Entry) []int64 {
	out := make([]int64, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

// The public help board shows published posts only, newest first, ten to a
// page unless asked for 1 to 100; a negative offset is the first page.
func TestPublicHelpBoardPages(t *testing.T) {
	t.Parallel()
	svc, _ := newService()
	ctx := context.Background()
	for i := 1; i <= 13; i++ {
		if _, err := svc.Save(ctx, sys, helpPost(i, i != 13)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name          string
		offset, limit int
		want          []int64
	}{
		{"default page", 0, 0, []int64{12, 11, 10, 9, 8, 7, 6, 5, 4, 3}},
		{"over the maximum", 0, helpdesk.PublicLimit + 1, []int64{12, 11, 10, 9, 8, 7, 6, 5, 4, 3}},
		{"second page", 10, 0, []int64{2, 1}},
		{"negative offset", -4, 3, []int64{12, 11, 10}},
		{"everything", 0, helpdesk.PublicLimit, []int64{12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}},
	} {
		got, total, err := svc.PublicHelp(ctx, helpdesk.En, "", tc.offset, tc.limit)
		if err != nil || total != 12 || fmt.Sprint(ids(got)) != fmt.Sprint(tc.want) {
			t.Errorf("%s: %v of %d (%v), want %v of 12", tc.name, ids(got), total, err, tc.want)
		}
	}
	// The search looks in the language asked for only.
	if got, total, _ := svc.PublicHelp(ctx, helpdesk.En, " question 7 ", 0, 0); total != 1 || got[0].ID != 7 {
		t.Errorf("English search: %v", ids(got))
	}
	if _, total, _ := svc.PublicHelp(ctx, helpdesk.Ko, "question 7", 0, 0); total != 0 {
		t.Errorf("Korean search found English text: %d", total)
	}
	if _, _, err := svc.PublicHelp(ctx, helpdesk.Ko, strings.Repeat("가", helpdesk.MaxSearch+1), 0, 0); fields(err)["q"] != helpdesk.CodeSearchTooLong {
		t.Errorf("long search: %v", err)
	}
	// A published post is readable; the unpublished one and an FAQ id are not.
	if e, err := svc.PublicEntry(ctx, helpdesk.KindHelp, 12); err != nil || e.TitleEn != "Question 12" {
		t.Errorf("published post: %+v %v", e, err)
	}
	for _, id := range []int64{13, 99} {
		if _, err := svc.PublicEntry(ctx, helpdesk.KindHelp, id); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("post %d: %v, want 404", id, err)
		}
	}
}

// The back office lists drafts too, 25 to a page unless asked for 1 to 100,
// and reads an entry only through its own kind.
func TestBackOfficeListAndGet(t *testing.T) {
	t.Parallel()
	svc, _ := newService()
	ctx := context.Background()
	for i := 1; i <= 30; i++ {
		if _, err := svc.Save(ctx, sys, helpPost(i, i%2 == 0)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name     string
		q        helpdesk.Query
		n, total int
		first    int64
	}{
		{"default page, drafts included", helpdesk.Query{Kind: helpdesk.KindHelp}, 25, 30, 30},
		{"over the maximum", helpdesk.Query{Kind: helpdesk.KindHelp, Limit: 500}, 25, 30, 30},
		{"negative offset", helpdesk.Query{Kind: helpdesk.KindHelp, Offset: -1, Limit: 5}, 5, 30, 30},
		{"drafts only, by id", helpdesk.Query{Kind: helpdesk.KindHelp, Published: new(bool), Sort: "id", Limit: 100}, 15, 15, 1},
		{"search trimmed", helpdesk.Query{Kind: helpdesk.KindHelp, Lang: helpdesk.En, Search: "  Question 3 "}, 2, 2, 30},
		{"the other kind", helpdesk.Query{Kind: helpdesk.KindFAQ}, 0, 0, 0},
	} {
		got, total, err := svc.List(ctx, sys, tc.q)
		if err != nil || len(got) != tc.n || total != tc.total || (tc.n > 0 && got[0].ID != tc.first) {
			t.Errorf("%s: %v of %d (%v)", tc.name, ids(got), total, err)
		}
	}
	if _, _, err := svc.List(ctx, sys, helpdesk.Query{Kind: helpdesk.KindHelp, Search: strings.Repeat("x", helpdesk.MaxSearch+1)}); fields(err)["q"] != helpdesk.CodeSearchTooLong {
		t.Errorf("long search: %v", err)
	}
	if e, err := svc.Get(ctx, sys, helpdesk.KindHelp, 3); err != nil || e.Published || e.TitleKo != "질문 3" {
		t.Errorf("draft: %+v %v", e, err)
	}
	if _, err := svc.Get(ctx, sys, helpdesk.KindFAQ, 3); apperr.KindOf(err) != apperr.KindNotFound || apperr.CodeOf(err) != helpdesk.CodeNotFound {
		t.Errorf("help post read as FAQ: %v", err)
	}
	if _, err := svc.Get(ctx, sys, helpdesk.KindHelp, 999); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("missing entry: %v", err)
	}
	for _, p := range []permission.Principal{school, user, {}} {
		if _, err := svc.Get(ctx, p, helpdesk.KindHelp, 3); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%v read a draft: %v", p.Roles, err)
		}
		if _, err := svc.Categories(ctx, p); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%v listed categories: %v", p.Roles, err)
		}
		if _, err := svc.Category(ctx, p, 1); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%v read a category: %v", p.Roles, err)
		}
		if _, err := svc.Save(ctx, p, helpPost(1, true)); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%v saved a post: %v", p.Roles, err)
		}
		if err := svc.Delete(ctx, p, helpdesk.KindHelp, 3); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%v deleted a post: %v", p.Roles, err)
		}
		if err := svc.DeleteCategory(ctx, p, 1); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%v deleted a category: %v", p.Roles, err)
		}
	}
}

// An update keeps the entry's creation time and kind; a refused save
// (invalid, another kind, a missing id, an unknown category) changes nothing
// and writes no audit row.
func TestSaveRefusals(t *testing.T) {
	t.Parallel()
	svc, store := newService()
	ctx := context.Background()
	post, err := svc.Save(ctx, sys, helpPost(1, false))
	if err != nil {
		t.Fatal(err)
	}
	before := len(store.Logged())
	faq := helpdesk.Entry{Kind: helpdesk.KindFAQ, CategoryID: 7, TitleKo: "질문", TitleEn: "Q", AnswerKo: "답", AnswerEn: "A"}
	for _, tc := range []struct {
		name  string
		in    helpdesk.Entry
		kind  apperr.Kind
		field string
		code  string
	}{
		{"blank answer", func() helpdesk.Entry { e := helpPost(2, true); e.AnswerKo = " "; return e }(), apperr.KindInvalid, "answerKo", helpdesk.CodeRequired},
		{"unknown category", faq, apperr.KindInvalid, "categoryId", helpdesk.CodeCategoryUnknown},
		{"help post id as FAQ", func() helpdesk.Entry { e := faq; e.ID = post.ID; return e }(), apperr.KindNotFound, "", helpdesk.CodeNotFound},
		{"missing id", func() helpdesk.Entry { e := helpPost(2, true); e.ID = 404; return e }(), apperr.KindNotFound, "", helpdesk.CodeNotFound},
	} {
		_, err := svc.Save(ctx, sys, tc.in)
		if apperr.KindOf(err) != tc.kind {
			t.Errorf("%s: %v, want kind %v", tc.name, err, tc.kind)
		}
		if tc.field != "" && fields(err)[tc.field] != tc.code {
			t.Errorf("%s: fields %v, want %s=%s", tc.name, fields(err), tc.field, tc.code)
		}
		if tc.field == "" && apperr.CodeOf(err) != tc.code {
			t.Errorf("%s: code %q, want %q", tc.name, apperr.CodeOf(err), tc.code)
		}
	}
	if n := len(store.Logged()); n != before {
		t.Fatalf("refused saves audited: %v", store.Logged()[before:])
	}
	post.TitleEn = "Renamed"
	post.CreatedAt = time.Time{} // what a form sends: the service keeps the stored one
	upd, err := svc.Save(ctx, sys, post)
	if err != nil || upd.TitleEn != "Renamed" || upd.CreatedAt.IsZero() {
		t.Fatalf("update %+v %v", upd, err)
	}
	if got, _ := svc.Get(ctx, sys, helpdesk.KindHelp, post.ID); got.TitleEn != "Renamed" {
		t.Fatalf("stored %+v", got)
	}
	l := store.Logged()[len(store.Logged())-1]
	if l.String() != "root help.update help:1" || l.Detail["before"].(map[string]any)["titleEn"] != "Question 1" ||
		l.Detail["after"].(map[string]any)["titleEn"] != "Renamed" {
		t.Fatalf("audit %v %v", l, l.Detail)
	}
	if err := svc.Delete(ctx, sys, helpdesk.KindHelp, 404); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("delete of a missing post: %v", err)
	}
}

// Categories: read, renamed (audited with before and after), refused when
// invalid or missing, and deleted once no entry uses them.
func TestCategoryLifecycle(t *testing.T) {
	t.Parallel()
	svc, store := newService()
	ctx := context.Background()
	for _, tc := range []struct {
		in    helpdesk.Category
		field string
		code  string
	}{
		{helpdesk.Category{KorName: " ", EngName: "Payment"}, "korName", helpdesk.CodeRequired},
		{helpdesk.Category{KorName: "결제", EngName: strings.Repeat("a", helpdesk.MaxName+1)}, "engName", helpdesk.CodeTooLong},
		{helpdesk.Category{KorName: "결제", EngName: "Payment", Order: helpdesk.MaxOrder + 1}, "order", helpdesk.CodeOrder},
	} {
		if _, err := svc.SaveCategory(ctx, sys, tc.in); fields(err)[tc.field] != tc.code {
			t.Errorf("%+v: %v, want %s=%s", tc.in, err, tc.field, tc.code)
		}
	}
	if _, err := svc.SaveCategory(ctx, sys, helpdesk.Category{ID: 9, KorName: "결제", EngName: "Payment"}); apperr.CodeOf(err) != helpdesk.CodeCategoryNotFound {
		t.Fatalf("update of a missing category: %v", err)
	}
	if len(store.Logged()) != 0 {
		t.Fatalf("refused saves audited: %v", store.Logged())
	}
	b, _ := svc.SaveCategory(ctx, sys, helpdesk.Category{KorName: "나중", EngName: "Later", Order: 2})
	a, _ := svc.SaveCategory(ctx, sys, helpdesk.Category{KorName: "먼저", EngName: "First", Order: 1})
	cats, err := svc.Categories(ctx, sys)
	if err != nil || len(cats) != 2 || cats[0].ID != a.ID || cats[1].ID != b.ID {
		t.Fatalf("categories not in order: %+v %v", cats, err)
	}
	b.EngName = " Afterwards "
	if _, err := svc.SaveCategory(ctx, sys, b); err != nil {
		t.Fatal(err)
	}
	if got, err := svc.Category(ctx, sys, b.ID); err != nil || got.EngName != "Afterwards" {
		t.Fatalf("renamed: %+v %v", got, err)
	}
	if _, err := svc.Category(ctx, sys, 99); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("missing category: %v", err)
	}
	if err := svc.DeleteCategory(ctx, sys, 99); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("delete of a missing category: %v", err)
	}
	if err := svc.DeleteCategory(ctx, sys, a.ID); err != nil {
		t.Fatal(err)
	}
	if cats, _ := svc.Categories(ctx, sys); len(cats) != 1 || cats[0].ID != b.ID {
		t.Fatalf("after delete: %+v", cats)
	}
	var got []string
	for _, l := range store.Logged() {
		got = append(got, l.String())
	}
	want := "root faq_category.create faq_category:1|root faq_category.create faq_category:2|" +
		"root faq_category.update faq_category:1|root faq_category.delete faq_category:2"
	if strings.Join(got, "|") != want {
		t.Fatalf("audit %v", got)
	}
	upd := store.Logged()[2].Detail
	if upd["before"].(map[string]any)["engName"] != "Later" || upd["after"].(map[string]any)["engName"] != "Afterwards" {
		t.Fatalf("update detail %v", upd)
	}
	if del := store.Logged()[3].Detail; del["before"].(map[string]any)["korName"] != "먼저" {
		t.Fatalf("delete detail %v", del)
	}
}

// failing breaks one read of the store.
type failing struct {
	memstore.Helpdesk
	cats, entries bool
}

var errDown = errors.New("store down")

func (f failing) Categories(ctx context.Context) ([]helpdesk.Category, error) {
	if f.cats {
		return nil, errDown
	}
	return f.Helpdesk.Categories(ctx)
}

func (f failing) Entries(ctx context.Context, q helpdesk.Query) ([]helpdesk.Entry, int, error) {
	if f.entries {
		return nil, 0, errDown
	}
	return f.Helpdesk.Entries(ctx, q)
}

// A store failure reaches the public FAQ page as an error, never as an empty
// FAQ.
func TestPublicFAQStoreFailure(t *testing.T) {
	t.Parallel()
	for _, f := range []failing{{cats: true}, {entries: true}} {
		s := memstore.New()
		f.Helpdesk = memstore.Helpdesk{Store: s}
		svc := &helpdesk.Service{Store: f, Audit: memstore.AccessLog{Store: s}, Tx: s}
		if faq, err := svc.PublicFAQ(context.Background(), helpdesk.Ko, "", 0); !errors.Is(err, errDown) || faq.Entries != nil {
			t.Errorf("%+v: %+v %v", f, faq, err)
		}
	}
}
