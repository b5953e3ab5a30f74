package payment

import (
	"context"
	"errors"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/textrule"
	"github.com/gradapply/gradapply/core/window"
)

// Staff is the staff money use cases of issue 10 (pay/info, manual-pay,
// pay-check, pay/cancel, the histories and settlements) on top of the
// payment Service: the same stores, gateways, completion and mail.
type Staff struct {
	*Service
	Records StaffStore
	Tx      port.Tx
	Fees    FeeRules
	// NewID makes a cancellation id; nil uses NewPaymentID's randomness.
	NewID func() string
}

func (s *Staff) newID(applNo int64) string {
	if s.NewID != nil {
		return s.NewID()
	}
	return "c" + NewPaymentID(applNo)
}

// scoped loads an attempt the caller may act on with the action: a
// school-bound caller only its school's; anything else is missing.
func (s *Staff) scoped(ctx context.Context, p permission.Principal, a permission.Action, paymentID string) (Attempt, error) {
	att, err := s.Store.Get(ctx, paymentID)
	if err != nil {
		return Attempt{}, err
	}
	if !permission.Can(p, a, att.SchoolCode()) {
		return Attempt{}, apperr.NotFound(CodeNotFound)
	}
	return att, nil
}

// CancelInput is a staff cancel (pay/cancel): the type, the amount of a
// partial refund in major units, the reason and, for a virtual-account
// payment that is refunded, the refund account.
type CancelInput struct {
	Type   string
	Amount string
	Reason string
	Refund *RefundAccount
	// ApplicantReason is what the applicant reads (mail, /list); Reason
	// is the staff's internal note.
	ApplicantReason string
}

func (in CancelInput) check(att Attempt) (CancelType, money.Money, error) {
	var f apperr.Fields
	t, err := ParseCancelType(in.Type)
	if err != nil {
		f.Add("cancelType", CodeCancelTypeUnknown)
	}
	var amount money.Money
	if t == CancelPartial {
		amount, err = money.Parse(strings.TrimSpace(in.Amount), att.Paid().Currency())
		if err != nil || amount.IsZero() {
			f.AddParam("amount", CodePartialAmount, "max", att.Remaining())
		}
	}
	if r := strings.TrimSpace(in.Reason); r == "" || !textrule.Within(r, 500) {
		f.Add("reason", CodeReasonRequired)
	}
	if !textrule.Within(strings.TrimSpace(in.ApplicantReason), 500) {
		f.Add("applicantReason", CodeReasonTooLong)
	}
	if att.Quote().PayType == Vbank && t != CancelZero && att.Provider() != ProviderManual {
		if in.Refund == nil {
			f.Add("refundAccount", CodeRefundAccountReq)
		} else if err := in.Refund.Validate(); err != nil {
			if fe, ok := apperr.As(err); ok {
				f.Merge("refundAccount", fe.Fields)
			}
		}
	}
	return t, amount, f.Err()
}

