package filestore_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/filestore"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/storetest"
)

// files lists every file under dir (temporary ones included).
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestPutOpenDelete(t *testing.T) {
	t.Parallel()
	d, err := filestore.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	name, n, err := d.Put(ctx, strings.NewReader("hello"), 5)
	if err != nil || n != 5 || len(name) != 32 {
		t.Fatalf("put: %q %d %v", name, n, err)
	}
	rc, err := d.Open(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "hello" {
		t.Fatalf("read %q", b)
	}
	if err := d.Delete(ctx, name); err != nil {
		t.Fatal(err)
	}
	if got := files(t, d.Dir); len(got) != 0 {
		t.Fatalf("left: %v", got)
	}
	if _, err := d.Open(ctx, "../../etc/passwd"); err == nil {
		t.Fatal("a name outside the store opened")
	}
}

type failingReader struct{ n int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("connection reset")
	}
	m := min(len(p), f.n)
	f.n -= m
	return m, nil
}

func TestRefusedAndInterruptedUploadsLeaveNothing(t *testing.T) {
	t.Parallel()
	d, _ := filestore.New(t.TempDir())
	ctx := context.Background()
	if _, _, err := d.Put(ctx, bytes.NewReader(make([]byte, 11)), 10); !errors.Is(err, document.ErrTooLarge) {
		t.Fatalf("over limit: %v", err)
	}
	if _, _, err := d.Put(ctx, &failingReader{n: 100000}, 1<<20); err == nil {
		t.Fatal("interrupted upload accepted")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := d.Put(cctx, strings.NewReader("x"), 10); err == nil {
		t.Fatal("cancelled upload accepted")
	}
	if got := files(t, d.Dir); len(got) != 0 {
		t.Fatalf("left behind: %v", got)
	}
	// Exactly the limit is fine.
	if _, n, err := d.Put(ctx, bytes.NewReader(make([]byte, 10)), 10); err != nil || n != 10 {
		t.Fatalf("at limit: %d %v", n, err)
	}
}

// The contract every file store keeps (core/memstore's too).
func TestContractFiles(t *testing.T) {
	t.Parallel()
	storetest.RunFiles(t, func(t *testing.T) document.FileStore {
		d, err := filestore.New(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		return d
	})
}
