package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/mail"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// TLSPolicy says how the SMTP connection is protected.
type TLSPolicy string

const (
	// TLSNone never uses TLS (a local relay or a test server).
	TLSNone TLSPolicy = "none"
	// TLSOpportunistic uses STARTTLS when the server offers it.
	TLSOpportunistic TLSPolicy = "opportunistic"
	// TLSMandatory requires STARTTLS (typical on port 587).
	TLSMandatory TLSPolicy = "mandatory"
	// TLSImplicit speaks TLS from the first byte (SMTPS, port 465).
	TLSImplicit TLSPolicy = "implicit"
)

// ParseTLSPolicy reads a policy from configuration; "" means mandatory.
func ParseTLSPolicy(s string) (TLSPolicy, error) {
	switch p := TLSPolicy(s); p {
	case "":
		return TLSMandatory, nil
	case TLSNone, TLSOpportunistic, TLSMandatory, TLSImplicit:
		return p, nil
	}
	return "", fmt.Errorf("mailer: unknown SMTP TLS policy %q (none, opportunistic, mandatory, implicit)", s)
}

// SMTPConfig configures the SMTP transport.
type SMTPConfig struct {
	Host     string
	Port     int    // default 587, or 465 with TLSImplicit
	Username string // empty: no authentication
	Password string
	From     string // e.g. `GradApply <no-reply@gradapply.example>`
	TLS      TLSPolicy
	// Timeout bounds connecting and each SMTP command; default 15 s.
	Timeout time.Duration
	// TLSConfig overrides the client's TLS settings (tests, private CAs).
	TLSConfig *tls.Config
}

// SMTPSender sends through an SMTP server with go-mail. Each Send uses its own
// connection, so one sender serves a worker's concurrent handlers.
type SMTPSender struct {
	from *mail.Address
	opts []gomail.Option
	host string
}

// NewSMTPSender checks the configuration.
func NewSMTPSender(cfg SMTPConfig) (*SMTPSender, error) {
	if cfg.Host == "" {
		return nil, errors.New("mailer: SMTP host is required")
	}
	from, err := ParseFrom(cfg.From)
	if err != nil {
		return nil, err
	}
	policy, err := ParseTLSPolicy(string(cfg.TLS))
	if err != nil {
		return nil, err
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = 15 * time.Second
	}
	opts := []gomail.Option{gomail.WithTimeout(timeout)}
	port := cfg.Port
	switch policy {
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	case TLSOpportunistic:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	case TLSMandatory:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
		if port == 0 {
			port = 465
		}
	}
	if port == 0 {
		port = 587
	}
	opts = append(opts, gomail.WithPort(port))
	if cfg.TLSConfig != nil {
		tc := cfg.TLSConfig.Clone()
		if tc.ServerName == "" {
			tc.ServerName = cfg.Host
		}
		opts = append(opts, gomail.WithTLSConfig(tc))
	}
	if cfg.Username != "" {
		// go-mail picks the strongest mechanism the server offers and refuses
		// to send a password in the clear over an unencrypted connection.
		opts = append(opts,
			gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(cfg.Username),
			gomail.WithPassword(cfg.Password))
	}
	// Fail now on a bad option, not at the first mail.
	if _, err := gomail.NewClient(cfg.Host, opts...); err != nil {
		return nil, fmt.Errorf("mailer: SMTP client: %w", err)
	}
	return &SMTPSender{from: from, opts: opts, host: cfg.Host}, nil
}

// Send delivers one message.
func (s *SMTPSender) Send(ctx context.Context, m Message) error {
	msg, err := buildMsg(s.from, m, false)
	if err != nil {
		return err
	}
	client, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("mailer: SMTP client: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		var se *gomail.SendError
		if errors.As(err, &se) && se.Reason == gomail.ErrSMTPRcptTo && !se.IsTemp() {
			return fmt.Errorf("%w: recipient refused: %v", ErrPermanent, err)
		}
		return fmt.Errorf("mailer: SMTP send: %w", err)
	}
	return nil
}
