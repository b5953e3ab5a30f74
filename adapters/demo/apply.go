package demo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gradapply/gradapply/adapters/postgres"
)

// readApply reads dir/apply.json: each demo school's form reference data
// (majors and parts, steps, language exams, essays, consents, surveys, info
// settings). A missing file means none.
func readApply(dir string) (map[string]postgres.DemoApply, error) {
	b, err := os.ReadFile(filepath.Join(dir, "apply.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	var m map[string]postgres.DemoApply
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("demo: apply.json: %w", err)
	}
	return m, nil
}

// loadApply writes the form reference data of the demo schools present in
// the database, once (a database loaded before apply.json existed gets it
// on the next start).
func loadApply(ctx context.Context, db *postgres.DB, d Data) error {
	if len(d.Apply) == 0 {
		return nil
	}
	return db.InTx(ctx, func(ctx context.Context) error {
		done, err := postgres.HasDemoApply(ctx, db)
		if err != nil || done {
			return err
		}
		for _, s := range d.Schools {
			a, ok := d.Apply[s.SchoolCode]
			if !ok {
				continue
			}
			var n int
			if err := db.Pool.QueryRow(ctx, "SELECT count(*) FROM school WHERE school_code = $1", s.SchoolCode).Scan(&n); err != nil {
				return fmt.Errorf("demo: %w", err)
			}
			if n == 0 {
				continue
			}
			if err := postgres.InsertDemoApply(ctx, db, s.SchoolCode, a); err != nil {
				return err
			}
		}
		return nil
	})
}
