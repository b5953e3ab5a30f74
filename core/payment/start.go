package payment

import (
	"context"
	"errors"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// StartRequest is POST /appl/pay/{applNo}: the chosen pay type and where
// the browser comes back.
type StartRequest struct {
	PayType string
	// ReplaceVbank asks to pay another way while a virtual account awaits
	// its deposit: the account is closed at the provider first (a deposit
	// that already arrived completes the application instead).
	ReplaceVbank bool
	Locale       string
	ReturnURL    string // built by the edge from the configured public URL
	CancelURL    string
	NoticeURL    string
}

// Start begins a new attempt: it checks the COMPLETE window, the
// application's state and that nothing is paid or in flight; stores the
// attempt (PROCEEDING) with our own PaymentID and the amount computed
// here; and pre-registers it at the provider. The browser gets what it
// needs to open the provider's window, never an amount it could change.
func (s *Service) Start(ctx context.Context, p permission.Principal, applNo int64, req StartRequest) (Checkout, error) {
	h, err := s.guard().Change(ctx, p, applNo)
	if err != nil {
		return Checkout{}, err
	}
	t, err := ParsePayType(req.PayType)
	if err != nil {
		var f apperr.Fields
		f.Add("payType", CodePayTypeUnknown)
		return Checkout{}, f.Err()
	}
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return Checkout{}, err
	}
	now := s.now()
	if err := s.guard().Allow(p, r, window.ActPay, now); err != nil {
		return Checkout{}, err
	}
	opts, err := s.options(ctx, r)
	if err != nil {
		return Checkout{}, err
	}
	i := slices.IndexFunc(opts, func(o Option) bool { return o.Quote.PayType == t })
	if i < 0 {
		var f apperr.Fields
		f.Add("payType", CodePayTypeNotOffered)
		return Checkout{}, f.Err()
	}
	opt := opts[i]
	gw, ok := s.Gateways.Gateway(opt.Provider)
	if !ok {
		return Checkout{}, apperr.New(apperr.KindUnavailable, CodeProviderDown)
	}
	// An attempt left PROCEEDING (the applicant closed the window) is
	// asked about first: paid means paid, never a second charge.
	if err := s.settleOpen(ctx, applNo, req.ReplaceVbank); err != nil {
		return Checkout{}, err
	}
	ch, err := s.channel(ctx, h.Round, t)
	if err != nil {
		return Checkout{}, err
	}
	att, err := NewAttempt(NewPaymentID(applNo), applNo, h.UserID, h.Round.SchoolCode, opt.Provider, opt.Quote, req.Locale, now)
	if err != nil {
		return Checkout{}, err
	}
	err = s.Apps.Update(ctx, applNo, func(ctx context.Context, a *application.Application) error {
		if err := payable(a); err != nil {
			return err
		}
		if err := s.Store.Insert(ctx, att); err != nil {
			return err
		}
		return s.Store.Log(ctx, Record{PaymentID: att.PaymentID(), ApplNo: applNo, Provider: att.Provider(), Kind: RecStarted,
			Source: SrcStart, To: Proceeding, At: now, Detail: map[string]string{"payType": string(t), "amount": att.Quote().Total.String()}})
	})
	if err != nil {
		return Checkout{}, err
	}
	// The return addresses name the attempt: PayPal comes back with only
	// its own order token.
	order := Order{PaymentID: att.PaymentID(), ApplNo: applNo, PayType: t, Amount: att.Quote().Total,
		OrderName: orderName(r, att.Locale()), Channel: ch, ReturnURL: withPaymentID(req.ReturnURL, att.PaymentID()),
		CancelURL: withPaymentID(req.CancelURL, att.PaymentID()),
		NoticeURL: req.NoticeURL, Locale: att.Locale()}
	if t == Vbank {
		order.VbankDue = s.vbankDue(r, now)
	}
	order.Buyer = s.buyer(ctx, h)
	co, err := gw.Prepare(ctx, order)
	if err != nil {
		// The attempt never reached the provider's window: end it so the
		// applicant can try again.
		_ = s.fail(ctx, att, SrcStart, CodeProviderDown, err.Error())
		if errors.Is(err, ErrAlreadyPaid) {
			return Checkout{}, apperr.Conflict(CodeAlreadyPaid)
		}
		return Checkout{}, apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
	}
	if co.ProviderOrderID != "" {
		err := s.Apps.Update(ctx, applNo, func(ctx context.Context, _ *application.Application) error {
			return s.Store.Update(ctx, att.PaymentID(), func(_ context.Context, cur *Attempt) error {
				cur.SetProviderOrder(co.ProviderOrderID, s.now())
				return nil
			})
		})
		if err != nil {
			return Checkout{}, err
		}
	}
	return co, nil
}

// settleOpen asks the provider about every PROCEEDING attempt of the
// application and applies its answer; one still open there (not paid, not
// failed) is ended as abandoned, as the applicant starts another. A paid
// one completes the application and the start is refused.
func (s *Service) settleOpen(ctx context.Context, applNo int64, replaceVbank bool) error {
	list, err := s.Store.ByApplication(ctx, applNo)
	if err != nil {
		return err
	}
	for _, a := range list {
		switch a.Result() {
		case Paid:
			return apperr.Conflict(CodeAlreadyPaid)
		case VbankIssue:
			if !replaceVbank {
				return apperr.Conflict(CodeVbankWaiting)
			}
			res, err := s.closeVbank(ctx, a, SrcStart)
			if err != nil {
				return err
			}
			switch res.Attempt.Result() {
			case Paid:
				return apperr.Conflict(CodeAlreadyPaid)
			case VbankIssue:
				return apperr.Conflict(CodeVbankWaiting)
			}
		case Proceeding:
			snap, err := s.lookup(ctx, a)
			if err != nil {
				return apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
			}
			res, err := s.apply(ctx, a, snap, SrcStart, "")
			if err != nil {
				return err
			}
			cur := res.Attempt
			switch cur.Result() {
			case Paid:
				return apperr.Conflict(CodeAlreadyPaid)
			case VbankIssue:
				return apperr.Conflict(CodeVbankWaiting)
			case Proceeding:
				// An approved order we refused (it differs from ours) is
				// never captured: it ends, it does not hold the applicant.
				if snap.Status == RemotePending || (snap.Status == RemoteApproved && res.Refused == "") {
					return apperr.Conflict(CodeInFlight)
				}
				if err := s.fail(ctx, a, SrcStart, CodeAbandoned, ""); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// payable refuses a new payment of an application that is not waiting
// for one: already paid, a virtual account awaiting its deposit, or not
// submitted.
func payable(a *application.Application) error {
	switch st := a.State().Effective(); st {
	case application.Submit:
		return nil
	case application.Complete:
		return apperr.Conflict(CodeAlreadyPaid)
	case application.VbankIssue:
		return apperr.Conflict(CodeVbankWaiting)
	default:
		return apperr.Conflict(CodeNotSubmitted).With("status", string(st))
	}
}
