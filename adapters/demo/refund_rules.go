package demo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/refundrequest"
)

// RefundRule is a demo school's refund rule text (refund-rules.json).
type RefundRule struct {
	Ko string `json:"ko"`
	En string `json:"en"`
}

func readRefundRules(dir string) (map[string]RefundRule, error) {
	b, err := os.ReadFile(filepath.Join(dir, "refund-rules.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	var m map[string]RefundRule
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("demo: refund-rules.json: %w", err)
	}
	return m, nil
}

// loadRefundRules gives each demo school present in the database its
// refund rule text when it has none (a database loaded before the file
// existed gets it on the next start; a text staff changed stays).
func loadRefundRules(ctx context.Context, db *postgres.DB, d Data, now time.Time) error {
	if len(d.RefundRules) == 0 {
		return nil
	}
	store := postgres.RefundRequests{DB: db}
	return db.InTx(ctx, func(ctx context.Context) error {
		for _, s := range d.Schools {
			text, ok := d.RefundRules[s.SchoolCode]
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
			if _, has, err := store.Rule(ctx, s.SchoolCode); err != nil || has {
				if err != nil {
					return err
				}
				continue
			}
			if err := store.PutRule(ctx, refundrequest.Rule{SchoolCode: s.SchoolCode, Ko: text.Ko, En: text.En, UpdatedBy: "demo",
				UpdatedAt: now}); err != nil {
				return err
			}
		}
		return nil
	})
}
