// Package webhook is the payment providers' edge: their webhooks
// (authenticated by their signature, no session) and, when the test
// gateway is on, its payer page.
package webhook

import (
	"errors"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/payment"
)

// Mount registers the providers' webhooks and the test gateway's page.
func Mount(k *edge.Kit, g edge.Groups) {
	d := k.Deps()
	if d.Pay == nil {
		return
	}
	h := &webhookHandlers{svc: d.Pay}
	// Providers post here (payhttp.WebhookPath): no session, authenticated by
	// their signature.
	g.Public.POST("/pay/webhook/:provider", h.webhook)
	if d.TestPG != nil {
		t := testpgHandlers{d.TestPG}
		g.Echo.GET("/testpg/pay/:paymentId", t.page)
		g.Echo.POST("/testpg/pay/:paymentId/:action", t.act, edge.SameSite)
	}
}

type webhookHandlers struct{ svc *payment.Service }

// webhook answers 200 for everything handled or deliberately ignored, 400
// for a forged one, and 503 when the provider could not be asked (the
// provider retries).
func (h *webhookHandlers) webhook(c *echo.Context) error {
	prov, ok := payment.ParseProvider(c.Param("provider"))
	if !ok {
		return echo.ErrNotFound
	}
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 64<<10))
	if err != nil {
		return apperr.Wrap(apperr.KindInvalid, "request.malformed", err)
	}
	err = h.svc.Webhook(c.Request().Context(), prov, payment.Webhook{Header: c.Request().Header, Body: body, ReceivedAt: time.Now()})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

type testpgHandlers struct{ g edge.TestPGPage }

func (t testpgHandlers) page(c *echo.Context) error {
	b, err := t.g.Page(c.Request().Context(), c.Param("paymentId"), string(edge.LocaleOf(c)))
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.HTMLBlob(http.StatusOK, b)
}

func (t testpgHandlers) act(c *echo.Context) error {
	to, err := t.g.Act(c.Request().Context(), c.Param("paymentId"), c.Param("action"))
	if errors.Is(err, payment.ErrNotFound) {
		return echo.ErrNotFound
	}
	if err != nil {
		// A double click or a stale page: show the page again.
		return c.Redirect(http.StatusSeeOther, "/testpg/pay/"+url.PathEscape(c.Param("paymentId")))
	}
	return c.Redirect(http.StatusSeeOther, to)
}
