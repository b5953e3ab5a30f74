package money

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/xuri/excelize/v2"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// mountMoney registers the staff money pages (issue 10,
// docs/api-money.md) on /apply/api-auth/admin.
func (s *server) mountMoney(g edge.Groups) {
	svc := s.deps.Money
	if svc == nil {
		return
	}
	h := &moneyHandlers{svc: svc}
	a := g.Admin
	info := edge.Require(permission.PayInfo)
	a.GET("/pay/attempts", h.attempts, info)
	a.GET("/pay/attempts/:paymentId", h.attempt, info)
	a.POST("/pay/attempts/:paymentId/cancel", h.cancel, edge.Require(permission.PayCancel))
	a.POST("/pay/attempts/:paymentId/requery", h.requery, edge.Require(permission.PayCheck))
	a.POST("/pay/manual/:applNo", h.manual, edge.Require(permission.ManualPay))
	a.GET("/pay/check", h.check, edge.Require(permission.PayCheck))
	a.GET("/pay/cancels", h.cancels, info)
	a.GET("/pay/failures", h.failures, info)
	st := edge.Require(permission.Settlement)
	a.GET("/settlements/:schoolCode", h.settlement, st)
	a.POST("/settlements/:schoolCode/close", h.close, st)
	a.GET("/settlements/:schoolCode/export", h.export, st)
	g.Authed.GET("/pay/refunds", h.myRefunds, edge.Require(permission.ApplicationOwn))
}

// myRefundDTO is one of the applicant's refunds on /user/pay/receipt.
type myRefundDTO struct {
	PaymentID  string             `json:"paymentId"`
	CancelType payment.CancelType `json:"cancelType"`
	CancelName string             `json:"cancelName"`
	Amount     edge.MoneyDTO      `json:"amount"`
	Reason     string             `json:"reason"` // what the applicant is told, never staff's note
	At         time.Time          `json:"at"`
}

