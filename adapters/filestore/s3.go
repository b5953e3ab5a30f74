package filestore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/gradapply/gradapply/core/document"
)

// PartSize is the size of one part of a multipart upload: the smallest S3
// accepts, since one part is all an upload holds in memory.
const PartSize = 5 << 20

// abortTimeout bounds the clean-up of a failed multipart upload.
const abortTimeout = 30 * time.Second

// S3Config is an S3-compatible bucket (AWS S3, MinIO, versitygw, ...).
type S3Config struct {
	Endpoint  string // host[:port], no scheme
	Bucket    string
	Region    string
	AccessKey string
	SecretKey string
	UseSSL    bool
}

// S3 stores files as objects of one bucket, keyed by the generated name,
// so every server replica reads what another one stored.
type S3 struct {
	core   minio.Core
	bucket string
	free   chan []byte // idle part buffers, kept for the next uploads
}

var _ document.FileStore = (*S3)(nil)

// NewS3 connects to the bucket, creating it when it does not exist yet.
func NewS3(ctx context.Context, c S3Config) (*S3, error) {
	if c.Endpoint == "" || c.Bucket == "" {
		return nil, errors.New("filestore: s3 needs an endpoint and a bucket")
	}
	if strings.Contains(c.Endpoint, "://") {
		return nil, fmt.Errorf("filestore: s3 endpoint %q: give host[:port] without a scheme (S3_USE_SSL chooses https)", c.Endpoint)
	}
	cl, err := minio.New(c.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""),
		Secure: c.UseSSL,
		Region: c.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("filestore: s3: %w", err)
	}
	ok, err := cl.BucketExists(ctx, c.Bucket)
	if err != nil {
		return nil, fmt.Errorf("filestore: s3 bucket %s: %w", c.Bucket, err)
	}
	if !ok {
		err := cl.MakeBucket(ctx, c.Bucket, minio.MakeBucketOptions{Region: c.Region})
		if err != nil && minio.ToErrorResponse(err).Code != minio.BucketAlreadyOwnedByYou {
			return nil, fmt.Errorf("filestore: s3 create bucket %s: %w", c.Bucket, err)
		}
	}
	return &S3{core: minio.Core{Client: cl}, bucket: c.Bucket, free: make(chan []byte, idleBuffers)}, nil
}

// idleBuffers is how many part buffers stay allocated between uploads, so
// a busy server does not make 5 MiB of garbage per upload; a bounded list
// rather than a sync.Pool, so what stays allocated when idle is a known
// 40 MiB at most.
const idleBuffers = 8

func (s *S3) buffer() []byte {
	select {
	case b := <-s.free:
		return b
	default:
		return make([]byte, PartSize)
	}
}

func (s *S3) release(b []byte) {
	select {
	case s.free <- b:
	default:
	}
}

// limited reads at most limit bytes of r and answers document.ErrTooLarge
// on the byte after, or ctx's error once ctx is done.
type limited struct {
	ctx  context.Context
	r    io.Reader
	left int64
}

func (l *limited) Read(p []byte) (int, error) {
	if err := l.ctx.Err(); err != nil {
		return 0, err
	}
	if l.left < 0 {
		return 0, document.ErrTooLarge
	}
	if l.left < int64(len(p))-1 {
		p = p[:l.left+1] // one byte past the limit is enough to know
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n - 1, document.ErrTooLarge
	}
	return n, err
}

// Put streams r into the bucket holding one part (PartSize) at a time: a
// body that fits one part is a single PUT, a longer one a multipart
// upload that is aborted when the body fails, passes the limit or ctx
// ends, so nothing is left behind.
func (s *S3) Put(ctx context.Context, r io.Reader, limit int64) (string, int64, error) {
	name := newName()
	buf := s.buffer()
	defer s.release(buf)
	src := &limited{ctx: ctx, r: r, left: limit}
	n, err := io.ReadFull(src, buf)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		if _, err := s.core.PutObject(ctx, s.bucket, name, bytes.NewReader(buf[:n]), int64(n), "", "", minio.PutObjectOptions{}); err != nil {
			return "", 0, fmt.Errorf("filestore: s3 put: %w", err)
		}
		return name, int64(n), nil
	}
	if errors.Is(err, document.ErrTooLarge) {
		return "", 0, document.ErrTooLarge
	}
	if err != nil {
		return "", 0, fmt.Errorf("filestore: s3 read: %w", err)
	}
	size, err := s.multipart(ctx, name, src, buf, n)
	if err != nil {
		return "", 0, err
	}
	return name, size, nil
}

// multipart uploads buf[:n] as the first part and the rest of src after it.
func (s *S3) multipart(ctx context.Context, name string, src io.Reader, buf []byte, n int) (size int64, err error) {
	id, err := s.core.NewMultipartUpload(ctx, s.bucket, name, minio.PutObjectOptions{})
	if err != nil {
		return 0, fmt.Errorf("filestore: s3 start upload: %w", err)
	}
	defer func() {
		if err != nil {
			// The request's context may be the reason: abort on one of our own.
			actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), abortTimeout)
			defer cancel()
			_ = s.core.AbortMultipartUpload(actx, s.bucket, name, id)
			if errors.Is(err, document.ErrTooLarge) {
				err = document.ErrTooLarge
			}
		}
	}()
	var parts []minio.CompletePart
	for {
		p, err := s.core.PutObjectPart(ctx, s.bucket, name, id, len(parts)+1, bytes.NewReader(buf[:n]), int64(n), minio.PutObjectPartOptions{})
		if err != nil {
			return 0, fmt.Errorf("filestore: s3 put part: %w", err)
		}
		parts = append(parts, minio.CompletePart{PartNumber: p.PartNumber, ETag: p.ETag})
		size += int64(n)
		var rerr error
		n, rerr = io.ReadFull(src, buf)
		if rerr == io.EOF {
			break
		}
		if rerr != nil && rerr != io.ErrUnexpectedEOF {
			return 0, fmt.Errorf("filestore: s3 read: %w", rerr)
		}
	}
	if _, err := s.core.CompleteMultipartUpload(ctx, s.bucket, name, id, parts, minio.PutObjectOptions{}); err != nil {
		return 0, fmt.Errorf("filestore: s3 complete upload: %w", err)
	}
	return size, nil
}

// Open streams a stored object; an absent one is an error at once, not
// at the first read.
func (s *S3) Open(ctx context.Context, name string) (io.ReadCloser, error) {
	if !validName(name) {
		return nil, fmt.Errorf("filestore: bad name %q", name)
	}
	body, _, _, err := s.core.GetObject(ctx, s.bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("filestore: s3 open: %w", err)
	}
	return body, nil
}

// Delete removes a stored object; a missing one is not an error.
func (s *S3) Delete(ctx context.Context, name string) error {
	if !validName(name) {
		return fmt.Errorf("filestore: bad name %q", name)
	}
	err := s.core.RemoveObject(ctx, s.bucket, name, minio.RemoveObjectOptions{})
	if err != nil && minio.ToErrorResponse(err).StatusCode != http.StatusNotFound {
		return fmt.Errorf("filestore: s3 delete: %w", err)
	}
	return nil
}
