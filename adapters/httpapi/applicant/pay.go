package applicant

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/payment"
)

type payHandlers struct {
	svc       *payment.Service
	pdf       edge.ReceiptRenderer
	publicURL string
	testpg    bool
}

// mountPay registers paying the fee (issue 9): the pay page's quote, the
// start of an attempt, the browser's return and the user's receipts (the
// providers' webhooks and the test gateway's page are package webhook).
func (s *server) mountPay(g edge.Groups) {
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
}

// ---- DTOs ----

type optionDTO struct {
	PayType   payment.PayType  `json:"payType"`
	Provider  payment.Provider `json:"provider"`
	Fee       edge.MoneyDTO    `json:"fee"`
	Surcharge edge.MoneyDTO    `json:"surcharge"`
	Total     edge.MoneyDTO    `json:"total"`
}

// AttemptDTO is a payment attempt as its applicant reads it (also in the
// member's data export).
type AttemptDTO struct {
	PaymentID  string           `json:"paymentId"`
	ApplNo     int64            `json:"applNo"`
	PayType    payment.PayType  `json:"payType"`
	Provider   payment.Provider `json:"provider"`
	Result     payment.Result   `json:"result"`
	Fee        edge.MoneyDTO    `json:"fee"`
	Surcharge  edge.MoneyDTO    `json:"surcharge"`
	Total      edge.MoneyDTO    `json:"total"`
	Vbank      *edge.VbankDTO   `json:"vbank"`
	FailReason string           `json:"failReason"`
	CreatedAt  time.Time        `json:"createdAt"`
	PaidAt     *time.Time       `json:"paidAt"`
	// TestPageURL opens the test gateway's page (deposit into a test
	// virtual account); "" for real providers.
	TestPageURL string `json:"testPageUrl,omitempty"`
}

func (h *payHandlers) attempt(a *payment.Attempt) *AttemptDTO { return ToAttemptDTO(a) }

