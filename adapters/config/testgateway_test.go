package config

import (
	"strings"
	"testing"
)

// Not parallel: they set environment variables.

func TestTestGatewayIsRefusedInProduction(t *testing.T) {
	t.Setenv("PAY_TEST_GATEWAY", "true")
	c := Config{}
	err := c.loadTestGateway(true)
	if err == nil || !strings.Contains(err.Error(), "PAY_TEST_GATEWAY") {
		t.Fatalf("production with the test gateway: %v", err)
	}
	if err := c.loadTestGateway(false); err != nil || !c.TestGateway {
		t.Fatalf("development with the test gateway: %v %v", c.TestGateway, err)
	}
}

func TestTestGatewayDefaults(t *testing.T) {
	t.Setenv("PAY_TEST_GATEWAY", "")
	c := Config{}
	if err := c.loadTestGateway(true); err != nil || c.TestGateway {
		t.Fatalf("production default: %v %v", c.TestGateway, err)
	}
	if err := c.loadTestGateway(false); err != nil || !c.TestGateway {
		t.Fatalf("development default: %v %v", c.TestGateway, err)
	}
}
