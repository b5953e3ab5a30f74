package document_test

import (
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/document"
)

// Document-item precedence (was in the postgres adapter): the most
// specific level present applies as a whole.
func TestPickItems(t *testing.T) {
	t.Parallel()
	item := func(code string, l document.ItemLevel) document.DocItem {
		return document.DocItem{Item: document.Item{Code: code}, Level: l}
	}
	codes := func(list []document.DocItem) (out []string) {
		for _, it := range list {
			out = append(out, it.Code)
		}
		return out
	}
	for _, c := range []struct {
		rows []document.DocItem
		want string
	}{
		{[]document.DocItem{item("d1", document.LevelDefault), item("s1", document.LevelSchool), item("r1", document.LevelRound), item("r2", document.LevelRound)}, "r1 r2"},
		{[]document.DocItem{item("d1", document.LevelDefault), item("s1", document.LevelSchool), item("s2", document.LevelSchool)}, "s1 s2"},
		{[]document.DocItem{item("d1", document.LevelDefault), item("d2", document.LevelDefault)}, "d1 d2"},
		{nil, ""},
	} {
		if got := strings.Join(codes(document.PickItems(c.rows)), " "); got != c.want {
			t.Errorf("%v: %q want %q", codes(c.rows), got, c.want)
		}
	}
}
