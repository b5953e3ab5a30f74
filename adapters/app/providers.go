package app

import (
	"fmt"
	"strings"

	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/payment/payhttp"
	"github.com/gradapply/gradapply/adapters/payment/paypal"
	"github.com/gradapply/gradapply/adapters/payment/portone"
	"github.com/gradapply/gradapply/core/payment"
)

// GatewaySet is the payment gateways the service offers, by provider.
type GatewaySet map[payment.Provider]payment.Gateway

// Gateway finds the gateway of a provider.
func (g GatewaySet) Gateway(p payment.Provider) (payment.Gateway, bool) {
	gw, ok := g[p]
	return gw, ok
}

// Router sends each pay type to its real provider when that provider is
// configured (card, trans and vbank to PortOne; visa_master to PayPal),
// else to the test gateway.
func (g GatewaySet) Router() payment.Router {
	return func(t payment.PayType) payment.Provider {
		want := payment.ProviderPortOne
		if t.Provider() == "paypal" {
			want = payment.ProviderPayPal
		}
		if _, ok := g[want]; ok {
			return want
		}
		return payment.ProviderTest
	}
}

// ProviderGateways builds the real providers whose credentials the
// configuration holds (PortOne V2, PayPal); the caller adds the test
// gateway.
func ProviderGateways(cfg config.Config) (GatewaySet, error) {
	out := GatewaySet{}
	if p := cfg.PortOne; p.Enabled() {
		var secrets []portone.Secret
		for _, s := range p.WebhookSecrets {
			sec, err := portone.ParseSecret(s)
			if err != nil {
				return nil, fmt.Errorf("app: PortOne webhook secret: %w", err)
			}
			secrets = append(secrets, sec)
		}
		out[payment.ProviderPortOne] = &portone.Gateway{
			Client:   &portone.Client{BaseURL: p.BaseURL, Secret: p.APISecret, StoreID: p.StoreID},
			Verifier: portone.Verifier{Secrets: secrets},
			// Each payment names our webhook (noticeUrls), so no console
			// setting can send its events elsewhere.
			NoticeURL: strings.TrimRight(cfg.PublicURL, "/") + payhttp.WebhookPath(string(payment.ProviderPortOne)),
		}
	}
	if p := cfg.PayPal; p.Enabled() {
		out[payment.ProviderPayPal] = &paypal.Gateway{
			Client:    &paypal.Client{BaseURL: p.BaseURL, ClientID: p.ClientID, Secret: p.Secret, WebhookID: p.WebhookID},
			BrandName: "GradApply",
		}
	}
	return out, nil
}
