package money

import (
	"time"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/payment"
)

// settlementRowDTO is one line of a settlement: a currency and booked pay
// type ("" for the currency's total; "manual" for deposits to the
// school's own account). noFeeRule counts payments no fee rule priced.
type settlementRowDTO struct {
	PayType      payment.PayType `json:"payType"`
	Currency     money.Currency  `json:"currency"`
	Payments     int             `json:"payments"`
	Refunds      int             `json:"refunds"`
	Paid         edge.AmountDTO  `json:"paid"`
	Refunded     edge.AmountDTO  `json:"refunded"`
	ProviderFees edge.AmountDTO  `json:"providerFees"`
	Net          edge.AmountDTO  `json:"net"`
	NoFeeRule    int             `json:"noFeeRule"`
}

type settlementClosedDTO struct {
	By string    `json:"by"`
	At time.Time `json:"at"`
}

// settlementFeeRuleDTO is a fee rule the period used.
type settlementFeeRuleDTO struct {
	Method        string        `json:"method"`
	Contract      string        `json:"contract"`
	EffectiveFrom string        `json:"effectiveFrom"`
	Rate          string        `json:"rate"` // percent
	Fixed         edge.MoneyDTO `json:"fixed"`
}

// settlementResponse is settlement/list of one school and period.
type settlementResponse struct {
	School      string                 `json:"school"`
	From        time.Time              `json:"from"`
	To          time.Time              `json:"to"`
	Rows        []settlementRowDTO     `json:"rows"`
	Closed      *settlementClosedDTO   `json:"closed"`
	Adjustments []settlementRowDTO     `json:"adjustments"`
	FeeRulesSet bool                   `json:"feeRulesSet"`
	FeeRules    []settlementFeeRuleDTO `json:"feeRules"`
}

func toSettlementRows(rows []payment.MethodSummary) []settlementRowDTO {
	out := make([]settlementRowDTO, len(rows))
	for i, r := range rows {
		out[i] = settlementRowDTO{PayType: r.PayType, Currency: r.Currency, Payments: r.Payments, Refunds: r.Refunds, Paid: edge.AmountOf(r.Paid),
			Refunded: edge.AmountOf(r.Refunded), ProviderFees: edge.AmountOf(r.ProviderFees), Net: edge.AmountOf(r.Net), NoFeeRule: r.NoFeeRule}
	}
	return out
}

func toSettlementResponse(st payment.Settlement) settlementResponse {
	out := settlementResponse{School: st.School, From: st.From, To: st.To, Rows: toSettlementRows(st.Rows),
		Adjustments: toSettlementRows(st.Adjustments), FeeRulesSet: st.FeeRulesSet, FeeRules: []settlementFeeRuleDTO{}}
	if st.Closed != nil {
		out.Closed = &settlementClosedDTO{By: st.Closed.By, At: st.Closed.At}
	}
	for _, r := range st.FeeRules {
		out.FeeRules = append(out.FeeRules, settlementFeeRuleDTO{Method: string(r.Method()), Contract: string(r.Method().Contract()),
			EffectiveFrom: r.Date(), Rate: feeschedule.Percent(r.RateBP()), Fixed: edge.MoneyOf(r.Fixed())})
	}
	return out
}
