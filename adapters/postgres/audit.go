package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/audit"
)

// UserAccessLog writes staff reads of account data to audit_log, with the client address.
type UserAccessLog struct{ DB *DB }

// Record appends one entry.
func (l UserAccessLog) Record(ctx context.Context, e account.AccessEntry) error {
	req := audit.RequestOf(ctx)
	d := req.Detail()
	for k, v := range e.Detail {
		d[k] = v
	}
	var detail []byte
	if len(d) > 0 {
		var err error
		if detail, err = json.Marshal(d); err != nil {
			return fmt.Errorf("postgres: audit detail: %w", err)
		}
	}
	from := e.From
	if from == "" {
		from = req.Address
	}
	_, err := l.DB.exec(ctx, Builder.Insert("audit_log").Columns("actor", "action", "target", "detail", "remote_addr").
		Values(e.Actor, e.Action, e.Target, detail, from))
	if err != nil {
		return fmt.Errorf("postgres: audit: %w", err)
	}
	return nil
}
