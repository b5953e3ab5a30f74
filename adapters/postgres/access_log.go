package postgres

import (
	"context"
	"fmt"

	"github.com/gradapply/gradapply/core/audit"
)

// AccessLog writes the audit log.
type AccessLog struct{ DB *DB }

// Record writes one audit entry, with the client address and what the
// request read (route, applNo, section) from the request's context.
func (s AccessLog) Record(ctx context.Context, actor, action, target string, detail map[string]any) error {
	req := audit.RequestOf(ctx)
	d := req.Detail()
	for k, v := range detail {
		d[k] = v
	}
	var dv any
	if len(d) > 0 {
		dv = d
	}
	_, err := s.DB.exec(ctx, Builder.Insert("audit_log").Columns("actor", "action", "target", "detail", "remote_addr").
		Values(actor, action, target, dv, req.Address))
	if err != nil {
		return fmt.Errorf("postgres: audit log: %w", err)
	}
	return nil
}
