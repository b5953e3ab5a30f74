package pgtest

import (
	"context"
	"io/fs"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/migrations"
)

// Each database is a copy of the template, holding every migration and no
// row another test wrote.
func TestNewCopiesAFullyMigratedTemplate(t *testing.T) {
	var files int
	_ = fs.WalkDir(migrations.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sql") {
			files++
		}
		return nil
	})
	ctx := context.Background()
	a, _ := New(t)
	var applied int
	if err := a.Pool.QueryRow(ctx, "SELECT count(DISTINCT version_id) FROM goose_db_version WHERE version_id > 0").Scan(&applied); err != nil {
		t.Fatal(err)
	}
	if applied != files {
		t.Fatalf("applied %d migrations, the repo has %d", applied, files)
	}
	if _, err := a.Pool.Exec(ctx, "CREATE TABLE pgtest_probe (x int)"); err != nil {
		t.Fatal(err)
	}
	b, _ := New(t)
	var n int
	if err := b.Pool.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE tablename = 'pgtest_probe'").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatal("a second database sees a table the first test made")
	}
}
