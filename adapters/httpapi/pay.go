package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// TestPGPage is the test gateway's payer page (adapters/payment/testpg),
// mounted only when the test gateway is on.
type TestPGPage interface {
	Page(ctx context.Context, paymentID, lang string) ([]byte, error)
	Act(ctx context.Context, paymentID, action string) (redirect string, err error)
}

// payCSP is the policy of the pay page and the phone return only: it lets
// the providers' browser SDKs (PortOne and the PG windows it opens,
// PayPal) load and frame their pages. Every other page keeps the strict
// policy.
const payCSP = "default-src 'self'; " +
	"script-src 'self' https://cdn.portone.io https://*.portone.io https://www.paypal.com https://*.paypal.com https://*.paypalobjects.com; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://*.portone.io https://*.paypal.com https://*.paypalobjects.com; " +
	"font-src 'self' data:; " +
	"connect-src 'self' https://*.portone.io https://www.paypal.com https://*.paypal.com https://*.braintreegateway.com; " +
	"frame-src https://*.portone.io https://*.iamport.co https://*.tosspayments.com https://*.inicis.com https://*.kcp.co.kr " +
	"https://*.nicepay.co.kr https://www.paypal.com https://*.paypal.com; " +
	"worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self' https://*.portone.io https://*.paypal.com; object-src 'none'"

// ReceiptRenderer writes a receipt PDF (adapters/pdf).
type ReceiptRenderer interface {
	Receipt(w io.Writer, rc payment.ReceiptDoc) error
}

type payHandlers struct {
	svc       *payment.Service
	pdf       ReceiptRenderer
	publicURL string
	testpg    bool
}

// mountPay registers paying the fee (issue 9): the pay page's quote, the
// start of an attempt, the browser's return, the user's receipts, the
// providers' webhooks and, when on, the test gateway's page.
func (s *Server) mountPay(g Groups) {
	svc, tpg := s.deps.Pay, s.deps.TestPG
	if svc == nil {
		return
	}
	h := &payHandlers{svc: svc, pdf: s.deps.Receipts, publicURL: s.deps.PublicURL, testpg: tpg != nil}
	a := g.Authed
	a.GET("/appl/pay/quote/:applNo", h.quote)
	a.POST("/appl/pay/start/:applNo", h.start)
	a.POST("/appl/pay/confirm/:paymentId", h.confirm)
	a.GET("/pay/receipts", h.receipts)
	a.GET("/pay/receipt/:paymentId", h.receiptPDF)
	// Providers post here (payhttp.WebhookPath): no session, authenticated by
	// their signature.
	g.Public.POST("/pay/webhook/:provider", h.webhook)
	if tpg != nil {
		t := testpgHandlers{tpg}
		s.Echo.GET("/testpg/pay/:paymentId", t.page)
		s.Echo.POST("/testpg/pay/:paymentId/:action", t.act, s.sameSite)
	}
}

// ---- DTOs ----

type moneyDTO struct {
	Amount   int64          `json:"amount"`
	Currency money.Currency `json:"currency"`
	Text     string         `json:"text"` // "80,000" / "62.94"
}

func moneyOf(m money.Money) moneyDTO {
	return moneyDTO{Amount: m.Amount(), Currency: m.Currency(), Text: payment.Grouped(m)}
}

// amountDTO is an amount as the staff's money pages read it: minor units
// and currency, without the text.
type amountDTO struct {
	Amount   int64          `json:"amount"`
	Currency money.Currency `json:"currency"`
}

func amountOf(m money.Money) amountDTO { return amountDTO{Amount: m.Amount(), Currency: m.Currency()} }

type optionDTO struct {
	PayType   payment.PayType  `json:"payType"`
	Provider  payment.Provider `json:"provider"`
	Fee       moneyDTO         `json:"fee"`
	Surcharge moneyDTO         `json:"surcharge"`
	Total     moneyDTO         `json:"total"`
}

type vbankDTO struct {
	Bank      string    `json:"bank"`
	AccountNo string    `json:"accountNo"`
	Holder    string    `json:"holder"`
	Due       time.Time `json:"due"`
}

