// Package filestore keeps uploaded files under generated names (adapters
// of core/document.FileStore): Disk on local disk, S3 in an S3-compatible
// bucket that every server replica shares. Disk streams a file into a
// temporary file in the same directory and renames it into place only
// when it is complete, so an interrupted or refused upload leaves nothing.
package filestore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gradapply/gradapply/core/document"
)

// Disk stores files under Dir, spread over 256 sub-directories.
type Disk struct {
	Dir string
}

var _ document.FileStore = Disk{}

// New creates the directory if needed.
func New(dir string) (Disk, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return Disk{}, fmt.Errorf("filestore: %w", err)
	}
	return Disk{Dir: dir}, nil
}

func newName() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// validName reports whether name is one newName makes.
func validName(name string) bool {
	return len(name) == 32 && strings.Trim(name, "0123456789abcdef") == ""
}

// path maps a generated name to its file; any other name is refused, so a
// stored name can never reach outside Dir.
func (d Disk) path(name string) (string, error) {
	if !validName(name) {
		return "", fmt.Errorf("filestore: bad name %q", name)
	}
	return filepath.Join(d.Dir, name[:2], name), nil
}

// ctxReader stops reading when the request is cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// Put streams r to disk through a 32 KiB buffer, refusing more than limit
// bytes (document.ErrTooLarge).
func (d Disk) Put(ctx context.Context, r io.Reader, limit int64) (string, int64, error) {
	name := newName()
	final, _ := d.path(name)
	if err := os.MkdirAll(filepath.Dir(final), 0o750); err != nil {
		return "", 0, fmt.Errorf("filestore: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(final), ".upload-*")
	if err != nil {
		return "", 0, fmt.Errorf("filestore: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	n, err := io.Copy(tmp, io.LimitReader(ctxReader{ctx, r}, limit+1))
	if err != nil {
		return "", 0, fmt.Errorf("filestore: write: %w", err)
	}
	if n > limit {
		return "", 0, document.ErrTooLarge
	}
	if err := tmp.Sync(); err != nil {
		return "", 0, fmt.Errorf("filestore: sync: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return "", 0, fmt.Errorf("filestore: close: %w", err)
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		return "", 0, fmt.Errorf("filestore: rename: %w", err)
	}
	ok = true
	return name, n, nil
}

// Open opens a stored file.
func (d Disk) Open(_ context.Context, name string) (io.ReadCloser, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("filestore: open: %w", err)
	}
	return f, nil
}

// Delete removes a stored file; a missing one is not an error.
func (d Disk) Delete(_ context.Context, name string) error {
	p, err := d.path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("filestore: delete: %w", err)
	}
	return nil
}