// toAttemptDTO is an attempt as its payer reads it.
func ToAttemptDTO(a *payment.Attempt) *AttemptDTO {
	if a == nil {
		return nil
	}
	d := &AttemptDTO{PaymentID: a.PaymentID(), ApplNo: a.ApplNo(), PayType: payment.Booked(a.Provider(), a.Quote().PayType), Provider: a.Provider(), Result: a.Result(),
		Fee: edge.MoneyOf(a.Quote().Fee), Surcharge: edge.MoneyOf(a.Quote().Surcharge), Total: edge.MoneyOf(a.Quote().Total),
		FailReason: a.FailReason(), CreatedAt: a.CreatedAt()}
	if a.Vbank() != nil {
		d.Vbank = &edge.VbankDTO{Bank: a.Vbank().Bank, AccountNo: a.Vbank().AccountNo, Holder: a.Vbank().Holder, Due: a.Vbank().Due}
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
	ApplNo   int64         `json:"applNo"`
	ApplID   *string       `json:"applId"`
	Status   string        `json:"status"`
	School   edge.LabelDTO `json:"school"`
	Round    edge.LabelDTO `json:"round"`
	PayOpen  bool          `json:"payOpen"`
	Deadline *time.Time    `json:"deadline"`
	Options  []optionDTO   `json:"options"`
	Current  *AttemptDTO   `json:"current"`
	Last     *AttemptDTO   `json:"last"`
	Paid     *AttemptDTO   `json:"paid"`
	TestPG   bool          `json:"testGateway"`
}

// ---- handlers ----

func (h *payHandlers) quote(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.svc.Quote(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	d := quoteDTO{ApplNo: n, ApplID: edge.StrPtr(v.Header.ApplID), Status: string(v.Header.State.Effective()),
		School: edge.LabelDTO{Kor: v.Round.SchoolKorName, Eng: v.Round.SchoolEngName}, Round: edge.LabelDTO{Kor: v.Round.KorName, Eng: v.Round.EngName},
		PayOpen: v.PayOpen, Options: []optionDTO{}, Current: h.attempt(v.Current), Last: h.attempt(v.Last), Paid: h.attempt(v.Paid),
		TestPG: h.testpg}
	if !v.Deadline.IsZero() {
		d.Deadline = &v.Deadline
	}
	for _, o := range v.Options {
		d.Options = append(d.Options, optionDTO{PayType: o.Quote.PayType, Provider: o.Provider, Fee: edge.MoneyOf(o.Quote.Fee),
			Surcharge: edge.MoneyOf(o.Quote.Surcharge), Total: edge.MoneyOf(o.Quote.Total)})
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, d)
}

// checkoutDTO is what the pay page needs to open the provider's window
// (payment.Checkout).
type checkoutDTO struct {
	Provider        payment.Provider  `json:"provider"`
	PaymentID       string            `json:"paymentId"`
	ProviderOrderID string            `json:"providerOrderId,omitempty"`
	OrderName       string            `json:"orderName"`
	Channel         edge.ChannelDTO   `json:"channel"`
	PayMethod       string            `json:"payMethod,omitempty"`
	ApproveURL      string            `json:"approveUrl,omitempty"`
	Extra           map[string]string `json:"extra,omitempty"`
	Amount          edge.MoneyDTO     `json:"amount"`
	// Window is the provider's SDK call as the server computed it
	// (PortOne.requestPayment's parameters); the page passes it on
	// unchanged. Absent when the browser goes to approveUrl.
	Window json.RawMessage `json:"window,omitempty"`
}

func toCheckoutDTO(co payment.Checkout) checkoutDTO {
	return checkoutDTO{Provider: co.Provider, PaymentID: co.PaymentID, ProviderOrderID: co.ProviderOrderID, OrderName: co.OrderName,
		Channel: edge.ChannelDTO{StoreID: co.Channel.StoreID, ChannelKey: co.Channel.ChannelKey}, PayMethod: co.PayMethod,
		ApproveURL: co.ApproveURL, Extra: co.Extra, Amount: edge.MoneyOf(co.Amount), Window: co.Window}
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
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in startRequestDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	req := payment.StartRequest{PayType: in.PayType, ReplaceVbank: in.ReplaceVbank}
	req.Locale = string(edge.LocaleOf(c))
	req.ReturnURL = h.publicURL + "/pay/mobile"
	req.CancelURL = h.publicURL + "/pay/mobile?code=PAY_PROCESS_CANCELED"
	co, err := h.svc.Start(c.Request().Context(), edge.Principal(c), n, req)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toCheckoutDTO(co))
}

func (h *payHandlers) confirm(c *echo.Context) error {
	var ret returnDTO
	if c.Request().ContentLength != 0 {
		if err := edge.Bind(c, &ret); err != nil {
			return err
		}
	}
	a, err := h.svc.Confirm(c.Request().Context(), edge.Principal(c), c.Param("paymentId"), payment.Return{Code: ret.Code, Message: ret.Message})
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, h.attempt(&a))
}

func (h *payHandlers) receipts(c *echo.Context) error {
	list, err := h.svc.Receipts(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	type receiptDTO struct {
		*AttemptDTO
		School edge.LabelDTO `json:"school"`
		Round  edge.LabelDTO `json:"round"`
	}
	out := make([]receiptDTO, 0, len(list))
	for i := range list {
		r := list[i].Round
		out = append(out, receiptDTO{AttemptDTO: h.attempt(&list[i].Attempt),
			School: edge.LabelDTO{Kor: r.SchoolKorName, Eng: r.SchoolEngName}, Round: edge.LabelDTO{Kor: r.KorName, Eng: r.EngName}})
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

// receiptPDF answers one paid attempt's receipt in ?lang= (else the
// caller's locale).
func (h *payHandlers) receiptPDF(c *echo.Context) error {
	lang := c.QueryParam("lang")
	if lang != "ko" && lang != "en" {
		lang = string(edge.LocaleOf(c))
	}
	rc, err := h.svc.ReceiptDocument(c.Request().Context(), edge.Principal(c), c.Param("paymentId"), lang)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := h.pdf.Receipt(&b, rc); err != nil {
		return err
	}
	edge.Attachment(c, "receipt-"+rc.PaymentID+".pdf", "application/pdf")
	return c.Blob(http.StatusOK, "application/pdf", b.Bytes())
}

// ---- the test gateway's page ----