type attemptDTO struct {
	PaymentID  string           `json:"paymentId"`
	ApplNo     int64            `json:"applNo"`
	PayType    payment.PayType  `json:"payType"`
	Provider   payment.Provider `json:"provider"`
	Result     payment.Result   `json:"result"`
	Fee        moneyDTO         `json:"fee"`
	Surcharge  moneyDTO         `json:"surcharge"`
	Total      moneyDTO         `json:"total"`
	Vbank      *vbankDTO        `json:"vbank"`
	FailReason string           `json:"failReason"`
	CreatedAt  time.Time        `json:"createdAt"`
	PaidAt     *time.Time       `json:"paidAt"`
	// TestPageURL opens the test gateway's page (deposit into a test
	// virtual account); "" for real providers.
	TestPageURL string `json:"testPageUrl,omitempty"`
}

func (h *payHandlers) attempt(a *payment.Attempt) *attemptDTO { return toAttemptDTO(a) }

// toAttemptDTO is an attempt as its payer reads it.
func toAttemptDTO(a *payment.Attempt) *attemptDTO {
	if a == nil {
		return nil
	}
	d := &attemptDTO{PaymentID: a.PaymentID(), ApplNo: a.ApplNo(), PayType: payment.Booked(a.Provider(), a.Quote().PayType), Provider: a.Provider(), Result: a.Result(),
		Fee: moneyOf(a.Quote().Fee), Surcharge: moneyOf(a.Quote().Surcharge), Total: moneyOf(a.Quote().Total),
		FailReason: a.FailReason(), CreatedAt: a.CreatedAt()}
	if a.Vbank() != nil {
		d.Vbank = &vbankDTO{Bank: a.Vbank().Bank, AccountNo: a.Vbank().AccountNo, Holder: a.Vbank().Holder, Due: a.Vbank().Due}
	}
	if !a.PaidAt().IsZero() {
		t := a.PaidAt()
		d.PaidAt = &t
	}
	if a.Provider() == payment.ProviderTest && a.Result() == payment.VbankIssue {
		d.TestPageURL = "/testpg/pay/" + url.PathEscape(a.PaymentID())
	}
	return d
}

type quoteDTO struct {
	ApplNo   int64       `json:"applNo"`
	ApplID   *string     `json:"applId"`
	Status   string      `json:"status"`
	School   labelDTO    `json:"school"`
	Round    labelDTO    `json:"round"`
	PayOpen  bool        `json:"payOpen"`
	Deadline *time.Time  `json:"deadline"`
	Options  []optionDTO `json:"options"`
	Current  *attemptDTO `json:"current"`
	Last     *attemptDTO `json:"last"`
	Paid     *attemptDTO `json:"paid"`
	TestPG   bool        `json:"testGateway"`
}

// ---- handlers ----

func (h *payHandlers) quote(c *echo.Context) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Quote(c.Request().Context(), principal(c), n)
	if err != nil {
		return err
	}
	d := quoteDTO{ApplNo: n, ApplID: strPtr(v.Header.ApplID), Status: string(v.Header.State.Effective()),
		School: labelDTO{v.Round.SchoolKorName, v.Round.SchoolEngName}, Round: labelDTO{v.Round.KorName, v.Round.EngName},
		PayOpen: v.PayOpen, Options: []optionDTO{}, Current: h.attempt(v.Current), Last: h.attempt(v.Last), Paid: h.attempt(v.Paid),
		TestPG: h.testpg}
	if !v.Deadline.IsZero() {
		d.Deadline = &v.Deadline
	}
	for _, o := range v.Options {
		d.Options = append(d.Options, optionDTO{PayType: o.Quote.PayType, Provider: o.Provider, Fee: moneyOf(o.Quote.Fee),
			Surcharge: moneyOf(o.Quote.Surcharge), Total: moneyOf(o.Quote.Total)})
	}
	noStore(c)
	return c.JSON(http.StatusOK, d)
}

// checkoutDTO is what the pay page needs to open the provider's window
// (payment.Checkout).
type checkoutDTO struct {
	Provider        payment.Provider  `json:"provider"`
	PaymentID       string            `json:"paymentId"`
	ProviderOrderID string            `json:"providerOrderId,omitempty"`
	OrderName       string            `json:"orderName"`
	Channel         channelDTO        `json:"channel"`
	PayMethod       string            `json:"payMethod,omitempty"`
	ApproveURL      string            `json:"approveUrl,omitempty"`
	Extra           map[string]string `json:"extra,omitempty"`
	Amount          moneyDTO          `json:"amount"`
	// Window is the provider's SDK call as the server computed it
	// (PortOne.requestPayment's parameters); the page passes it on
	// unchanged. Absent when the browser goes to approveUrl.
	Window json.RawMessage `json:"window,omitempty"`
}

