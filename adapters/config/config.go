// Package config reads the service's settings from the environment. Every
// variable is listed, with its default, in the README.
package config

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// DefaultFontPath is NanumGothic of Debian's fonts-nanum.
const DefaultFontPath = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"

// Config is every setting of server and worker.
type Config struct {
	Env              string // development | production
	DatabaseURL      string
	RedisURL         string
	HTTPAddr         string
	PublicURL        string
	MailTransport    string // smtp | file
	MailDir          string
	MailFrom         string
	SMTPHost         string
	SMTPPort         int
	SMTPUsername     string
	SMTPPassword     string
	SMTPTLS          string // none | opportunistic | mandatory | tls
	DemoData         bool
	DemoDir          string
	DemoYear         int // the demo rounds' entrance year; 0: next year in Seoul
	TokenKey         []byte
	FieldKey         []byte // 32 bytes, AES-256-GCM for identification numbers
	CaptchaKey       string
	CaptchaMaxNumber int64
	CookieDomain     string
	CookieSecure     bool
	// TrustedProxies are the networks whose X-Forwarded-For, X-Real-IP and
	// X-Forwarded-Proto are believed; none means the socket address is the
	// client.
	TrustedProxies    []*net.IPNet
	HSTS              bool // send Strict-Transport-Security on every answer
	RunWorker         bool
	WorkerConcurrency int
	JobQueue          string
	// MetricsAddr is the metrics listener (METRICS_ADDR), never the public
	// port; "off" turns it off.
	MetricsAddr     string
	RateLimitPrefix string // Redis key prefix of rate-limit counters and captcha replay marks
	ApplicantDist   string
	AdminDist       string
	LogFormat       string // text | json
	LogLevel        string
	FileDir         string // uploaded documents (FILE_STORE=disk)
	FileStore       string // disk | s3
	S3              S3     // the bucket of FILE_STORE=s3
	FontPath        string // TrueType font of the PDFs (Korean glyphs)
	// PortOne and PayPal are the payment providers' accounts; without
	// credentials a provider is not offered.
	PortOne PortOne
	PayPal  PayPal
	// TestGateway offers our own test payment gateway (adapters/payment/testpg)
	// for every pay type no real provider serves; TestGatewaySecret signs
	// its webhooks ("whsec_" + base64).
	TestGateway       bool
	TestGatewaySecret string
	// RecommendRemindDays is how many days before the RECOMMEND deadline
	// unfinished recommenders get their one reminder.
	RecommendRemindDays int
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envBool(key string, def bool) (bool, error) {
	v := env(key, "")
	if v == "" {
		return def, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("config: %s must be true or false, got %q", key, v)
	}
	return b, nil
}

func envInt(key string, def int) (int, error) {
	v := env(key, "")
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s must be a number, got %q", key, v)
	}
	return n, nil
}

// Load reads the environment.
func Load() (Config, error) {
	c := Config{
		Env:           env("APP_ENV", "development"),
		DatabaseURL:   env("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/gradapply?sslmode=disable"),
		RedisURL:      env("REDIS_URL", "redis://127.0.0.1:6379/0"),
		HTTPAddr:      env("HTTP_ADDR", ":8080"),
		MailDir:       env("MAIL_DIR", "var/mail"),
		MailFrom:      env("MAIL_FROM", "GradApply <no-reply@gradapply.example>"),
		SMTPHost:      env("SMTP_HOST", "127.0.0.1"),
		SMTPUsername:  env("SMTP_USERNAME", ""),
		SMTPPassword:  env("SMTP_PASSWORD", ""),
		SMTPTLS:       env("SMTP_TLS", "opportunistic"),
		DemoDir:       env("DEMO_DIR", "testdata/demo"),
		CookieDomain:  env("COOKIE_DOMAIN", ""),
		ApplicantDist: env("APPLICANT_DIST", "apps/applicant/dist"),
		AdminDist:     env("ADMIN_DIST", "apps/admin/dist"),
		LogFormat:     env("LOG_FORMAT", "text"),
		LogLevel:      env("LOG_LEVEL", "info"),
		JobQueue:      env("JOB_QUEUE", "default"),
		MetricsAddr:   env("METRICS_ADDR", "127.0.0.1:9091"),
		FileDir:       env("FILE_DIR", "var/files"),
		FontPath:      env("FONT_PATH", DefaultFontPath),
	}
	if c.Env != "development" && c.Env != "production" {
		return c, fmt.Errorf("config: APP_ENV must be development or production, got %q", c.Env)
	}
	if c.MetricsAddr == "off" {
		c.MetricsAddr = ""
	}
	c.RateLimitPrefix = env("RATELIMIT_PREFIX", "gradapply:")
	prod := c.Env == "production"
	c.PublicURL = strings.TrimRight(env("PUBLIC_URL", "http://localhost"+portOf(c.HTTPAddr)), "/")
	def := "file"
	if prod {
		def = "smtp"
	}
	c.MailTransport = env("MAIL_TRANSPORT", def)
	var err error
	if c.SMTPPort, err = envInt("SMTP_PORT", 587); err != nil {
		return c, err
	}
	if c.DemoData, err = envBool("DEMO_DATA", false); err != nil {
		return c, err
	}
	if c.DemoYear, err = envInt("DEMO_YEAR", 0); err != nil {
		return c, err
	}
	if c.CookieSecure, err = envBool("COOKIE_SECURE", true); err != nil {
		return c, err
	}
	if c.HSTS, err = envBool("HSTS", false); err != nil {
		return c, err
	}
	if c.TrustedProxies, err = ParseCIDRs(env("TRUSTED_PROXIES", "")); err != nil {
		return c, err
	}
	if c.RunWorker, err = envBool("RUN_WORKER", true); err != nil {
		return c, err
	}
	if c.WorkerConcurrency, err = envInt("WORKER_CONCURRENCY", 10); err != nil {
		return c, err
	}
	if c.RecommendRemindDays, err = envInt("RECOMMEND_REMIND_DAYS", 3); err != nil {
		return c, err
	}
	n, err := envInt("CAPTCHA_MAX_NUMBER", 100000)
	if err != nil {
		return c, err
	}
	c.CaptchaMaxNumber = int64(n)
	if err := c.loadFileStore(); err != nil {
		return c, err
	}
	if err := c.secrets(prod); err != nil {
		return c, err
	}
	if err := c.loadPayment(prod); err != nil {
		return c, err
	}
	if err := c.loadTestGateway(prod); err != nil {
		return c, err
	}
	return c, nil
}