// Cancel cancels (refunds) a paid attempt as staff. In one transaction
// under the application's row lock: what remains is read again, the
// amount checked against it, the provider asked to refund with what we
// believe remains (it refuses when it disagrees), the refund recorded,
// the application cancelled on a full cancel (COMPLETE -> CANCEL, the exam
// number kept and never given again), the applicant mailed and the act
// audited. Two staff refunding at once are serialised by the lock: the
// second sees what the first refunded.
func (s *Staff) Cancel(ctx context.Context, p permission.Principal, paymentID string, in CancelInput) (Cancellation, error) {
	if !permission.Can(p, permission.PayCancel, "") {
		return Cancellation{}, apperr.Forbidden("auth.forbidden")
	}
	att, err := s.scoped(ctx, p, permission.PayCancel, paymentID)
	if err != nil {
		return Cancellation{}, err
	}
	t, amount, err := in.check(att)
	if err != nil {
		return Cancellation{}, err
	}
	var out Cancellation
	var refused error
	err = s.Apps.Update(ctx, att.ApplNo(), func(ctx context.Context, a *application.Application) error {
		return s.Store.Update(ctx, paymentID, func(ctx context.Context, att *Attempt) error {
			if t == CancelZero && a.State().Effective() == application.Cancel {
				return apperr.Conflict(CodeAlreadyCancelled)
			}
			before, from, r := att.Remaining(), att.Result(), att.Ref()
			now := s.now()
			refund, err := att.Refund(t, amount, now)
			if err != nil {
				return err
			}
			out = Cancellation{ID: s.newID(att.ApplNo()), PaymentID: att.PaymentID(), ApplNo: att.ApplNo(), SchoolCode: att.SchoolCode(),
				Provider: att.Provider(), PayType: att.Quote().PayType, Type: t, Amount: refund, Reason: strings.TrimSpace(in.Reason),
				ApplicantReason: strings.TrimSpace(in.ApplicantReason), By: p.UserID, At: now}
			if att.Quote().PayType == Vbank && !refund.IsZero() {
				out.Refund = in.Refund
			}
			if !refund.IsZero() && !att.Manual() {
				res, err := s.refundAt(ctx, att.Provider(), CancelRequest{Ref: r, Cancellable: before, Reason: out.Reason,
					Refund: out.Refund, RequestID: out.ID}, refund)
				if errors.Is(err, ErrRefused) {
					refused = err
					return apperr.Conflict(CodeProviderRefused).With("answer", err.Error())
				}
				if err != nil {
					return err
				}
				out.ProviderCancelID, out.Pending, out.Answer = res.CancelID, res.Pending, AnswerOK
				if res.Pending {
					out.Answer = AnswerPending
				}
			}
			if err := s.Records.AddCancel(ctx, out); err != nil {
				return err
			}
			if att.Result() == Cancelled && a.State().Effective() == application.Complete {
				if err := a.CancelCompleted(application.BySysAdmin, now); err != nil {
					return err
				}
			}
			if err := s.Store.Log(ctx, Record{PaymentID: att.PaymentID(), ApplNo: att.ApplNo(), Provider: att.Provider(), Kind: RecCancelled,
				Source: SrcStaff, From: from, To: att.Result(), Code: string(t), At: now,
				Detail: map[string]string{"amount": refund.String(), "by": p.UserID, "cancelId": out.ID}}); err != nil {
				return err
			}
			if err := s.audit(ctx, p, "payment.cancel", att.PaymentID(), map[string]any{"type": string(t), "amount": refund.String(),
				"reason": out.Reason, "applNo": att.ApplNo()}); err != nil {
				return err
			}
			return s.mailCancel(ctx, a, *att, out, att.Remaining())
		})
	})
	if refused != nil {
		_ = s.Store.Log(ctx, Record{PaymentID: att.PaymentID(), ApplNo: att.ApplNo(), Provider: att.Provider(), Kind: RecRefused,
			Source: SrcStaff, From: Paid, To: Paid, Code: CodeProviderRefused, Alert: true, At: s.now(),
			Detail: map[string]string{"answer": refused.Error(), "by": p.UserID, "type": string(t)}})
	}
	return out, err
}

// refundAt asks the provider to refund: the whole of what remains, or an
// amount of it.
func (s *Staff) refundAt(ctx context.Context, prov Provider, req CancelRequest, refund money.Money) (CancelResult, error) {
	gw, ok := s.Gateways.Gateway(prov)
	if !ok {
		return CancelResult{}, apperr.New(apperr.KindUnavailable, CodeProviderDown)
	}
	if refund != req.Cancellable {
		req.Amount = refund
	}
	res, err := gw.Cancel(ctx, req)
	if err != nil && !errors.Is(err, ErrRefused) {
		return res, apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
	}
	return res, err
}

func (s *Staff) audit(ctx context.Context, p permission.Principal, action, target string, detail map[string]any) error {
	if s.Log == nil {
		return nil
	}
	return s.Log.Record(ctx, p.UserID, action, target, detail)
}

func (s *Staff) mailCancel(ctx context.Context, a *application.Application, att Attempt, c Cancellation, remaining money.Money) error {
	r, err := application.LoadRound(ctx, s.Ref, a.Round())
	if err != nil {
		return err
	}
	to, err := s.Recipients.Recipient(ctx, a.UserID())
	email := to.Email
	if apperr.KindOf(err) == apperr.KindNotFound {
		return nil // the applicant withdrew: nobody to mail
	}
	if err != nil {
		return err
	}
	school, round := names(r, att.Locale())
	return s.Mailer.Queue(ctx, att.Locale(), email, mailmsg.PaymentCancelled{School: school, Round: round,
		ExamNumber: a.ApplID(), PaymentID: att.PaymentID(), NoRefund: c.Type == CancelZero, Partial: c.Type == CancelPartial, CancelName: c.Type.Name(att.Locale()),
		Refunded: Display(c.Amount, att.Locale()), Remaining: Display(remaining, att.Locale()), Reason: c.ApplicantReason,
		Cancelled: a.State().Effective() == application.Cancel,
		At:        c.At.In(window.Seoul).Format("2006-01-02 15:04")})
}

