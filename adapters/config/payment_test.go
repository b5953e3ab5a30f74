package config

import "testing"

// These tests set environment variables, so they do not run in parallel.

func TestPaymentProvidersAreOffByDefault(t *testing.T) {
	c := Config{}
	if err := c.loadPayment(false); err != nil {
		t.Fatal(err)
	}
	if c.PortOne.Enabled() || c.PayPal.Enabled() {
		t.Fatal("a provider is on without credentials")
	}
	if c.PortOne.BaseURL != "https://api.portone.io" || c.PayPal.BaseURL != "https://api-m.sandbox.paypal.com" {
		t.Fatalf("%s %s", c.PortOne.BaseURL, c.PayPal.BaseURL)
	}
	if err := c.loadPayment(true); err != nil || c.PayPal.BaseURL != "https://api-m.paypal.com" {
		t.Fatalf("production PayPal: %s %v", c.PayPal.BaseURL, err)
	}
}

func TestPaymentProvidersRead(t *testing.T) {
	t.Setenv("PORTONE_API_SECRET", "api-secret")
	t.Setenv("PORTONE_STORE_ID", "store-1")
	t.Setenv("PORTONE_WEBHOOK_SECRET", "whsec_bmV3LXNlY3JldA==")
	t.Setenv("PORTONE_WEBHOOK_SECRET_PREVIOUS", "whsec_b2xkLXNlY3JldA==")
	t.Setenv("PORTONE_BASE_URL", "http://127.0.0.1:9999/")
	t.Setenv("PAYPAL_CLIENT_ID", "client")
	t.Setenv("PAYPAL_CLIENT_SECRET", "secret")
	t.Setenv("PAYPAL_WEBHOOK_ID", "WH1")
	c := Config{}
	if err := c.loadPayment(false); err != nil {
		t.Fatal(err)
	}
	if !c.PortOne.Enabled() || c.PortOne.StoreID != "store-1" || len(c.PortOne.WebhookSecrets) != 2 || c.PortOne.BaseURL != "http://127.0.0.1:9999" {
		t.Fatalf("%+v", c.PortOne)
	}
	if !c.PayPal.Enabled() || c.PayPal.Secret != "secret" || c.PayPal.WebhookID != "WH1" {
		t.Fatalf("%+v", c.PayPal)
	}
}

func TestPaymentProvidersHalfConfiguredAreRefused(t *testing.T) {
	cases := []map[string]string{
		{"PORTONE_API_SECRET": "s"},
		{"PORTONE_API_SECRET": "s", "PORTONE_STORE_ID": "x"},
		{"PORTONE_API_SECRET": "s", "PORTONE_STORE_ID": "x", "PORTONE_WEBHOOK_SECRET": "whsec_%%%"},
		{"PORTONE_WEBHOOK_SECRET": "whsec_bmV3LXNlY3JldA=="},
		{"PAYPAL_CLIENT_ID": "c"},
		{"PAYPAL_CLIENT_ID": "c", "PAYPAL_CLIENT_SECRET": "s"},
		{"PAYPAL_CLIENT_SECRET": "s"},
	}
	for _, env := range cases {
		t.Run("", func(t *testing.T) {
			for k, v := range env {
				t.Setenv(k, v)
			}
			c := Config{}
			if err := c.loadPayment(false); err == nil {
				t.Fatalf("%v accepted", env)
			}
		})
	}
}
