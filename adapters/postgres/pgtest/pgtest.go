// Package pgtest gives each test package a throwaway, migrated database.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/testenv"
)

// DefaultURL is the server tests use unless TEST_DATABASE_URL says otherwise.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// New creates a fresh database, migrates it and drops it when the test ends.
// Without a reachable server the test fails (see package testenv for the opt-out).
func New(t testing.TB) (*postgres.DB, string) {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		base = DefaultURL
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	u.Path = "/gradapply_test_" + hex.EncodeToString(b)
	dsn := u.String()
	ctx := context.Background()
	if err := postgres.EnsureDatabase(ctx, dsn); err != nil {
		testenv.Missing(t, "pgtest: PostgreSQL", err)
	}
	t.Cleanup(func() { _ = postgres.DropDatabase(context.Background(), dsn) })
	if err := postgres.Migrate(ctx, dsn); err != nil {
		t.Fatalf("pgtest: migrate: %v", err)
	}
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("pgtest: open: %v", err)
	}
	t.Cleanup(db.Close)
	return db, dsn
}
