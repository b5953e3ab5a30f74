package portonefake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/gradapply/gradapply/adapters/payment/payhttp/payfake"
	"github.com/gradapply/gradapply/adapters/payment/portone"
)

// Delivery is one webhook delivery: headers and raw body.
type Delivery = payfake.Delivery

// Webhook builds the signed delivery of an event about a payment, as
// PortOne sends it now.
func (s *Server) Webhook(paymentID, eventType string) Delivery {
	s.mu.Lock()
	s.seq++
	id := fmt.Sprintf("msg_%s_%06d", paymentID, s.seq)
	tx := ""
	if r := s.payments[paymentID]; r != nil {
		tx = r.p.TransactionID
	}
	secrets := s.WebhookSecrets
	now := s.Now()
	s.mu.Unlock()
	body, _ := json.Marshal(portone.WebhookEvent{Type: eventType, Timestamp: now.UTC(),
		Data: portone.WebhookData{StoreID: s.StoreID, PaymentID: paymentID, TransactionID: tx}})
	return Sign(id, now, body, secrets...)
}

// Sign signs a body with secrets into a delivery.
func Sign(id string, at time.Time, body []byte, secrets ...portone.Secret) Delivery {
	h := http.Header{"Content-Type": {"application/json"}}
	for k, v := range portone.SignHeaders(id, at, body, secrets...) {
		h.Set(k, v)
	}
	return Delivery{Header: h, Body: body}
}

// Forge is a delivery that looks right but is signed with a secret we do
// not hold.
func (s *Server) Forge(paymentID, eventType string) Delivery {
	d := s.Webhook(paymentID, eventType)
	return Sign(d.Header.Get(portone.HeaderWebhookID), s.Now(), d.Body, portone.Secret("not-the-merchant-secret"))
}
