package config

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
)

// loadTestGateway reads PAY_TEST_GATEWAY (default: on in development, off
// in production) and TESTPG_WEBHOOK_SECRET.
func (c *Config) loadTestGateway(prod bool) error {
	on, err := envBool("PAY_TEST_GATEWAY", !prod)
	if err != nil {
		return err
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
