package round

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/examno"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/window"
)

// The rules a round's settings obey, each adding field errors named as the
// round form names its fields. Settings applies them (settings.go).

var (
	codeRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,20}$`)
	extRE  = regexp.MustCompile(`^[a-z0-9]{1,8}$`)
	// channelRE: PortOne ids such as store-4f1c... and channel-key-9a2b...
	channelRE = regexp.MustCompile(`^[A-Za-z0-9_-]{0,200}$`)
)

func text(f *apperr.Fields, field, v string, required bool, max int) {
	switch {
	case required && strings.TrimSpace(v) == "":
		f.Add(field, form.CodeRequired)
	case utf8.RuneCountInString(v) > max:
		f.AddParam(field, form.CodeTooLong, "max", max)
	}
}

// checkKey: a new round is of a near year (last year to five years on)
// and has a sequence of 1 to 99.
func checkKey(f *apperr.Fields, k application.RoundKey, now time.Time) {
	y := window.Today(now).Year()
	if k.EnterYear < y-1 || k.EnterYear > y+5 {
		f.AddParam("enterYear", CodeYear, "min", y-1)
	}
	if k.RecruitPartSeq < 1 || k.RecruitPartSeq > 99 {
		f.Add("recruitPartSeq", CodeSeq)
	}
}

func checkTexts(f *apperr.Fields, t Texts) {
	text(f, "korName", t.KorName, true, MaxName)
	text(f, "engName", t.EngName, true, MaxName)
	text(f, "detailRemkKor", t.RemkKor, false, MaxRemark)
	text(f, "detailRemkEng", t.RemkEng, false, MaxRemark)
	text(f, "slipNoticeKor", t.SlipNoticeKor, false, MaxNotice)
	text(f, "slipNoticeEng", t.SlipNoticeEng, false, MaxNotice)
}

// checkFees: card, vbank and trans charge the KRW fee, visa_master the USD
// fee, so a pay type needs its fee; free is the only type of a round
// without fees, and a paid round offers at least one way to pay.
func checkFees(f *apperr.Fields, fe Fees) {
	if fe.FeeKrw < 0 || fe.FeeKrw > MaxFeeKrw {
		f.AddParam("feeKrw", CodeFee, "max", MaxFeeKrw)
	}
	if fe.FeeUsd < 0 || fe.FeeUsd > MaxFeeUsd {
		f.AddParam("feeUsd", CodeFee, "max", MaxFeeUsd/100)
	}
	free := fe.FeeKrw == 0 && fe.FeeUsd == 0
	paid := 0
	seen := map[payment.PayType]bool{}
	for _, t := range fe.PayTypes {
		if _, err := payment.ParsePayType(string(t)); err != nil || seen[t] {
			f.AddParam("payTypes", CodePayTypes, "type", string(t))
			continue
		}
		seen[t] = true
		switch {
		case t == payment.Free:
			if !free {
				f.AddParam("payTypes", CodePayTypes, "type", string(t))
			}
		case t.Currency() == "KRW" && fe.FeeKrw == 0, t.Currency() == "USD" && fe.FeeUsd == 0:
			f.AddParam("payTypes", CodePayTypes, "type", string(t))
		default:
			paid++
		}
	}
	if !free && paid == 0 {
		f.Add("payTypes", CodePayTypesNone)
	}
	for t, ch := range fe.PayChannels {
		p := "payChannels." + string(t)
		if _, err := payment.ParsePayType(string(t)); err != nil || t == payment.Free {
			f.AddParam(p, CodePayTypes, "type", string(t))
			continue
		}
		if !channelRE.MatchString(ch.StoreID) {
			f.Add(p+".storeId", CodeChannel)
		}
		if !channelRE.MatchString(ch.ChannelKey) {
			f.Add(p+".channelKey", CodeChannel)
		}
	}
}

func checkLetters(f *apperr.Fields, n int) {
	if n < 0 || n > MaxLetters {
		f.AddParam("lettersAsked", CodeLetters, "max", MaxLetters)
	}
}

func checkRule(f *apperr.Fields, rule string) {
	if _, err := examno.Parse(rule); err != nil {
		*f = append(*f, ruleField("applIdRule", err))
	}
}

// ruleField is a refused exam-number rule as a field error: the examno
// message (what is wrong, with its parameters) at the field.
func ruleField(field string, err error) apperr.FieldError {
	e, ok := apperr.As(err)
	if !ok {
		return apperr.FieldError{Field: field, Code: CodeRule}
	}
	return apperr.FieldError{Field: field, Code: e.Code, Params: e.Params}
}