func (h *moneyHandlers) myRefunds(c *echo.Context) error {
	list, err := h.svc.MyRefunds(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	out := make([]myRefundDTO, len(list))
	for i, x := range list {
		out[i] = myRefundDTO{PaymentID: x.PaymentID, CancelType: x.Type, CancelName: x.Type.Name(string(edge.LocaleOf(c))),
			Amount: edge.MoneyOf(x.Amount), Reason: x.ApplicantReason, At: x.At}
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

type moneyHandlers struct{ svc *payment.Staff }

// staffAttemptDTO is one row of pay/info.
type staffAttemptDTO struct {
	ID              string           `json:"id"` // paymentId
	ApplNo          int64            `json:"applNo"`
	ApplID          string           `json:"applId"`
	ApplicantName   string           `json:"applicantName"`
	UserID          string           `json:"userId"`
	SchoolCode      string           `json:"schoolCode"`
	EnterYear       int              `json:"enterYear"`
	RecruitPartSeq  int              `json:"recruitPartSeq"`
	AppStatus       string           `json:"appStatus"`
	Provider        payment.Provider `json:"provider"`
	ProviderOrderID string           `json:"providerOrderId"`
	TxID            string           `json:"txId"`
	PayType         payment.PayType  `json:"payType"`
	Fee             edge.AmountDTO   `json:"fee"`
	Surcharge       edge.AmountDTO   `json:"surcharge"`
	Total           edge.AmountDTO   `json:"total"`
	Paid            edge.AmountDTO   `json:"paid"`
	Refunded        edge.AmountDTO   `json:"refunded"`
	Remaining       edge.AmountDTO   `json:"remaining"`
	Result          payment.Result   `json:"result"`
	FailReason      string           `json:"failReason"`
	Vbank           *edge.VbankDTO   `json:"vbank,omitempty"`
	CreatedAt       time.Time        `json:"createdAt"`
	PaidAt          *time.Time       `json:"paidAt"`
}

func toStaffAttemptDTO(r payment.AttemptRow) staffAttemptDTO {
	d := staffAttemptDTO{ID: r.PaymentID(), ApplNo: r.ApplNo(), ApplID: r.ApplID, ApplicantName: r.ApplicantName, UserID: r.UserID(),
		SchoolCode: r.SchoolCode(), EnterYear: r.Round.EnterYear, RecruitPartSeq: r.Round.RecruitPartSeq, AppStatus: r.AppStatus,
		Provider: r.Provider(), ProviderOrderID: r.ProviderOrderID(), TxID: r.TxID(), PayType: payment.Booked(r.Provider(), r.Quote().PayType),
		Fee: edge.AmountOf(r.Quote().Fee), Surcharge: edge.AmountOf(r.Quote().Surcharge), Total: edge.AmountOf(r.Quote().Total), Paid: edge.AmountOf(r.Paid()),
		Refunded: edge.AmountOf(r.Refunded()), Remaining: edge.AmountOf(r.Remaining()), Result: r.Result(), FailReason: r.FailReason(),
		CreatedAt: r.CreatedAt()}
	if v := r.Vbank(); v != nil {
		d.Vbank = &edge.VbankDTO{Bank: v.Bank, AccountNo: v.AccountNo, Holder: v.Holder, Due: v.Due}
	}
	if !r.PaidAt().IsZero() {
		t := r.PaidAt()
		d.PaidAt = &t
	}
	return d
}

func (h *moneyHandlers) attempts(c *echo.Context) error {
	lp, err := edge.ParseList(c, payment.AttemptSorts, []string{"q", "applId", "applNo", "schoolCode", "enterYear", "recruitPartSeq",
		"result", "provider", "from", "to", "paidFrom", "paidTo"})
	if err != nil {
		return err
	}
	var f apperr.Fields
	q := payment.AttemptQuery{School: lp.Filter["schoolCode"], ApplID: lp.Filter["applId"], Search: lp.Filter["q"],
		Result: payment.Result(lp.Filter["result"]), Provider: payment.Provider(lp.Filter["provider"]),
		From: edge.ParseDay(&f, "from", lp.Filter["from"], false), To: edge.ParseDay(&f, "to", lp.Filter["to"], true),
		PaidFrom: edge.ParseDay(&f, "paidFrom", lp.Filter["paidFrom"], false), PaidTo: edge.ParseDay(&f, "paidTo", lp.Filter["paidTo"], true),
		Sort: lp.Sort, Desc: lp.Desc, Offset: lp.Offset, Limit: lp.Limit}
	if q.Sort == "" {
		q.Sort, q.Desc = "createdAt", true
	}
	q.EnterYear = edge.AtoiFilter(&f, "enterYear", lp.Filter["enterYear"])
	q.RecruitPartSeq = edge.AtoiFilter(&f, "recruitPartSeq", lp.Filter["recruitPartSeq"])
	if v := lp.Filter["applNo"]; v != "" {
		if q.ApplNo, err = strconv.ParseInt(v, 10, 64); err != nil {
			f.Add("applNo", "list.filter_invalid")
		}
	}
	if err := f.Err(); err != nil {
		return err
	}
	list, total, err := h.svc.Attempts(c.Request().Context(), edge.Principal(c), q)
	if err != nil {
		return err
	}
	out := make([]staffAttemptDTO, len(list))
	for i, r := range list {
		out[i] = toStaffAttemptDTO(r)
	}
	edge.NoStore(c)
	edge.ContentRange(c, "pay/attempts", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

type payRecordDTO struct {
	ID        int64             `json:"id"`
	PaymentID string            `json:"paymentId"`
	ApplNo    int64             `json:"applNo"`
	Provider  payment.Provider  `json:"provider"`
	Kind      string            `json:"kind"`
	Source    string            `json:"source"`
	From      string            `json:"from"`
	To        string            `json:"to"`
	Code      string            `json:"code"`
	Detail    map[string]string `json:"detail"`
	Alert     bool              `json:"alert"`
	At        time.Time         `json:"at"`
}

func toPayRecordDTO(r payment.Record) payRecordDTO {
	return payRecordDTO{ID: r.ID, PaymentID: r.PaymentID, ApplNo: r.ApplNo, Provider: r.Provider, Kind: string(r.Kind), Source: string(r.Source),
		From: string(r.From), To: string(r.To), Code: r.Code, Detail: r.Detail, Alert: r.Alert, At: r.At}
}

type payCancelDTO struct {
	ID               string                 `json:"id"`
	PaymentID        string                 `json:"paymentId"`
	ApplNo           int64                  `json:"applNo"`
	SchoolCode       string                 `json:"schoolCode"`
	Provider         payment.Provider       `json:"provider"`
	PayType          payment.PayType        `json:"payType"`
	CancelType       payment.CancelType     `json:"cancelType"`
	Amount           edge.AmountDTO         `json:"amount"`
	Reason           string                 `json:"reason"`
	RefundAccount    *edge.RefundAccountDTO `json:"refundAccount"`
	By               string                 `json:"by"`
	At               time.Time              `json:"at"`
	ProviderCancelID string                 `json:"providerCancelId"`
	Answer           string                 `json:"answer"`
	Pending          bool                   `json:"pending"`
	SettledAt        *time.Time             `json:"settledAt"`
	OverdueAt        *time.Time             `json:"overdueAt"`
}

func toPayCancelDTO(x payment.Cancellation) payCancelDTO {
	return payCancelDTO{ID: x.ID, PaymentID: x.PaymentID, ApplNo: x.ApplNo, SchoolCode: x.SchoolCode, Provider: x.Provider, PayType: payment.Booked(x.Provider, x.PayType),
		CancelType: x.Type, Amount: edge.AmountOf(x.Amount), Reason: x.Reason, RefundAccount: edge.ToRefundAccountDTO(x.Refund), By: x.By, At: x.At,
		ProviderCancelID: x.ProviderCancelID, Answer: x.Answer, Pending: x.Pending, SettledAt: edge.OptTime(x.SettledAt), OverdueAt: edge.OptTime(x.OverdueAt)}
}

type attemptInfoDTO struct {
	staffAttemptDTO
	Others  []staffAttemptDTO `json:"others"`
	Records []payRecordDTO    `json:"records"`
	Cancels []payCancelDTO    `json:"cancels"`
}

func (h *moneyHandlers) attempt(c *echo.Context) error {
	info, err := h.svc.AttemptInfo(c.Request().Context(), edge.Principal(c), c.Param("paymentId"))
	if err != nil {
		return err
	}
	return h.showInfo(c, info, http.StatusOK)
}

func (h *moneyHandlers) showInfo(c *echo.Context, info payment.Info, status int) error {
	d := attemptInfoDTO{staffAttemptDTO: toStaffAttemptDTO(info.Attempt), Others: []staffAttemptDTO{}, Records: []payRecordDTO{}, Cancels: []payCancelDTO{}}
	for _, o := range info.Others {
		d.Others = append(d.Others, toStaffAttemptDTO(payment.AttemptRow{Attempt: o}))
	}
	for _, r := range info.Records {
		if r.PaymentID == info.Attempt.PaymentID() {
			d.Records = append(d.Records, toPayRecordDTO(r))
		}
	}
	for _, x := range info.Cancels {
		d.Cancels = append(d.Cancels, toPayCancelDTO(x))
	}
	edge.NoStore(c)
	return c.JSON(status, d)
}

// cancelInputDTO is a staff cancellation (payment.CancelInput).
type cancelInputDTO struct {
	Type            string                 `json:"cancelType"`
	Amount          string                 `json:"amount"`
	Reason          string                 `json:"reason"`
	Refund          *edge.RefundAccountDTO `json:"refundAccount"`
	ApplicantReason string                 `json:"applicantReason"`
}

func (d cancelInputDTO) toCore() payment.CancelInput {
	return payment.CancelInput{Type: d.Type, Amount: d.Amount, Reason: d.Reason, Refund: d.Refund.Core(), ApplicantReason: d.ApplicantReason}
}

func (h *moneyHandlers) cancel(c *echo.Context) error {
	var in cancelInputDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	ctx, p := c.Request().Context(), edge.Principal(c)
	if _, err := h.svc.Cancel(ctx, p, c.Param("paymentId"), in.toCore()); err != nil {
		return err
	}
	info, err := h.svc.AttemptInfo(ctx, p, c.Param("paymentId"))
	if err != nil {
		return err
	}
	return h.showInfo(c, info, http.StatusOK)
}

func (h *moneyHandlers) requery(c *echo.Context) error {
	ctx, p := c.Request().Context(), edge.Principal(c)
	if _, err := h.svc.Requery(ctx, p, c.Param("paymentId")); err != nil {
		return err
	}
	info, err := h.svc.AttemptInfo(ctx, p, c.Param("paymentId"))
	if err != nil {
		return err
	}
	return h.showInfo(c, info, http.StatusOK)
}

func (h *moneyHandlers) manual(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in manualInputDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	ctx, p := c.Request().Context(), edge.Principal(c)
	att, err := h.svc.ManualPay(ctx, p, n, payment.ManualInput{Method: in.Method, Reason: in.Reason, Evidence: in.Evidence, Locale: in.Locale})
	if err != nil {
		return err
	}
	info, err := h.svc.AttemptInfo(ctx, p, att.PaymentID())
	if err != nil {
		return err
	}
	return h.showInfo(c, info, http.StatusCreated)
}

// manualInputDTO records a payment made outside the gateways
// (payment.ManualInput).
type manualInputDTO struct {
	Method   string `json:"method"`
	Reason   string `json:"reason"`
	Evidence string `json:"evidence"`
	Locale   string `json:"locale"`
}

// period reads the from/to filter or query of a period page.
func period(c *echo.Context, filter map[string]string) (time.Time, time.Time, error) {
	get := func(k string) string {
		if v, ok := filter[k]; ok {
			return v
		}
		return c.QueryParam(k)
	}
	var f apperr.Fields
	from, to := edge.ParseDay(&f, "from", get("from"), false), edge.ParseDay(&f, "to", get("to"), true)
	if err := f.Err(); err != nil {
		return from, to, err
	}
	return from, to, payment.Period(from, to)
}

type payDiffDTO struct {
	ID string `json:"id"`
	staffAttemptDTO
	Kind   payment.DiffKind     `json:"kind"`
	Remote payment.RemoteStatus `json:"remote"`
	Ours   edge.AmountDTO       `json:"ours"`
	Theirs edge.AmountDTO       `json:"theirs"`
	Detail string               `json:"detail"`
}

func (h *moneyHandlers) check(c *echo.Context) error {
	// Differences come in the order of the attempts' creation; the sort
	// react-admin sends is accepted and changes nothing.
	lp, err := edge.ParseList(c, []string{"createdAt"}, []string{"from", "to", "schoolCode"})
	if err != nil {
		return err
	}
	from, to, err := period(c, lp.Filter)
	if err != nil {
		return err
	}
	diffs, err := h.svc.PayCheck(c.Request().Context(), edge.Principal(c), lp.Filter["schoolCode"], from, to)
	if err != nil {
		return err
	}
	total := len(diffs)
	end := min(lp.Offset+lp.Limit, total)
	out := []payDiffDTO{}
	for _, d := range diffs[min(lp.Offset, total):end] {
		out = append(out, payDiffDTO{ID: d.Attempt.PaymentID(), staffAttemptDTO: toStaffAttemptDTO(d.Attempt), Kind: d.Kind, Remote: d.Remote,
			Ours: edge.AmountOf(d.Ours), Theirs: edge.AmountOf(d.Theirs), Detail: d.Detail})
	}
	edge.NoStore(c)
	edge.ContentRange(c, "pay/check", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

func (h *moneyHandlers) cancels(c *echo.Context) error {
	lp, err := edge.ParseList(c, []string{"at", "amount"}, []string{"schoolCode", "applNo", "paymentId", "answer", "from", "to"})
	if err != nil {
		return err
	}
	var f apperr.Fields
	answer, err := payment.ParseAnswer(lp.Filter["answer"])
	if err != nil {
		f.Add("answer", payment.CodeAnswerUnknown)
	}
	q := payment.CancelQuery{School: lp.Filter["schoolCode"], PaymentID: lp.Filter["paymentId"], Answer: answer,
		From: edge.ParseDay(&f, "from", lp.Filter["from"], false), To: edge.ParseDay(&f, "to", lp.Filter["to"], true),
		Sort: lp.Sort, Desc: lp.Desc || lp.Sort == "", Offset: lp.Offset, Limit: lp.Limit}
	if v := lp.Filter["applNo"]; v != "" {
		if q.ApplNo, err = strconv.ParseInt(v, 10, 64); err != nil {
			f.Add("applNo", "list.filter_invalid")
		}
	}
	if err := f.Err(); err != nil {
		return err
	}
	list, total, err := h.svc.CancelHistory(c.Request().Context(), edge.Principal(c), q)
	if err != nil {
		return err
	}
	out := make([]payCancelDTO, len(list))
	for i, x := range list {
		out[i] = toPayCancelDTO(x)
	}
	edge.NoStore(c)
	edge.ContentRange(c, "pay/cancels", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

func (h *moneyHandlers) failures(c *echo.Context) error {
	lp, err := edge.ParseList(c, []string{"id"}, []string{"schoolCode", "code", "from", "to"})
	if err != nil {
		return err
	}
	var f apperr.Fields
	q := payment.FailureQuery{School: lp.Filter["schoolCode"], Code: lp.Filter["code"],
		From: edge.ParseDay(&f, "from", lp.Filter["from"], false), To: edge.ParseDay(&f, "to", lp.Filter["to"], true),
		Desc: lp.Desc || lp.Sort == "", Offset: lp.Offset, Limit: lp.Limit}
	if err := f.Err(); err != nil {
		return err
	}
	list, total, err := h.svc.FailureHistory(c.Request().Context(), edge.Principal(c), q)
	if err != nil {
		return err
	}
	out := make([]payRecordDTO, len(list))
	for i, r := range list {
		out[i] = toPayRecordDTO(r)
	}
	edge.NoStore(c)
	edge.ContentRange(c, "pay/failures", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

func (h *moneyHandlers) settlement(c *echo.Context) error {
	from, to, err := period(c, nil)
	if err != nil {
		return err
	}
	st, err := h.svc.Settle(c.Request().Context(), edge.Principal(c), c.Param("schoolCode"), from, to)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toSettlementResponse(st))
}

type settleCloseDTO struct {
	From string `json:"from"`
	To   string `json:"to"`
}

func (h *moneyHandlers) close(c *echo.Context) error {
	var in settleCloseDTO
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	var f apperr.Fields
	from, to := edge.ParseDay(&f, "from", in.From, false), edge.ParseDay(&f, "to", in.To, true)
	if err := f.Err(); err != nil {
		return err
	}
	st, err := h.svc.ClosePeriod(c.Request().Context(), edge.Principal(c), c.Param("schoolCode"), from, to)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toSettlementResponse(st))
}

// export streams the settlement as an Excel workbook: one sheet with a
// row per currency and pay type (the same figures as the page), and the
// adjustments since the closing when the period was closed.
func (h *moneyHandlers) export(c *echo.Context) error {
	from, to, err := period(c, nil)
	if err != nil {
		return err
	}
	school := c.Param("schoolCode")
	st, err := h.svc.Settle(c.Request().Context(), edge.Principal(c), school, from, to)
	if err != nil {
		return err
	}
	loc := edge.LocaleOf(c)
	wb := excelize.NewFile()
	defer wb.Close()
	sheet := "Settlement"
	if err := wb.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	sw, err := wb.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	head := []any{"통화", "결제 수단", "결제 건수", "결제 금액", "PG 수수료", "환불 건수", "환불 금액", "정산 금액"}
	if loc == edge.En {
		head = []any{"Currency", "Method", "Payments", "Paid", "Provider fees", "Refunds", "Refunded", "Net"}
	}
	row := 1
	put := func(vals []any) error {
		cell, _ := excelize.CoordinatesToCellName(1, row)
		row++
		return sw.SetRow(cell, vals)
	}
	last := to.AddDate(0, 0, -1)
	title := school + " " + from.In(window.Seoul).Format("2006-01-02") + " ~ " + last.In(window.Seoul).Format("2006-01-02")
	if err := put([]any{title}); err != nil {
		return err
	}
	if err := put(head); err != nil {
		return err
	}
	lines := func(rows []payment.MethodSummary) error {
		for _, r := range rows {
			method := r.PayType.Name(string(loc))
			if r.PayType == "" {
				method = map[edge.Locale]string{edge.Ko: "합계", edge.En: "Total"}[loc]
			}
			if err := put([]any{string(r.Currency), method, r.Payments, r.Paid.Decimal(), r.ProviderFees.Decimal(), r.Refunds,
				r.Refunded.Decimal(), r.Net.Decimal()}); err != nil {
				return err
			}
		}
		return nil
	}
	if err := lines(st.Rows); err != nil {
		return err
	}
	if !st.FeeRulesSet {
		if err := put([]any{map[edge.Locale]string{edge.Ko: "이 학교에는 PG 수수료 규칙이 없어 수수료를 0으로 계산했습니다.",
			edge.En: "No fee rule is set for this school: provider fees are counted as 0."}[loc]}); err != nil {
			return err
		}
	}
	if st.Closed != nil && len(st.Adjustments) > 0 {
		label := map[edge.Locale]string{edge.Ko: "마감 후 조정", edge.En: "Adjustments after closing"}[loc]
		if err := put([]any{label}); err != nil {
			return err
		}
		if err := lines(st.Adjustments); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	edge.Attachment(c, "settlement-"+school+"-"+from.In(window.Seoul).Format("20060102")+".xlsx",
		"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	c.Response().WriteHeader(http.StatusOK)
	_, err = wb.WriteTo(c.Response())
	return err
}
