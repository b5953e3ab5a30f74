package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/gradapply/gradapply/core/account"
)

// UserAccessLog writes staff reads of account data to audit_log, with the client address.
type UserAccessLog struct{ DB *DB }

// Record appends one entry.
func (l UserAccessLog) Record(ctx context.Context, e account.AccessEntry) error {
	var detail []byte
	if e.Detail != nil {
		var err error
		if detail, err = json.Marshal(e.Detail); err != nil {
			return fmt.Errorf("postgres: audit detail: %w", err)
		}
	}
	_, err := l.DB.exec(ctx, Builder.Insert("audit_log").Columns("actor", "action", "target", "detail", "remote_addr").
		Values(e.Actor, e.Action, e.Target, detail, e.From))
	if err != nil {
		return fmt.Errorf("postgres: audit: %w", err)
	}
	return nil
}
