package app

import (
	"context"
	"log/slog"

	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/filestore"
	"github.com/gradapply/gradapply/core/document"
)

// openFiles builds the one file store every service shares: local disk
// (FILE_DIR) unless FILE_STORE=s3 names a bucket, which replicas share.
func openFiles(ctx context.Context, cfg config.Config) (document.FileStore, error) {
	if cfg.FileStore == "s3" {
		slog.Info("file store: s3", "endpoint", cfg.S3.Endpoint, "bucket", cfg.S3.Bucket, "ssl", cfg.S3.UseSSL)
		return filestore.NewS3(ctx, filestore.S3Config(cfg.S3))
	}
	return filestore.New(cfg.FileDir)
}
