package helpdesk_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/helpdesk"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
)

var (
	sys    = permission.Principal{UserID: "root", Roles: []permission.Role{permission.RoleSysAdmin}}
	school = permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
	user   = permission.Principal{UserID: "u", Roles: []permission.Role{permission.RoleUser}}
)

func newService() (*helpdesk.Service, *memstore.Store) {
	s := memstore.New()
	return &helpdesk.Service{Store: memstore.Helpdesk{Store: s}, Audit: memstore.AccessLog{Store: s}, Tx: s}, s
}

func fields(err error) map[string]string {
	out := map[string]string{}
	if ae, ok := apperr.As(err); ok {
		for _, f := range ae.Fields {
			out[f.Field] = f.Code
		}
	}
	return out
}

func TestValidateEntry(t *testing.T) {
	t.Parallel()
	ok := helpdesk.Entry{Kind: helpdesk.KindFAQ, CategoryID: 1, TitleKo: "질문", TitleEn: "Q", AnswerKo: "답", AnswerEn: "A"}
	cases := []struct {
		name string
		edit func(*helpdesk.Entry)
		want map[string]string
	}{
		{"complete FAQ entry", func(*helpdesk.Entry) {}, map[string]string{}},
		{"blank Korean question", func(e *helpdesk.Entry) { e.TitleKo = "  " }, map[string]string{"titleKo": helpdesk.CodeRequired}},
		{"no English answer", func(e *helpdesk.Entry) { e.AnswerEn = "" }, map[string]string{"answerEn": helpdesk.CodeRequired}},
		{"no category", func(e *helpdesk.Entry) { e.CategoryID = 0 }, map[string]string{"categoryId": helpdesk.CodeRequired}},
		{"title too long", func(e *helpdesk.Entry) { e.TitleEn = strings.Repeat("가", helpdesk.MaxTitle+1) }, map[string]string{"titleEn": helpdesk.CodeTooLong}},
		{"negative order", func(e *helpdesk.Entry) { e.Order = -1 }, map[string]string{"order": helpdesk.CodeOrder}},
		{"unknown kind", func(e *helpdesk.Entry) { e.Kind = "NEWS" }, map[string]string{"kind": helpdesk.CodeKind}},
		{"help post needs its question text", func(e *helpdesk.Entry) { e.Kind = helpdesk.KindHelp; e.BodyKo = "본문" },
			map[string]string{"bodyEn": helpdesk.CodeRequired}},
	}
	for _, c := range cases {
		e := ok
		c.edit(&e)
		got := fields(e.Normalise().Validate())
		if len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s: %s=%q, want %q", c.name, k, got[k], v)
			}
		}
	}
}

func TestOnlySystemAdminsWrite(t *testing.T) {
	t.Parallel()
	svc, store := newService()
	ctx := context.Background()
	for _, p := range []permission.Principal{school, user, {}} {
		if _, err := svc.SaveCategory(ctx, p, helpdesk.Category{KorName: "회원", EngName: "Account"}); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%v saved a category: %v", p.Roles, err)
		}
		if _, _, err := svc.List(ctx, p, helpdesk.Query{Kind: helpdesk.KindFAQ}); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%v listed entries: %v", p.Roles, err)
		}
	}
	if len(store.Logged()) != 0 {
		t.Fatalf("refused calls were audited: %v", store.Logged())
	}
}

func TestChangesAuditedAndPublicSeesPublishedOnly(t *testing.T) {
	t.Parallel()
	svc, store := newService()
	ctx := context.Background()
	c, err := svc.SaveCategory(ctx, sys, helpdesk.Category{KorName: " 결제 ", EngName: "Payment", Order: 1})
	if err != nil || c.KorName != "결제" {
		t.Fatalf("category %+v %v", c, err)
	}
	e, err := svc.Save(ctx, sys, helpdesk.Entry{Kind: helpdesk.KindFAQ, CategoryID: c.ID, TitleKo: "환불 규정", TitleEn: "Refund rules",
		AnswerKo: "첫 문단\r\n\r\n둘째 문단", AnswerEn: "One\n\nTwo", BodyKo: "dropped"})
	if err != nil || e.AnswerKo != "첫 문단\n\n둘째 문단" || e.BodyKo != "" || e.UpdatedBy != "root" {
		t.Fatalf("save %+v %v", e, err)
	}
	faq, err := svc.PublicFAQ(ctx, helpdesk.Ko, "환불", 0)
	if err != nil || len(faq.Entries) != 0 || len(faq.Categories) != 1 {
		t.Fatalf("unpublished entry shown: %+v %v", faq, err)
	}
	if _, err := svc.PublicEntry(ctx, helpdesk.KindFAQ, e.ID); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("unpublished entry read: %v", err)
	}
	e.Published = true
	if _, err := svc.Save(ctx, sys, e); err != nil {
		t.Fatal(err)
	}
	if faq, _ = svc.PublicFAQ(ctx, helpdesk.Ko, " 환불 ", 0); len(faq.Entries) != 1 {
		t.Fatalf("published entry not found: %+v", faq)
	}
	if _, err := svc.PublicEntry(ctx, helpdesk.KindHelp, e.ID); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("an FAQ entry read as a help post: %v", err)
	}
	if _, err := svc.PublicFAQ(ctx, helpdesk.Ko, strings.Repeat("x", helpdesk.MaxSearch+1), 0); fields(err)["q"] != helpdesk.CodeSearchTooLong {
		t.Fatalf("long search: %v", err)
	}
	if err := svc.Delete(ctx, sys, helpdesk.KindHelp, e.ID); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("deleted through the other kind: %v", err)
	}
	if err := svc.DeleteCategory(ctx, sys, c.ID); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("category in use deleted: %v", err)
	}
	if err := svc.Delete(ctx, sys, helpdesk.KindFAQ, e.ID); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range store.Logged() {
		got = append(got, l.String())
	}
	want := []string{"root faq_category.create faq_category:1", "root faq.create faq:1", "root faq.update faq:1", "root faq.delete faq:1"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("audit %v, want %v", got, want)
	}
	upd := store.Logged()[2].Detail
	if upd["before"].(map[string]any)["published"] != false || upd["after"].(map[string]any)["published"] != true {
		t.Fatalf("update audit detail %v", upd)
	}
}
