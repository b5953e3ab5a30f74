package postgres

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/inquiry"
)

// jsonRow is a row whose posts column holds stored JSON, decoded the way
// pgx decodes jsonb into a Go value.
type jsonRow struct{ posts string }

func (r jsonRow) Scan(dest ...any) error {
	return json.Unmarshal([]byte(r.posts), dest[10])
}

// A thread written with the keys inquiry.Post had reads, and a thread is
// written with the same keys.
func TestInquiryPostsOldRows(t *testing.T) {
	t.Parallel()
	const stored = `[{"Staff":true,"Author":"sysadmin","Body":"답변","At":"2026-02-01T09:00:00Z"},{"Staff":false,"Author":"lee","Body":"thanks","At":"2026-02-02T09:00:00Z"}]`
	q, err := scanInquiry(jsonRow{stored})
	want := []inquiry.Post{{Staff: true, Author: "sysadmin", Body: "답변", At: time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)},
		{Author: "lee", Body: "thanks", At: time.Date(2026, 2, 2, 9, 0, 0, 0, time.UTC)}}
	if err != nil || len(q.Posts) != 2 || q.Posts[0] != want[0] || q.Posts[1] != want[1] {
		t.Fatalf("posts: %+v %v", q.Posts, err)
	}
	b, _ := json.Marshal(inquiryValues(q)["posts"])
	if string(b) != stored {
		t.Fatalf("posts written as %s", b)
	}
	if b, _ := json.Marshal(inquiryValues(inquiry.Inquiry{})["posts"]); string(b) != "[]" {
		t.Fatalf("no posts written as %s", b)
	}
}
