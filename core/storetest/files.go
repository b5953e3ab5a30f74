package storetest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"github.com/gradapply/gradapply/core/document"
)

// RunFiles checks a file store (core/memstore's, adapters/filestore's
// Disk and S3) against document.FileStore: whole files under fresh names,
// the limit, a cancelled or broken upload refused, Delete idempotent, and
// a body of several megabytes (several parts of a multipart upload) read
// back byte for byte.
func RunFiles(t *testing.T, newFiles func(t *testing.T) document.FileStore) {
	ctx := context.Background()
	const absent = "0123456789abcdef0123456789abcdef" // a well-formed name nothing was stored under
	t.Run("put, open, delete", func(t *testing.T) {
		t.Parallel()
		fs := newFiles(t)
		body := []byte("%PDF-1.7 some bytes")
		name, size, err := fs.Put(ctx, bytes.NewReader(body), int64(len(body)))
		if err != nil || size != int64(len(body)) || name == "" {
			t.Fatalf("put: %q %d %v", name, size, err)
		}
		other, _, err := fs.Put(ctx, bytes.NewReader(body), int64(len(body)))
		if err != nil || other == name {
			t.Fatalf("a second put got name %q (first %q): %v", other, name, err)
		}
		rc, err := fs.Open(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(rc)
		_ = rc.Close()
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("open: %q %v", got, err)
		}
		if err := fs.Delete(ctx, name); err != nil {
			t.Fatal(err)
		}
		if rc, err := fs.Open(ctx, name); err == nil {
			_ = rc.Close()
			t.Fatal("a deleted file opens")
		}
		if err := fs.Delete(ctx, name); err != nil {
			t.Fatalf("deleting twice: %v", err)
		}
		if rc, err := fs.Open(ctx, other); err != nil {
			t.Fatalf("the other file: %v", err)
		} else {
			_ = rc.Close()
		}
	})
	t.Run("the limit, an absent name, a cancelled upload", func(t *testing.T) {
		t.Parallel()
		fs := newFiles(t)
		if _, size, err := fs.Put(ctx, bytes.NewReader(make([]byte, 10)), 10); err != nil || size != 10 {
			t.Fatalf("exactly the limit: %d %v", size, err)
		}
		if _, _, err := fs.Put(ctx, bytes.NewReader(make([]byte, 11)), 10); !errors.Is(err, document.ErrTooLarge) {
			t.Fatalf("over the limit: %v", err)
		}
		if rc, err := fs.Open(ctx, absent); err == nil {
			_ = rc.Close()
			t.Fatal("an absent file opens")
		}
		if err := fs.Delete(ctx, absent); err != nil {
			t.Fatalf("deleting an absent file: %v", err)
		}
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		if _, _, err := fs.Put(cancelled, bytes.NewReader([]byte("abc")), 10); err == nil {
			t.Fatal("an upload with a cancelled context was stored")
		}
	})
	t.Run("a body of several megabytes, over the limit, broken midway", func(t *testing.T) {
		t.Parallel()
		fs := newFiles(t)
		const size = 12<<20 + 12345 // past two 5 MiB parts
		body := bigBody(size)
		name, n, err := fs.Put(ctx, bytes.NewReader(body), size)
		if err != nil || n != size {
			t.Fatalf("put %d bytes: %d %v", size, n, err)
		}
		rc, err := fs.Open(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(rc)
		_ = rc.Close()
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("read back %d bytes (want %d), equal %v: %v", len(got), size, bytes.Equal(got, body), err)
		}
		if _, _, err := fs.Put(ctx, bytes.NewReader(body), size-1); !errors.Is(err, document.ErrTooLarge) {
			t.Fatalf("one byte over the limit: %v", err)
		}
		broken := io.MultiReader(bytes.NewReader(body[:7<<20]), errReader{})
		if _, _, err := fs.Put(ctx, broken, size); err == nil {
			t.Fatal("an upload broken after 7 MB was stored")
		}
		if err := fs.Delete(ctx, name); err != nil {
			t.Fatal(err)
		}
	})
}

// bigBody is n bytes that differ from part to part, so a part stored
// twice or out of order shows.
func bigBody(n int) []byte {
	b := make([]byte, n)
	x := uint32(2463534242)
	for i := range b {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b[i] = byte(x & 0xff)
	}
	return b
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("connection reset by peer") }
