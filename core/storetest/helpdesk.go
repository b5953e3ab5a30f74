package storetest

import (
	"context"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/helpdesk"
	"github.com/gradapply/gradapply/core/port"
)

// HelpdeskEnv is a fresh, empty FAQ and help-board store.
type HelpdeskEnv struct {
	Tx    port.Tx
	Store helpdesk.Store
}

func titles(list []helpdesk.Entry) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = e.TitleEn
	}
	return out
}

// RunHelpdesk is the contract of helpdesk.Store.
func RunHelpdesk(t *testing.T, newEnv func(t *testing.T) HelpdeskEnv) {
	ctx := context.Background()
	t.Run("categories keep their order and refuse deletion while entries use them", func(t *testing.T) {
		t.Parallel()
		s := newEnv(t).Store
		b, err := s.SaveCategory(ctx, helpdesk.Category{KorName: "결제", EngName: "Payment", Order: 2})
		if err != nil {
			t.Fatal(err)
		}
		a, _ := s.SaveCategory(ctx, helpdesk.Category{KorName: "회원", EngName: "Account", Order: 1})
		cats, _ := s.Categories(ctx)
		if len(cats) != 2 || cats[0].ID != a.ID || cats[1] != b {
			t.Fatalf("categories %+v", cats)
		}
		b.EngName = "Payment and refunds"
		if _, err := s.SaveCategory(ctx, b); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Category(ctx, b.ID); got.EngName != "Payment and refunds" {
			t.Fatalf("updated category %+v", got)
		}
		if _, err := s.SaveEntry(ctx, helpdesk.Entry{Kind: helpdesk.KindFAQ, CategoryID: b.ID, TitleKo: "q", TitleEn: "q", AnswerKo: "a", AnswerEn: "a"}); err != nil {
			t.Fatal(err)
		}
		wantCode(t, s.DeleteCategory(ctx, b.ID), apperr.KindConflict, helpdesk.CodeCategoryInUse)
		if err := s.DeleteCategory(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		_, err = s.Category(ctx, a.ID)
		wantCode(t, err, apperr.KindNotFound, helpdesk.CodeCategoryNotFound)
		wantCode(t, s.DeleteCategory(ctx, a.ID), apperr.KindNotFound, helpdesk.CodeCategoryNotFound)
	})
	t.Run("an FAQ entry needs a category that exists", func(t *testing.T) {
		t.Parallel()
		s := newEnv(t).Store
		_, err := s.SaveEntry(ctx, helpdesk.Entry{Kind: helpdesk.KindFAQ, CategoryID: 999, TitleKo: "q", TitleEn: "q", AnswerKo: "a", AnswerEn: "a"})
		if ae, ok := apperr.As(err); !ok || ae.Kind != apperr.KindInvalid || len(ae.Fields) != 1 || ae.Fields[0].Field != "categoryId" || ae.Fields[0].Code != helpdesk.CodeCategoryUnknown {
			t.Fatalf("unknown category: %v", err)
		}
	})
	t.Run("search finds a substring of the question or answer in one language only", func(t *testing.T) {
		t.Parallel()
		s := newEnv(t).Store
		c, _ := s.SaveCategory(ctx, helpdesk.Category{KorName: "결제", EngName: "Payment", Order: 1})
		c2, _ := s.SaveCategory(ctx, helpdesk.Category{KorName: "회원", EngName: "Account", Order: 0})
		add := func(cat int64, order int, pub bool, ko, en, ansKo, ansEn string) helpdesk.Entry {
			e, err := s.SaveEntry(ctx, helpdesk.Entry{Kind: helpdesk.KindFAQ, CategoryID: cat, Order: order, Published: pub,
				TitleKo: ko, TitleEn: en, AnswerKo: ansKo, AnswerEn: ansEn})
			if err != nil {
				t.Fatal(err)
			}
			return e
		}
		add(c.ID, 2, true, "전형료는 환불되나요?", "Is the fee refunded?", "접수 마감 전에는 전액 환불됩니다.", "Before the deadline, in full.")
		add(c.ID, 1, true, "결제 수단", "Payment methods", "카드와 가상계좌, PayPal", "Cards, virtual accounts, PayPal")
		add(c2.ID, 5, true, "비밀번호를 잊었어요", "I forgot my password", "비밀번호 찾기에서 재설정합니다. 100% 안전", "Reset it from Find password.")
		add(c2.ID, 1, false, "숨김 환불 항목", "Hidden refund entry", "미공개", "Unpublished")
		if _, err := s.SaveEntry(ctx, helpdesk.Entry{Kind: helpdesk.KindHelp, TitleKo: "환불 문의", TitleEn: "Refund question",
			BodyKo: "환불", BodyEn: "refund", AnswerKo: "답", AnswerEn: "answer", Published: true}); err != nil {
			t.Fatal(err)
		}
		pub := true
		q := helpdesk.Query{Kind: helpdesk.KindFAQ, Lang: helpdesk.Ko, Published: &pub, Limit: 10}
		all, total, err := s.Entries(ctx, q)
		if err != nil || total != 3 || !slices.Equal(titles(all), []string{"I forgot my password", "Payment methods", "Is the fee refunded?"}) {
			t.Fatalf("public order (category order, entry order): %v %d %v", titles(all), total, err)
		}
		q.Search = "환불"
		if got, n, _ := s.Entries(ctx, q); n != 1 || got[0].TitleEn != "Is the fee refunded?" {
			t.Fatalf("Korean substring in ko: %v", titles(got))
		}
		q.Search = "가상"
		if got, _, _ := s.Entries(ctx, q); len(got) != 1 || got[0].TitleEn != "Payment methods" {
			t.Fatalf("Korean substring of an answer: %v", titles(got))
		}
		q.Lang = helpdesk.En
		if got, _, _ := s.Entries(ctx, q); len(got) != 0 {
			t.Fatalf("Korean words found in English texts: %v", titles(got))
		}
		q.Search = "PASSWORD"
		if got, _, _ := s.Entries(ctx, q); len(got) != 1 || got[0].TitleEn != "I forgot my password" {
			t.Fatalf("case-insensitive English: %v", titles(got))
		}
		q.Lang, q.Search = helpdesk.Ko, "0%"
		if got, _, _ := s.Entries(ctx, q); len(got) != 1 {
			t.Fatalf("a literal %% is searched for as itself: %v", titles(got))
		}
		q.Search = "_"
		if got, _, _ := s.Entries(ctx, q); len(got) != 0 {
			t.Fatalf("_ is no wildcard: %v", titles(got))
		}
		q.Search, q.Published, q.CategoryID = "", nil, c2.ID
		if got, n, _ := s.Entries(ctx, q); n != 2 || !slices.Equal(titles(got), []string{"Hidden refund entry", "I forgot my password"}) {
			t.Fatalf("one category, published or not: %v", titles(got))
		}
		q = helpdesk.Query{Kind: helpdesk.KindFAQ, Sort: "order", Desc: true, Offset: 1, Limit: 2}
		if got, n, _ := s.Entries(ctx, q); n != 4 || !slices.Equal(titles(got), []string{"Is the fee refunded?", "Hidden refund entry"}) {
			t.Fatalf("sorted page: %v %d", titles(got), n)
		}
		if got, n, _ := s.Entries(ctx, helpdesk.Query{Kind: helpdesk.KindHelp, Lang: helpdesk.Ko, Search: "환불", Limit: 10}); n != 1 || got[0].BodyEn != "refund" {
			t.Fatalf("help posts apart from the FAQ: %v", titles(got))
		}
	})
	t.Run("an update keeps the creation time; delete removes; a failed transaction leaves nothing", func(t *testing.T) {
		t.Parallel()
		env := newEnv(t)
		s := env.Store
		e, err := s.SaveEntry(ctx, helpdesk.Entry{Kind: helpdesk.KindHelp, TitleKo: "제목", TitleEn: "Title", BodyKo: "본문\n\n둘째 문단",
			BodyEn: "Body", AnswerKo: "답변", AnswerEn: "Answer", Order: 3})
		if err != nil || e.ID == 0 || e.CreatedAt.IsZero() || e.UpdatedAt.IsZero() {
			t.Fatalf("create: %+v %v", e, err)
		}
		got, err := s.Entry(ctx, e.ID)
		if err != nil || got.BodyKo != "본문\n\n둘째 문단" || got.Order != 3 || !got.CreatedAt.Equal(e.CreatedAt) {
			t.Fatalf("read: %+v %v", got, err)
		}
		e.Published, e.UpdatedBy = true, "admin"
		u, err := s.SaveEntry(ctx, e)
		if err != nil || !u.CreatedAt.Equal(e.CreatedAt) || !u.Published {
			t.Fatalf("update: %+v %v", u, err)
		}
		if got, _ := s.Entry(ctx, e.ID); !got.Published || got.UpdatedBy != "admin" {
			t.Fatalf("after update: %+v", got)
		}
		err = env.Tx.InTx(ctx, func(ctx context.Context) error {
			if _, err := s.SaveEntry(ctx, helpdesk.Entry{Kind: helpdesk.KindHelp, TitleKo: "x", TitleEn: "x"}); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatal(err)
		}
		if _, n, _ := s.Entries(ctx, helpdesk.Query{Kind: helpdesk.KindHelp, Limit: 10}); n != 1 {
			t.Fatalf("rolled back entry kept: %d", n)
		}
		if err := s.DeleteEntry(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		_, err = s.Entry(ctx, e.ID)
		wantCode(t, err, apperr.KindNotFound, helpdesk.CodeNotFound)
		wantCode(t, s.DeleteEntry(ctx, e.ID), apperr.KindNotFound, helpdesk.CodeNotFound)
	})
}
