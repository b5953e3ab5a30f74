package config

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// PortOne is the PortOne V2 account of the service. With no API secret
// the service does not offer PortOne (the test gateway stands in).
type PortOne struct {
	APISecret string
	StoreID   string
	// WebhookSecrets are "whsec_..." secrets: the current one and, during
	// a rotation, the other one (both are accepted).
	WebhookSecrets []string
	BaseURL        string
}

// Enabled reports credentials to use.
func (p PortOne) Enabled() bool { return p.APISecret != "" }

// PayPal is the PayPal REST app of the service. With no client id the
// service does not offer PayPal.
type PayPal struct {
	ClientID  string // public: the browser SDK loads with it
	Secret    string
	WebhookID string // our webhook's id in PayPal's dashboard, for verify-webhook-signature
	BaseURL   string
}

// Enabled reports credentials to use.
func (p PayPal) Enabled() bool { return p.ClientID != "" }

// loadPayment reads the payment providers' settings: a provider is either
// fully configured or not at all.
func (c *Config) loadPayment(prod bool) error {
	c.PortOne = PortOne{
		APISecret: env("PORTONE_API_SECRET", ""),
		StoreID:   env("PORTONE_STORE_ID", ""),
		BaseURL:   strings.TrimRight(env("PORTONE_BASE_URL", "https://api.portone.io"), "/"),
	}
	for _, k := range []string{"PORTONE_WEBHOOK_SECRET", "PORTONE_WEBHOOK_SECRET_PREVIOUS"} {
		if v := env(k, ""); v != "" {
			b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(v, "whsec_"))
			if err != nil || len(b) == 0 {
				return fmt.Errorf("config: %s must be whsec_ followed by base64, as PortOne shows it", k)
			}
			c.PortOne.WebhookSecrets = append(c.PortOne.WebhookSecrets, v)
		}
	}
	if c.PortOne.Enabled() && (c.PortOne.StoreID == "" || env("PORTONE_WEBHOOK_SECRET", "") == "") {
		return fmt.Errorf("config: PORTONE_API_SECRET needs PORTONE_STORE_ID and PORTONE_WEBHOOK_SECRET")
	}
	if !c.PortOne.Enabled() && (c.PortOne.StoreID != "" || len(c.PortOne.WebhookSecrets) > 0) {
		return fmt.Errorf("config: PORTONE_STORE_ID or PORTONE_WEBHOOK_SECRET set without PORTONE_API_SECRET")
	}
	defPayPal := "https://api-m.sandbox.paypal.com"
	if prod {
		defPayPal = "https://api-m.paypal.com"
	}
	c.PayPal = PayPal{
		ClientID:  env("PAYPAL_CLIENT_ID", ""),
		Secret:    env("PAYPAL_CLIENT_SECRET", ""),
		WebhookID: env("PAYPAL_WEBHOOK_ID", ""),
		BaseURL:   strings.TrimRight(env("PAYPAL_BASE_URL", defPayPal), "/"),
	}
	if c.PayPal.Enabled() && (c.PayPal.Secret == "" || c.PayPal.WebhookID == "") {
		return fmt.Errorf("config: PAYPAL_CLIENT_ID needs PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID")
	}
	if !c.PayPal.Enabled() && (c.PayPal.Secret != "" || c.PayPal.WebhookID != "") {
		return fmt.Errorf("config: PAYPAL_CLIENT_SECRET or PAYPAL_WEBHOOK_ID set without PAYPAL_CLIENT_ID")
	}
	return nil
}
