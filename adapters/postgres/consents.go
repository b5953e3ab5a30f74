package postgres

import (
	"context"
	"fmt"

	"github.com/gradapply/gradapply/core/school"
)

// Consents stores the consents accepted at submission.
type Consents struct{ DB *DB }

// Accept stores (or renews) accepted consent items.
func (s Consents) Accept(ctx context.Context, applNo int64, acc []school.Acceptance) error {
	for _, a := range acc {
		_, err := s.DB.exec(ctx, Builder.Insert("appl_consent").Columns("appl_no", "code", "version", "accepted_at").
			Values(applNo, a.Code, a.Version, a.At).
			Suffix("ON CONFLICT (appl_no, code) DO UPDATE SET version = EXCLUDED.version, accepted_at = EXCLUDED.accepted_at"))
		if err != nil {
			return fmt.Errorf("postgres: consent: %w", err)
		}
	}
	return nil
}
