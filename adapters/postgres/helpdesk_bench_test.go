package postgres_test

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
	"github.com/gradapply/gradapply/core/helpdesk"
)

// BenchmarkFAQSearch is the public FAQ search (a Korean substring over
// question and answer, ILIKE, no index) on the seeded FAQ plus 2,000 more
// published entries, ten times what a service like this holds.
//
//	go test ./adapters/postgres/ -run '^$' -bench FAQSearch
func BenchmarkFAQSearch(b *testing.B) {
	db, _ := pgtest.New(b)
	ctx := context.Background()
	if _, err := db.Pool.Exec(ctx, `INSERT INTO helpdesk_entry (kind, category_id, title_ko, title_en, answer_ko, answer_en, published, sort_order)
		SELECT 'FAQ', 1 + g % 6, '질문 ' || g || ' 지원서 제출 기한', 'Question ' || g, repeat('답변 문단입니다. ', 40) || g, repeat('An answer. ', 40), true, g
		FROM generate_series(1, 2000) g`); err != nil {
		b.Fatal(err)
	}
	s := postgres.Helpdesk{DB: db}
	pub := true
	b.ResetTimer()
	for b.Loop() {
		list, _, err := s.Entries(ctx, helpdesk.Query{Kind: helpdesk.KindFAQ, Lang: helpdesk.Ko, Search: "환불", Published: &pub, Limit: 100})
		if err != nil || len(list) == 0 {
			b.Fatalf("%d %v", len(list), err)
		}
	}
}
