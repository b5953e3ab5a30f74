// Package pgtest gives each test a throwaway, migrated database.
//
// Migrating from scratch costs a second or two; the suite makes about a
// hundred databases. So the migrations run once into a template named by a
// hash of the migration files, and each test's database is a copy of it
// (CREATE DATABASE ... TEMPLATE), which takes a few tens of milliseconds.
// A change to any migration file gives a new template name, so a stale
// template is never used. Old templates are left alone (another checkout's
// tests may be copying one at this moment); `make clean-test-db` drops them.
package pgtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/adapters/testenv"
	"github.com/gradapply/gradapply/migrations"
)

// DefaultURL is the server tests use unless TEST_DATABASE_URL says otherwise.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

const templatePrefix = "gradapply_tmpl_"

// New creates a fresh migrated database and drops it when the test ends.
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
	if err := create(ctx, u); err != nil {
		testenv.Missing(t, "pgtest: PostgreSQL", err)
	}
	t.Cleanup(func() { _ = postgres.DropDatabase(context.Background(), dsn) })
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("pgtest: open: %v", err)
	}
	t.Cleanup(db.Close)
	return db, dsn
}

// create makes the database named in u as a copy of the current template,
// building the template first when no test process has yet.
func create(ctx context.Context, u *url.URL) error {
	tmpl, err := templateName()
	if err != nil {
		return err
	}
	admin := *u
	admin.Path = "/postgres"
	conn, err := pgx.Connect(ctx, admin.String())
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer conn.Close(ctx)
	if err := ensureTemplate(ctx, conn, admin, tmpl); err != nil {
		return err
	}
	name := strings.TrimPrefix(u.Path, "/")
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE "+pgx.Identifier{tmpl}.Sanitize())
	if err != nil {
		return fmt.Errorf("create database: %w", err)
	}
	return nil
}

// ensureTemplate builds the template under an advisory lock, so that test
// processes running at once build it once. It migrates a scratch database
// and renames it, so a build that dies half-way never leaves a template
// that looks finished.
func ensureTemplate(ctx context.Context, conn *pgx.Conn, admin url.URL, tmpl string) error {
	if ok, err := exists(ctx, conn, tmpl); err != nil || ok {
		return err
	}
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(hashtext('gradapply pgtest template'))"); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	defer func() {
		_, _ = conn.Exec(context.Background(), "SELECT pg_advisory_unlock(hashtext('gradapply pgtest template'))")
	}()
	if ok, err := exists(ctx, conn, tmpl); err != nil || ok {
		return err
	}
	build := tmpl + "_build"
	scratch := admin
	scratch.Path = "/" + build
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{build}.Sanitize()+" WITH (FORCE)"); err != nil {
		return fmt.Errorf("drop scratch: %w", err)
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{build}.Sanitize()); err != nil {
		return fmt.Errorf("create scratch: %w", err)
	}
	if err := postgres.Migrate(ctx, scratch.String()); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if _, err := conn.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{build}.Sanitize()+" RENAME TO "+pgx.Identifier{tmpl}.Sanitize()); err != nil {
		return fmt.Errorf("rename template: %w", err)
	}
	return nil
}

func exists(ctx context.Context, conn *pgx.Conn, name string) (bool, error) {
	var ok bool
	err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("check template: %w", err)
	}
	return ok, nil
}

// templateName is the prefix and a hash of every migration file's name and
// content.
func templateName() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("hash migrations: %w", err)
	}
	return templatePrefix + hex.EncodeToString(h.Sum(nil))[:16], nil
}
