package filestore_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/gradapply/gradapply/adapters/filestore"
	"github.com/gradapply/gradapply/adapters/filestore/s3test"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/storetest"
)

// The same contract on a real S3 server (versitygw), a bucket per subtest.
func TestContractFilesS3(t *testing.T) {
	t.Parallel()
	srv := s3test.Start(t)
	storetest.RunFiles(t, func(t *testing.T) document.FileStore { return srv.Store(t) })
}

// bucket lists what a bucket holds: objects and unfinished multipart uploads.
func bucket(t *testing.T, cfg filestore.S3Config) (objects []string, uploads int) {
	t.Helper()
	cl, err := minio.New(cfg.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""), Region: cfg.Region})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for o := range cl.ListObjects(ctx, cfg.Bucket, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		objects = append(objects, o.Key)
	}
	res, err := minio.Core{Client: cl}.ListMultipartUploads(ctx, cfg.Bucket, "", "", "", "", 1000)
	if err != nil {
		t.Fatal(err)
	}
	return objects, len(res.Uploads)
}

// cancelAfter cancels its context once n bytes have been read.
type cancelAfter struct {
	r      io.Reader
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	m, err := c.r.Read(p)
	if c.n -= m; c.n <= 0 {
		c.cancel()
	}
	return m, err
}

// A refused, broken or abandoned upload of several parts is aborted: the
// bucket holds neither an object nor an unfinished upload afterwards.
func TestS3AbortsFailedUploads(t *testing.T) {
	t.Parallel()
	srv := s3test.Start(t)
	cfg := srv.Config()
	st, err := filestore.NewS3(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	body := bytes.Repeat([]byte("0123456789abcdef"), (12<<20)/16)
	if _, _, err := st.Put(ctx, bytes.NewReader(body), int64(len(body))-1); !errors.Is(err, document.ErrTooLarge) {
		t.Fatalf("over the limit in the third part: %v", err)
	}
	if _, _, err := st.Put(ctx, bytes.NewReader(body), filestore.PartSize-1); !errors.Is(err, document.ErrTooLarge) {
		t.Fatalf("over the limit in the first part: %v", err)
	}
	if _, _, err := st.Put(ctx, bytes.NewReader(body[:filestore.PartSize]), filestore.PartSize-1); !errors.Is(err, document.ErrTooLarge) {
		t.Fatalf("one byte over, the body exactly one part: %v", err)
	}
	broken := io.MultiReader(bytes.NewReader(body[:8<<20]), &failingReader{})
	if _, _, err := st.Put(ctx, broken, int64(len(body))); err == nil {
		t.Fatal("a broken upload was stored")
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if _, _, err := st.Put(cctx, &cancelAfter{r: bytes.NewReader(body), n: 6 << 20, cancel: cancel}, int64(len(body))); err == nil {
		t.Fatal("an upload whose request went away was stored")
	}
	if objs, ups := bucket(t, cfg); len(objs) != 0 || ups != 0 {
		t.Fatalf("left behind: objects %v, unfinished uploads %d", objs, ups)
	}
	// Exactly one part, and exactly the limit, is stored as one object.
	name, n, err := st.Put(ctx, bytes.NewReader(body[:filestore.PartSize]), filestore.PartSize)
	if err != nil || n != filestore.PartSize {
		t.Fatalf("one whole part: %d %v", n, err)
	}
	if objs, ups := bucket(t, cfg); len(objs) != 1 || objs[0] != name || ups != 0 {
		t.Fatalf("after one upload: objects %v (want %s), unfinished uploads %d", objs, name, ups)
	}
	if _, err := st.Open(ctx, "../"+name[3:]); err == nil {
		t.Fatal("a name the store never makes opened")
	}
}

// A store on a bucket that does not exist yet creates it; a second store
// on the same bucket (another replica) reads what the first stored.
func TestS3SharedBucket(t *testing.T) {
	t.Parallel()
	srv := s3test.Start(t)
	cfg := srv.Config()
	ctx := context.Background()
	a, err := filestore.NewS3(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := filestore.NewS3(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	name, _, err := a.Put(ctx, bytes.NewReader([]byte("hello")), 5)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := b.Open(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(rc)
	_ = rc.Close()
	if string(got) != "hello" {
		t.Fatalf("the other replica read %q", got)
	}
	if err := b.Delete(ctx, name); err != nil {
		t.Fatal(err)
	}
	if rc, err := a.Open(ctx, name); err == nil {
		_ = rc.Close()
		t.Fatal("deleted through one replica, still there for the other")
	}
	bad := cfg
	bad.SecretKey = "wrong"
	bad.Bucket = "gradapply-other"
	if _, err := filestore.NewS3(ctx, bad); err == nil {
		t.Fatal("wrong keys accepted at start")
	}
}
