package mailer

import (
	"fmt"
	"log/slog"
)

// Transports.
const (
	TransportSMTP = "smtp"
	TransportFile = "file"
)

// Config selects and configures the transport (MAIL_TRANSPORT and friends).
type Config struct {
	Transport string     // "smtp" or "file"
	From      string     // MAIL_FROM, used by both transports
	Dir       string     // MAIL_DIR, for "file"
	SMTP      SMTPConfig // From is taken from Config.From when empty
}

// New builds the configured Sender.
func New(cfg Config, logger *slog.Logger) (Sender, error) {
	switch cfg.Transport {
	case TransportFile:
		return NewFileSender(cfg.Dir, cfg.From, logger)
	case TransportSMTP:
		smtp := cfg.SMTP
		if smtp.From == "" {
			smtp.From = cfg.From
		}
		return NewSMTPSender(smtp)
	}
	return nil, fmt.Errorf("mailer: unknown MAIL_TRANSPORT %q (smtp or file)", cfg.Transport)
}
