package postgres_test

import (
	"context"
	"net/url"
	"testing"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
)

// The README's pool settings in DATABASE_URL work: the database is created
// and migrated through connections that do not pass them to PostgreSQL,
// and the pool takes them.
func TestPoolSettingsInDatabaseURL(t *testing.T) {
	t.Parallel()
	_, dsn := pgtest.New(t)
	u, _ := url.Parse(dsn)
	u.Path += "_pool"
	q := u.Query()
	q.Set("pool_max_conns", "64")
	q.Set("pool_min_conns", "2")
	u.RawQuery = q.Encode()
	ctx := context.Background()
	t.Cleanup(func() { _ = postgres.DropDatabase(context.Background(), u.String()) })
	if err := postgres.EnsureDatabase(ctx, u.String()); err != nil {
		t.Fatalf("create with pool settings: %v", err)
	}
	if err := postgres.Migrate(ctx, u.String()); err != nil {
		t.Fatalf("migrate with pool settings: %v", err)
	}
	db, err := postgres.Open(ctx, u.String())
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	defer db.Close()
	if got := db.Pool.Config().MaxConns; got != 64 {
		t.Fatalf("pool of %d, want the URL's 64", got)
	}
	// Without the setting the pool follows the machine: 4 per core, at least 20.
	plain, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if got := plain.Pool.Config().MaxConns; got != postgres.DefaultMaxConns() || got < 20 {
		t.Fatalf("default pool of %d", got)
	}
}