// ParseCIDRs reads a comma-separated list of networks; a bare address is
// one host (/32 or /128).
func ParseCIDRs(list string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			ip := net.ParseIP(f)
			if ip == nil {
				return nil, fmt.Errorf("config: TRUSTED_PROXIES: %q is not an address or CIDR", f)
			}
			bits := 128
			if ip.To4() != nil {
				ip, bits = ip.To4(), 32
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(f)
		if err != nil {
			return nil, fmt.Errorf("config: TRUSTED_PROXIES: %q is not an address or CIDR", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func portOf(addr string) string {
	if i := strings.LastIndexByte(addr, ':'); i >= 0 {
		return addr[i:]
	}
	return ":8080"
}

// secrets reads the keys; in development missing keys are generated once
// and kept in var/dev-secrets.json so sessions survive a restart.
func (c *Config) secrets(prod bool) error {
	vals := map[string]string{
		"TOKEN_SIGNING_KEY":    env("TOKEN_SIGNING_KEY", ""),
		"FIELD_ENCRYPTION_KEY": env("FIELD_ENCRYPTION_KEY", ""),
		"CAPTCHA_HMAC_KEY":     env("CAPTCHA_HMAC_KEY", ""),
	}
	var missing []string
	for k, v := range vals {
		if v == "" {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		if prod {
			return fmt.Errorf("config: %s must be set in production", strings.Join(missing, ", "))
		}
		path := filepath.Join("var", "dev-secrets.json")
		stored := map[string]string{}
		if b, err := os.ReadFile(path); err == nil {
			_ = json.Unmarshal(b, &stored)
		}
		for _, k := range missing {
			if stored[k] == "" {
				b := make([]byte, 32)
				_, _ = rand.Read(b)
				stored[k] = base64.StdEncoding.EncodeToString(b)
			}
			vals[k] = stored[k]
		}
		if err := os.MkdirAll("var", 0o700); err == nil {
			b, _ := json.MarshalIndent(stored, "", "  ")
			_ = os.WriteFile(path, b, 0o600)
		}
		slog.Warn("!!! DEVELOPMENT SECRETS: generated keys stored in var/dev-secrets.json; set them in production !!!",
			"generated", strings.Join(missing, ","))
	}
	c.TokenKey = []byte(vals["TOKEN_SIGNING_KEY"])
	if len(c.TokenKey) < 32 {
		return fmt.Errorf("config: TOKEN_SIGNING_KEY must be at least 32 characters")
	}
	fk, err := base64.StdEncoding.DecodeString(vals["FIELD_ENCRYPTION_KEY"])
	if err != nil || len(fk) != 32 {
		return fmt.Errorf("config: FIELD_ENCRYPTION_KEY must be 32 bytes, base64-encoded")
	}
	c.FieldKey = fk
	c.CaptchaKey = vals["CAPTCHA_HMAC_KEY"]
	return nil
}

// Logger builds the process logger.
func (c Config) Logger() *slog.Logger {
	lvl := slog.LevelInfo
	_ = lvl.UnmarshalText([]byte(c.LogLevel))
	opts := &slog.HandlerOptions{Level: lvl}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(os.Stdout, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stdout, opts))
}
