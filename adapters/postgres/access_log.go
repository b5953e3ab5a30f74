package postgres

import (
	"context"
	"fmt"

	sq "github.com/Masterminds/squirrel"

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

var auditSortColumns = map[string]string{"id": "id", "createdAt": "created_at", "actor": "actor", "action": "action"}

// List answers one page of the access log and the total.
func (s AccessLog) List(ctx context.Context, q audit.Query) ([]audit.Entry, int, error) {
	where := sq.And{}
	if q.Actor != "" {
		where = append(where, sq.Eq{"actor": q.Actor})
	}
	switch {
	case q.Target != "" && q.ExactTarget:
		where = append(where, sq.Eq{"target": q.Target})
	case q.Target != "":
		where = append(where, sq.ILike{"target": "%" + escapeLike(q.Target) + "%"})
	}
	if q.Action != "" {
		where = append(where, sq.Like{"action": escapeLike(q.Action) + "%"})
	}
	if !q.From.IsZero() {
		where = append(where, sq.GtOrEq{"created_at": q.From})
	}
	if !q.To.IsZero() {
		where = append(where, sq.Lt{"created_at": q.To})
	}
	var total int
	if err := s.DB.queryRow(ctx, Builder.Select("count(*)").From("audit_log").Where(where)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: count audit log: %w", err)
	}
	col, ok := auditSortColumns[q.Sort]
	if !ok {
		col, q.Desc = "id", true
	}
	dir := " ASC"
	if q.Desc {
		dir = " DESC"
	}
	rows, err := s.DB.query(ctx, Builder.Select("id", "actor", "action", "target", "detail", "coalesce(remote_addr, '')", "created_at").
		From("audit_log").Where(where).OrderBy(col+dir, "id"+dir).Offset(u64(q.Offset)).Limit(u64(q.Limit)))
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: audit log: %w", err)
	}
	defer rows.Close()
	out := []audit.Entry{}
	for rows.Next() {
		var e audit.Entry
		if err := rows.Scan(&e.ID, &e.Actor, &e.Action, &e.Target, &e.Detail, &e.From, &e.CreatedAt); err != nil {
			return nil, 0, fmt.Errorf("postgres: audit row: %w", err)
		}
		out = append(out, e)
	}
	return out, total, rows.Err()
}