// channelDTO is the PortOne channel of the pay type.
type channelDTO struct {
	StoreID    string `json:"storeId,omitempty"`
	ChannelKey string `json:"channelKey,omitempty"`
}

func toCheckoutDTO(co payment.Checkout) checkoutDTO {
	return checkoutDTO{Provider: co.Provider, PaymentID: co.PaymentID, ProviderOrderID: co.ProviderOrderID, OrderName: co.OrderName,
		Channel: channelDTO{StoreID: co.Channel.StoreID, ChannelKey: co.Channel.ChannelKey}, PayMethod: co.PayMethod,
		ApproveURL: co.ApproveURL, Extra: co.Extra, Amount: moneyOf(co.Amount), Window: co.Window}
}

// startRequestDTO asks to start paying one way.
type startRequestDTO struct {
	PayType      string `json:"payType"`
	ReplaceVbank bool   `json:"replaceVbank"`
}

// returnDTO is what the provider's window gave the page back.
type returnDTO struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (h *payHandlers) start(c *echo.Context) error {
	n, err := applNo(c)
	if err != nil {
		return err
	}
	var in startRequestDTO
	if err := bind(c, &in); err != nil {
		return err
	}
	req := payment.StartRequest{PayType: in.PayType, ReplaceVbank: in.ReplaceVbank}
	req.Locale = string(localeOf(c))
	req.ReturnURL = h.publicURL + "/pay/mobile"
	req.CancelURL = h.publicURL + "/pay/mobile?code=PAY_PROCESS_CANCELED"
	co, err := h.svc.Start(c.Request().Context(), principal(c), n, req)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, toCheckoutDTO(co))
}

func (h *payHandlers) confirm(c *echo.Context) error {
	var ret returnDTO
	if c.Request().ContentLength != 0 {
		if err := bind(c, &ret); err != nil {
			return err
		}
	}
	a, err := h.svc.Confirm(c.Request().Context(), principal(c), c.Param("paymentId"), payment.Return{Code: ret.Code, Message: ret.Message})
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, h.attempt(&a))
}

func (h *payHandlers) receipts(c *echo.Context) error {
	list, err := h.svc.Receipts(c.Request().Context(), principal(c))
	if err != nil {
		return err
	}
	type receiptDTO struct {
		*attemptDTO
		School labelDTO `json:"school"`
		Round  labelDTO `json:"round"`
	}
	out := make([]receiptDTO, 0, len(list))
	for i := range list {
		r := list[i].Round
		out = append(out, receiptDTO{attemptDTO: h.attempt(&list[i].Attempt),
			School: labelDTO{r.SchoolKorName, r.SchoolEngName}, Round: labelDTO{r.KorName, r.EngName}})
	}
	noStore(c)
	return c.JSON(http.StatusOK, out)
}

// receiptPDF answers one paid attempt's receipt in ?lang= (else the
// caller's locale).
func (h *payHandlers) receiptPDF(c *echo.Context) error {
	lang := c.QueryParam("lang")
	if lang != "ko" && lang != "en" {
		lang = string(localeOf(c))
	}
	rc, err := h.svc.ReceiptDocument(c.Request().Context(), principal(c), c.Param("paymentId"), lang)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := h.pdf.Receipt(&b, rc); err != nil {
		return err
	}
	attachment(c, "receipt-"+rc.PaymentID+".pdf", "application/pdf")
	return c.Blob(http.StatusOK, "application/pdf", b.Bytes())
}

// webhook answers 200 for everything handled or deliberately ignored, 400
// for a forged one, and 503 when the provider could not be asked (the
// provider retries).
func (h *payHandlers) webhook(c *echo.Context) error {
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

// ---- the test gateway's page ----

type testpgHandlers struct{ g TestPGPage }

func (t testpgHandlers) page(c *echo.Context) error {
	b, err := t.g.Page(c.Request().Context(), c.Param("paymentId"), string(localeOf(c)))
	if err != nil {
		return err
	}
	noStore(c)
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

// sameSite refuses a form post another site sent: the test gateway's page
// posts plain forms, which sameOrigin's JSON rule would refuse.
func (s *Server) sameSite(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		site := c.Request().Header.Get("Sec-Fetch-Site")
		if site == "cross-site" || site == "same-site" {
			return apperr.Forbidden("origin.refused")
		}
		return next(c)
	}
}