// ---- manual payment ----

// ManualInput is manual-pay: money received outside the gateways. Method
// "transfer" records the round's KRW fee as paid by bank transfer to the
// school; "waiver" records a zero payment (fee waived).
type ManualInput struct {
	Method   string
	Reason   string
	Evidence string // e.g. the bank's transfer reference
	Locale   string // the mail's language; "" the applicant's
}

// ManualPay completes a submitted application paid outside the gateways:
// an attempt of provider "manual" is stored PAID and the application
// completes through the same path as a gateway payment (exam number,
// completion and receipt mails), in one transaction, audited with the
// reason and evidence note.
func (s *Staff) ManualPay(ctx context.Context, p permission.Principal, applNo int64, in ManualInput) (Attempt, error) {
	if !permission.Can(p, permission.ManualPay, "") {
		return Attempt{}, apperr.Forbidden("auth.forbidden")
	}
	var f apperr.Fields
	if in.Method != "transfer" && in.Method != "waiver" {
		f.Add("method", CodeManualMethod)
	}
	if r := strings.TrimSpace(in.Reason); r == "" || !textrule.Within(r, 500) {
		f.Add("reason", CodeReasonRequired)
	}
	if e := strings.TrimSpace(in.Evidence); e == "" || !textrule.Within(e, 500) {
		f.Add("evidence", CodeEvidenceRequired)
	}
	if err := f.Err(); err != nil {
		return Attempt{}, err
	}
	h, err := s.guard().Read(ctx, p, applNo)
	if err != nil {
		return Attempt{}, err
	}
	if !permission.Can(p, permission.ManualPay, h.Round.SchoolCode) {
		return Attempt{}, apperr.NotFound(CodeNotFound)
	}
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return Attempt{}, err
	}
	q := Quote{PayType: Trans, Fee: money.Won(r.FeeKrw), Surcharge: money.Won(0), Total: money.Won(r.FeeKrw)}
	if in.Method == "waiver" {
		q = Quote{PayType: Free, Fee: money.Won(0), Surcharge: money.Won(0), Total: money.Won(0)}
	}
	loc := in.Locale
	if loc == "" {
		if to, err := s.Recipients.Recipient(ctx, h.UserID); err == nil {
			loc = to.Locale
		}
	}
	now := s.now()
	att, err := NewManualAttempt("m"+NewPaymentID(applNo), applNo, h.UserID, h.Round.SchoolCode, q, loc, strings.TrimSpace(in.Evidence), now)
	if err != nil {
		return Attempt{}, err
	}
	err = s.Apps.Update(ctx, applNo, func(ctx context.Context, a *application.Application) error {
		if err := payable(a); err != nil {
			return err
		}
		if err := s.Store.Insert(ctx, att); err != nil {
			return err
		}
		rec := Record{PaymentID: att.PaymentID(), ApplNo: applNo, Provider: ProviderManual, Kind: RecChanged, Source: SrcStaff,
			From: Proceeding, To: Paid, At: now, Detail: map[string]string{"method": in.Method, "by": p.UserID,
				"reason": strings.TrimSpace(in.Reason), "evidence": strings.TrimSpace(in.Evidence), "amount": q.Total.String()}}
		if err := s.Store.Log(ctx, rec); err != nil {
			return err
		}
		if err := s.paid(ctx, a, r, &att, now, application.BySysAdmin, SrcStaff); err != nil {
			return err
		}
		return s.audit(ctx, p, "payment.manual", att.PaymentID(), map[string]any{"applNo": applNo, "method": in.Method,
			"reason": strings.TrimSpace(in.Reason), "evidence": strings.TrimSpace(in.Evidence), "amount": q.Total.String()})
	})
	if err != nil {
		return Attempt{}, err
	}
	return att, nil
}
