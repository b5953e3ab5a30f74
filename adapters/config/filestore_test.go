package config

import (
	"strings"
	"testing"
)

// Not parallel: they set environment variables.

func TestFileStoreDefaultsToDisk(t *testing.T) {
	for _, k := range []string{"FILE_STORE", "S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY", "S3_SECRET_KEY", "S3_USE_SSL"} {
		t.Setenv(k, "")
	}
	var c Config
	if err := c.loadFileStore(); err != nil || c.FileStore != "disk" || !c.S3.UseSSL || c.S3.Region != "us-east-1" {
		t.Fatalf("defaults: %q %+v %v", c.FileStore, c.S3, err)
	}
}

func TestFileStoreS3(t *testing.T) {
	t.Setenv("FILE_STORE", "s3")
	t.Setenv("S3_ENDPOINT", "")
	t.Setenv("S3_BUCKET", "files")
	t.Setenv("S3_ACCESS_KEY", "")
	t.Setenv("S3_SECRET_KEY", "secret")
	var c Config
	err := c.loadFileStore()
	if err == nil || !strings.Contains(err.Error(), "S3_ENDPOINT, S3_ACCESS_KEY") {
		t.Fatalf("missing settings: %v", err)
	}
	t.Setenv("S3_ENDPOINT", "https://s3.example.com")
	t.Setenv("S3_ACCESS_KEY", "key")
	if err := c.loadFileStore(); err == nil || !strings.Contains(err.Error(), "S3_ENDPOINT") {
		t.Fatalf("an endpoint with a scheme: %v", err)
	}
	t.Setenv("S3_ENDPOINT", "127.0.0.1:7070")
	t.Setenv("S3_USE_SSL", "false")
	t.Setenv("S3_REGION", "ap-northeast-2")
	if err := c.loadFileStore(); err != nil {
		t.Fatal(err)
	}
	want := S3{Endpoint: "127.0.0.1:7070", Bucket: "files", Region: "ap-northeast-2", AccessKey: "key", SecretKey: "secret"}
	if c.FileStore != "s3" || c.S3 != want {
		t.Fatalf("read %q %+v", c.FileStore, c.S3)
	}
	t.Setenv("FILE_STORE", "nfs")
	if err := c.loadFileStore(); err == nil || !strings.Contains(err.Error(), "FILE_STORE") {
		t.Fatalf("an unknown store: %v", err)
	}
}
