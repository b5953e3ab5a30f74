package postgres_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gradapply/gradapply/adapters/fieldcrypt"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/privacy"
)

// roundTrips counts what a pool sends to the server and waits for: each
// query or exec (BEGIN and COMMIT included) and each batch.
type roundTrips struct{ n atomic.Int64 }

func (c *roundTrips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}
func (c *roundTrips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (c *roundTrips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	c.n.Add(1)
	return ctx
}
func (c *roundTrips) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (c *roundTrips) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

// countedDB opens a second pool on dsn whose round trips are counted.
func countedDB(t *testing.T, dsn string) (*postgres.DB, *roundTrips) {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	c := &roundTrips{}
	cfg.ConnConfig.Tracer = c
	cfg.MaxConns = 1 // one connection: statements are prepared once
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return &postgres.DB{Pool: pool}, c
}

// TestBasisSaveRoundTrips saves the basic info (BASIS_SAVE) through the
// real service over the real stores and counts the database round trips of
// the save, with the reference data cached as in the server: at most 6
// (BEGIN, the locked read of what the rules need, the writes, COMMIT).
func TestBasisSaveRoundTrips(t *testing.T) {
	t.Parallel()
	base, k := applyDB(t)
	ctx := context.Background()
	dsn := base.Pool.Config().ConnString()
	db, count := countedDB(t, dsn)
	key := make([]byte, 32)
	sealer, err := fieldcrypt.New(key)
	if err != nil {
		t.Fatal(err)
	}
	ref := &postgres.Reference{DB: db, TTL: time.Hour}
	s := &application.Service{Ref: ref, Apps: postgres.Applications{DB: db}, Forms: postgres.Forms{DB: db, Sealer: sealer},
		Emails: postgres.Emails{DB: db}, Log: postgres.AccessLog{DB: db}, Tx: db}
	r, err := ref.Round(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	part := application.Part{ApplPartNo: r.Parts[0].ApplPartNo, MajorCode: "M1", IsMaster: true, IsGeneralType: true, CategoryCode: "00001"}
	n, err := postgres.Applications{DB: db}.Create(ctx, creation(t, "kim", k, part))
	if err != nil {
		t.Fatal(err)
	}
	kim := permission.Principal{UserID: "kim", Roles: []permission.Role{permission.RoleUser}}
	info := form.ApplicantInfo{BasicInfo: form.BasicInfo{Gend: "M", FirstName: "Minh", LastName: "Nguyen", Nationality: "704",
		BirthDate: "1997-07-07", PassportNo: "C1234567", PassportIssueDate: "2020-01-10", PassportExpiryDate: "2090-01-10",
		PassportIssueCountry: "704", VisaTypeCode: "00999", VideoEssayURL: "https://example.com/essay.mp4", Mobile: "010-1234-5678", Email: "minh@example.com"},
		FamilyList: []form.FamilyMember{{Relation: "00001", Name: "Ba"}}}
	// the first save warms the caches and prepares the statements
	if _, _, err := s.SaveInfo(ctx, kim, n, info); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		info form.ApplicantInfo
	}{{"plain", info}, {"masked numbers sent back", func() form.ApplicantInfo {
		i := info
		i.PassportNo = privacy.MaskPassportNo(i.PassportNo)
		return i
	}()}} {
		count.n.Store(0)
		if _, _, err := s.SaveInfo(ctx, kim, n, c.info); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := count.n.Load()
		t.Logf("BASIS_SAVE (%s): %d round trips", c.name, got)
		if got > 6 {
			t.Errorf("BASIS_SAVE (%s): %d round trips, want at most 6", c.name, got)
		}
	}
	saved, ok, err := postgres.Forms{DB: base, Sealer: sealer}.Info(ctx, n)
	if err != nil || !ok || saved.PassportNo != "C1234567" || len(saved.FamilyList) != 1 || saved.LastName != "Nguyen" {
		t.Fatalf("saved: %+v %v %v", saved, ok, err)
	}
	h, err := postgres.Applications{DB: base}.Get(ctx, n)
	if err != nil || h.ApplicantName != "Minh Nguyen" || h.State.Status != application.BasisSave {
		t.Fatalf("header: %+v %v", h, err)
	}
}

// TestUpdateFormQueuedWriteFails: a write queued for the batch that the
// database refuses fails the change, and nothing of it stays: not the
// other queued writes, not the application row.
func TestUpdateFormQueuedWriteFails(t *testing.T) {
	t.Parallel()
	db, k := applyDB(t)
	ctx := context.Background()
	apps := postgres.Applications{DB: db}
	forms := postgres.Forms{DB: db}
	r, err := (&postgres.Reference{DB: db}).Round(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	part := application.Part{ApplPartNo: r.Parts[0].ApplPartNo, MajorCode: "M1", IsMaster: true, IsGeneralType: true, CategoryCode: "00001"}
	n, err := apps.Create(ctx, creation(t, "kim", k, part))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	err = apps.UpdateForm(ctx, n, func(ctx context.Context, a *application.Application, p application.Part) error {
		if p.MajorCode != "M1" || p.ApplPartNo != part.ApplPartNo {
			t.Errorf("part read with the lock: %+v", p)
		}
		if err := a.Rename("Queued Name"); err != nil {
			return err
		}
		if err := forms.MarkSaved(ctx, n, application.BasisSave, at); err != nil {
			return err
		}
		// no such application: the foreign key refuses it when the batch is sent
		return forms.MarkSaved(ctx, n+1000, application.BasisSave, at)
	})
	if err == nil {
		t.Fatal("a refused queued write was not reported")
	}
	h, err := apps.Get(ctx, n)
	if err != nil || h.ApplicantName != "" {
		t.Fatalf("row written despite the failure: %+v %v", h, err)
	}
	if _, saved, err := forms.SavedAt(ctx, n, application.BasisSave); err != nil || saved {
		t.Fatalf("queued write kept despite the failure: %v %v", saved, err)
	}
	if err := apps.UpdateForm(ctx, n+1000, func(context.Context, *application.Application, application.Part) error { return nil }); apperr.CodeOf(err) != application.CodeNotFound {
		t.Fatalf("unknown number: %v", err)
	}
}
