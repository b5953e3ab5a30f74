package postgres

import "context"

// ExecInTx runs SQL in the transaction ctx carries (tests only).
func ExecInTx(ctx context.Context, db *DB, sql string, args ...any) error {
	_, err := db.q(ctx).Exec(ctx, sql, args...)
	return err
}
