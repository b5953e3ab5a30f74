package config

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
)

// loadTestGateway reads PAY_TEST_GATEWAY (default: on in development, off
// in production) and TESTPG_WEBHOOK_SECRET. Production refuses it: there
// anyone could approve their own fee.
func (c *Config) loadTestGateway(prod bool) error {
	on, err := envBool("PAY_TEST_GATEWAY", !prod)
	if err != nil {
		return err
	}
	if on && prod {
		return errors.New("config: PAY_TEST_GATEWAY=true is refused with APP_ENV=production: anyone could approve their own fee")
	}
	c.TestGateway = on
	c.TestGatewaySecret = env("TESTPG_WEBHOOK_SECRET", "")
	return nil
}

// TestGatewayWebhookSecret is TESTPG_WEBHOOK_SECRET, or one derived from
// the token key, so server and worker agree without another setting.
func (c Config) TestGatewayWebhookSecret() string {
	if c.TestGatewaySecret != "" {
		return c.TestGatewaySecret
	}
	m := hmac.New(sha256.New, c.TokenKey)
	m.Write([]byte("testpg webhook secret"))
	return "whsec_" + base64.StdEncoding.EncodeToString(m.Sum(nil))
}
