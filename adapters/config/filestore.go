package config

import (
	"fmt"
	"strings"
)

// S3 is the bucket of FILE_STORE=s3.
type S3 struct {
	Endpoint  string // host[:port] of any S3-compatible server
	Bucket    string
	Region    string
	AccessKey string
	SecretKey string
	UseSSL    bool
}

// loadFileStore reads FILE_STORE (disk, the default, or s3) and the S3_*
// settings, which s3 requires.
func (c *Config) loadFileStore() error {
	c.FileStore = env("FILE_STORE", "disk")
	c.S3 = S3{
		Endpoint: env("S3_ENDPOINT", ""), Bucket: env("S3_BUCKET", ""), Region: env("S3_REGION", "us-east-1"),
		AccessKey: env("S3_ACCESS_KEY", ""), SecretKey: env("S3_SECRET_KEY", ""),
	}
	var err error
	if c.S3.UseSSL, err = envBool("S3_USE_SSL", true); err != nil {
		return err
	}
	switch c.FileStore {
	case "disk":
		return nil
	case "s3":
	default:
		return fmt.Errorf("config: FILE_STORE must be disk or s3, got %q", c.FileStore)
	}
	var missing []string
	for _, v := range []struct{ name, val string }{
		{"S3_ENDPOINT", c.S3.Endpoint}, {"S3_BUCKET", c.S3.Bucket}, {"S3_ACCESS_KEY", c.S3.AccessKey}, {"S3_SECRET_KEY", c.S3.SecretKey},
	} {
		if v.val == "" {
			missing = append(missing, v.name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("config: FILE_STORE=s3 needs %s", strings.Join(missing, ", "))
	}
	if strings.Contains(c.S3.Endpoint, "://") {
		return fmt.Errorf("config: S3_ENDPOINT is host[:port] without a scheme (S3_USE_SSL chooses https), got %q", c.S3.Endpoint)
	}
	return nil
}
