package testpg

import (
	"bytes"
	"context"
	"html/template"

	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/window"
)

// pageTexts are the page's words in ko and en.
var pageTexts = map[string]map[string]string{
	"ko": {
		"title": "테스트 결제창", "note": "테스트 결제입니다. 실제 돈은 오가지 않습니다.",
		"order": "주문", "amount": "결제 금액", "method": "결제 수단", "status": "상태",
		"approve": "결제 승인", "decline": "승인 거절 (카드사)", "close": "결제창 닫기",
		"issue": "가상계좌 발급", "deposit": "입금하기", "expire": "입금 기한 만료시키기",
		"bank": "은행", "account": "계좌번호", "holder": "예금주", "due": "입금 기한",
		"done": "이 결제는 더 진행할 수 없습니다.", "back": "원서접수로 돌아가기", "missing": "결제를 찾을 수 없습니다.",
	},
	"en": {
		"title": "Test payment window", "note": "This is a test payment. No real money moves.",
		"order": "Order", "amount": "Amount", "method": "Method", "status": "Status",
		"approve": "Approve payment", "decline": "Decline (card company)", "close": "Close the window",
		"issue": "Issue a virtual account", "deposit": "Deposit", "expire": "Let the account expire",
		"bank": "Bank", "account": "Account number", "holder": "Account holder", "due": "Deposit by",
		"done": "This payment cannot go any further.", "back": "Back to the application", "missing": "The payment was not found.",
	},
}

var page = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.T.title}}</title>
<style>
body{font-family:system-ui,"Noto Sans KR",sans-serif;margin:0;background:#f4f6f9;color:#1b1f24}
main{max-width:440px;margin:24px auto;background:#fff;border-radius:8px;padding:20px 20px 24px;box-shadow:0 1px 4px #0002}
h1{font-size:20px;margin:0 0 4px}.note{color:#8a1c00;font-size:14px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 20px}dt{color:#4a5360}dd{margin:0;font-weight:600;word-break:break-all}
form{margin:0}button{display:block;width:100%;min-height:44px;margin:8px 0;font-size:16px;border-radius:6px;border:1px solid #1a4f8b;background:#fff;color:#1a4f8b;cursor:pointer}
button.primary{background:#1a4f8b;color:#fff}a{color:#1a4f8b}
</style></head><body><main>
<h1>{{.T.title}}</h1><p class="note">{{.T.note}}</p>
{{if .P}}<dl>
<dt>{{.T.order}}</dt><dd>{{.P.OrderName}}</dd>
<dt>{{.T.amount}}</dt><dd data-testid="testpg-amount">{{.Amount}}</dd>
<dt>{{.T.method}}</dt><dd>{{.Method}}</dd>
{{with .P.Vbank}}<dt>{{$.T.bank}}</dt><dd>{{.Bank}}</dd><dt>{{$.T.account}}</dt><dd>{{.AccountNo}}</dd><dt>{{$.T.holder}}</dt><dd>{{.Holder}}</dd><dt>{{$.T.due}}</dt><dd>{{$.Due}}</dd>{{end}}
</dl>
{{range .Actions}}<form method="post" action="{{$.Path}}/{{.}}"><button type="submit" name="action" value="{{.}}"{{if eq . "approve" "issue" "deposit"}} class="primary"{{end}}>{{index $.T .}}</button></form>
{{else}}<p>{{.T.done}}</p>{{end}}
{{else}}<p>{{.T.missing}}</p>{{end}}
<p><a href="/list">{{.T.back}}</a></p>
</main></body></html>`))

// Page renders the payer's page of a payment in ko or en.
func (g *Gateway) Page(ctx context.Context, paymentID, lang string) ([]byte, error) {
	if lang != "en" {
		lang = "ko"
	}
	p, ok, err := g.Store.Get(ctx, paymentID)
	if err != nil {
		return nil, err
	}
	data := map[string]any{"Lang": lang, "T": pageTexts[lang], "Path": PagePath + paymentID}
	if ok {
		data["P"] = p
		data["Amount"] = payment.Display(p.Amount, lang)
		data["Method"] = p.PayType.Name(lang)
		if p.Vbank != nil {
			data["Due"] = p.Vbank.Due.In(window.Seoul).Format("2006-01-02 15:04")
		}
		data["Actions"] = actions(p)
	}
	var b bytes.Buffer
	if err := page.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// actions are what the payer may do in the payment's state.
func actions(p Payment) []string {
	switch {
	case p.Status == payment.RemoteReady && p.PayType == payment.Vbank:
		return []string{ActIssue, ActClose}
	case p.Status == payment.RemoteReady:
		return []string{ActApprove, ActDecline, ActClose}
	case p.Status == payment.RemoteVbankIssued:
		return []string{ActDeposit, ActExpire}
	}
	return nil
}
