package payment

import (
	"context"
	"crypto/rand"
	"errors"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the payment use cases: quote, start, confirm after the
// browser's return, webhooks, virtual-account expiry and reconciliation.
// Every change of an attempt and of its application happens in one
// transaction inside the application's Update, whose row lock serialises
// the browser, webhooks and jobs: the same event twice, or the webhook and
// the redirect in either order, give one completion and one mail.
type Service struct {
	Apps      application.Applications
	Ref       application.RoundReader
	Log       application.AccessLog // staff reads; nil in tests
	Store     Store
	Config    Config
	Gateways  Gateways
	Route     Router
	Completer Completer
	Contacts  Contacts
	Mailer    Mailer
	PayPal    PayPalFee
	Clock     window.Clock
	// VbankDays is how long a virtual account stays open (before the
	// COMPLETE window's end in any case); 0 means 3 days.
	VbankDays int
	// AbandonAfter is how long an attempt the provider never saw paid
	// stays PROCEEDING before reconciliation ends it; 0 means 1 hour.
	AbandonAfter time.Duration
	// Refunds are the staff cancellations whose pending refunds webhooks
	// and FollowRefunds settle; nil follows nothing up.
	Refunds RefundStore
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func (s *Service) guard() application.Guard { return application.Guard{Apps: s.Apps, Log: s.Log} }

// ---- quote ----

// Option is one pay type the applicant may choose, with its price.
type Option struct {
	Quote    Quote    `json:"quote"`
	Provider Provider `json:"provider"`
}

// View is what the pay page shows: the application, the options with
// their prices, the attempt in flight (a virtual account awaiting its
// deposit) and the last ended one (a decline, an expiry).
type View struct {
	Header   application.Header
	Round    application.Round
	Options  []Option
	Current  *Attempt // in flight, if any
	Last     *Attempt // the newest attempt, if any
	Paid     *Attempt // the paid attempt, if any
	PayOpen  bool     // the COMPLETE window allows paying now
	Deadline time.Time
}

// Quote answers the pay page of an application (GET /appl/pay/{applNo}).
func (s *Service) Quote(ctx context.Context, p permission.Principal, applNo int64) (View, error) {
	h, err := s.guard().Read(ctx, p, applNo)
	if err != nil {
		return View{}, err
	}
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return View{}, err
	}
	v := View{Header: h, Round: r}
	v.Options, err = s.options(ctx, r)
	if err != nil {
		return View{}, err
	}
	now := s.now()
	v.PayOpen = window.NewRound(r.Windows...).Allow(window.ActPay, now, application.Exempt(p)) == nil
	if w, ok := window.NewRound(r.Windows...)[window.Complete]; ok {
		v.Deadline = w.End
	}
	list, err := s.Store.ByApplication(ctx, applNo)
	if err != nil {
		return View{}, err
	}
	for i := range list {
		a := &list[i]
		switch {
		case a.Result().InFlight() && v.Current == nil:
			v.Current = a
		case a.Result() == Paid && v.Paid == nil:
			v.Paid = a
		}
	}
	if len(list) > 0 {
		v.Last = &list[0]
	}
	return v, nil
}

// options prices every pay type the round offers and its fees allow.
func (s *Service) options(ctx context.Context, r application.Round) ([]Option, error) {
	set, ok, err := s.Config.Settings(ctx, r.RoundKey)
	if err != nil {
		return nil, err
	}
	if !ok {
		set = DefaultSettings
	}
	var out []Option
	for _, t := range set.PayTypes {
		fee := money.Won(r.FeeKrw)
		if t.Currency() == money.USD {
			fee = money.Cents(r.FeeUsd)
		}
		prov := s.Route(t)
		if _, ok := s.Gateways.Gateway(prov); t == Free || fee.IsZero() || !ok {
			continue
		}
		q, err := NewQuote(t, fee, s.PayPal)
		if err != nil {
			return nil, err
		}
		out = append(out, Option{Quote: q, Provider: prov})
	}
	return out, nil
}

func (s *Service) channel(ctx context.Context, k application.RoundKey, t PayType) (Channel, error) {
	set, ok, err := s.Config.Settings(ctx, k)
	if err != nil || !ok {
		return Channel{}, err
	}
	return set.Channels[t], nil
}

// ---- start ----

// StartRequest is POST /appl/pay/{applNo}: the chosen pay type and where
// the browser comes back.
type StartRequest struct {
	PayType   string `json:"payType"`
	Locale    string `json:"-"`
	ReturnURL string `json:"-"` // built by the edge from the configured public URL
	CancelURL string `json:"-"`
	NoticeURL string `json:"-"`
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
	if err := s.settleOpen(ctx, applNo); err != nil {
		return Checkout{}, err
	}
	ch, err := s.channel(ctx, h.Round, t)
	if err != nil {
		return Checkout{}, err
	}
	att := Attempt{PaymentID: NewPaymentID(applNo), ApplNo: applNo, UserID: h.UserID, SchoolCode: h.Round.SchoolCode,
		Provider: opt.Provider, Quote: opt.Quote, Payment: Start(opt.Quote), Locale: locale(req.Locale),
		CreatedAt: now, UpdatedAt: now}
	err = s.Apps.Update(ctx, applNo, func(ctx context.Context, a *application.Application) error {
		switch a.State().Effective() {
		case application.Submit:
		case application.Complete:
			return apperr.Conflict(CodeAlreadyPaid)
		case application.VbankIssue:
			return apperr.Conflict(CodeVbankWaiting)
		default:
			return apperr.Conflict(CodeNotSubmitted).With("status", string(a.State().Effective()))
		}
		if err := s.Store.Insert(ctx, att); err != nil {
			return err
		}
		return s.Store.Log(ctx, Record{PaymentID: att.PaymentID, ApplNo: applNo, Provider: att.Provider, Kind: RecStarted,
			Source: SrcStart, To: Proceeding, At: now, Detail: map[string]string{"payType": string(t), "amount": att.Quote.Total.String()}})
	})
	if err != nil {
		return Checkout{}, err
	}
	// The return addresses name the attempt: PayPal comes back with only
	// its own order token.
	order := Order{PaymentID: att.PaymentID, ApplNo: applNo, PayType: t, Amount: att.Quote.Total,
		OrderName: orderName(r, att.Locale), Channel: ch, ReturnURL: withPaymentID(req.ReturnURL, att.PaymentID),
		CancelURL: withPaymentID(req.CancelURL, att.PaymentID),
		NoticeURL: req.NoticeURL, Locale: att.Locale}
	if t == Vbank {
		order.VbankDue = s.vbankDue(r, now)
	}
	if email, _, err := s.Contacts.Contact(ctx, h.UserID); err == nil {
		order.Buyer = Buyer{Name: h.ApplicantName, Email: email}
	}
	co, err := gw.Prepare(ctx, order)
	if err != nil {
		// The attempt never reached the provider's window: end it so the
		// applicant can try again.
		_ = s.fail(ctx, att.PaymentID, SrcStart, CodeProviderDown, err.Error())
		if errors.Is(err, ErrAlreadyPaid) {
			return Checkout{}, apperr.Conflict(CodeAlreadyPaid)
		}
		return Checkout{}, apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
	}
	if co.ProviderOrderID != "" {
		err := s.Apps.Update(ctx, applNo, func(ctx context.Context, _ *application.Application) error {
			cur, err := s.Store.Get(ctx, att.PaymentID)
			if err != nil {
				return err
			}
			cur.ProviderOrderID = co.ProviderOrderID
			return s.Store.Save(ctx, cur)
		})
		if err != nil {
			return Checkout{}, err
		}
	}
	return co, nil
}

// withPaymentID adds paymentId to a return address ("" stays "").
func withPaymentID(raw, paymentID string) string {
	u, err := url.Parse(raw)
	if raw == "" || err != nil {
		return raw
	}
	q := u.Query()
	q.Set("paymentId", paymentID)
	u.RawQuery = q.Encode()
	return u.String()
}

func locale(l string) string {
	if l == "en" {
		return "en"
	}
	return "ko"
}

func orderName(r application.Round, loc string) string {
	if loc == "en" {
		return r.SchoolEngName + " " + r.EngName + " application fee"
	}
	return r.SchoolKorName + " " + r.KorName + " 전형료"
}

// vbankDue is the deadline of a new virtual account: VbankDays from now,
// and never after the COMPLETE window closes.
func (s *Service) vbankDue(r application.Round, now time.Time) time.Time {
	days := s.VbankDays
	if days <= 0 {
		days = 3
	}
	due := now.Add(time.Duration(days) * 24 * time.Hour)
	if w, ok := window.NewRound(r.Windows...)[window.Complete]; ok && w.End.After(now) && w.End.Before(due) {
		due = w.End.Add(-time.Minute)
	}
	return due
}

// NewPaymentID makes our id of a new attempt: the application number and
// 80 random bits, so it names the application and cannot be guessed.
func NewPaymentID(applNo int64) string {
	const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	out := []byte("ga" + strconv.FormatInt(applNo, 10) + "-")
	for _, c := range b {
		out = append(out, alphabet[int(c)%len(alphabet)])
	}
	return string(out)
}

// settleOpen asks the provider about every PROCEEDING attempt of the
// application and applies its answer; one still open there (not paid, not
// failed) is ended as abandoned, as the applicant starts another. A paid
// one completes the application and the start is refused.
func (s *Service) settleOpen(ctx context.Context, applNo int64) error {
	list, err := s.Store.ByApplication(ctx, applNo)
	if err != nil {
		return err
	}
	for _, a := range list {
		switch a.Result() {
		case Paid:
			return apperr.Conflict(CodeAlreadyPaid)
		case VbankIssue:
			return apperr.Conflict(CodeVbankWaiting)
		case Proceeding:
			snap, err := s.lookup(ctx, a)
			if err != nil {
				return apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
			}
			if _, err := s.apply(ctx, a.PaymentID, snap, SrcStart, ""); err != nil {
				return err
			}
			cur, err := s.Store.Get(ctx, a.PaymentID)
			if err != nil {
				return err
			}
			switch cur.Result() {
			case Paid:
				return apperr.Conflict(CodeAlreadyPaid)
			case VbankIssue:
				return apperr.Conflict(CodeVbankWaiting)
			case Proceeding:
				if snap.Status == RemotePending || snap.Status == RemoteApproved {
					return apperr.Conflict(CodeInFlight)
				}
				if err := s.fail(ctx, a.PaymentID, SrcStart, CodeAbandoned, ""); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// ---- confirm, webhook ----

// Return is what the browser brings back from the provider (query of the
// redirect, or the SDK's answer): only hints, never trusted.
type Return struct {
	Code    string `json:"code"`    // the provider's error code, "" on success
	Message string `json:"message"` // its text
}

// Confirm is the browser's return (POST /appl/pay/confirm/{paymentId}):
// the provider is asked (PayPal: the approved order is captured) and its
// answer applied. It answers the attempt as it stands.
func (s *Service) Confirm(ctx context.Context, p permission.Principal, paymentID string, ret Return) (Attempt, error) {
	att, err := s.Store.Get(ctx, paymentID)
	if err != nil {
		return Attempt{}, err
	}
	if _, err := s.guard().Change(ctx, p, att.ApplNo); err != nil {
		return Attempt{}, apperr.NotFound(CodeNotFound)
	}
	if att.Result().InFlight() {
		snap, err := s.capture(ctx, att)
		if err != nil {
			return Attempt{}, apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
		}
		if _, err := s.apply(ctx, paymentID, snap, SrcBrowser, ""); err != nil {
			return Attempt{}, err
		}
		// The applicant closed the window or was declined, and the
		// provider confirms nothing was paid: the attempt ends now.
		if ret.Code != "" && (snap.Status == RemoteReady || snap.Status == RemoteUnknown) {
			if err := s.fail(ctx, paymentID, SrcBrowser, CodeDeclined, ret.Code+" "+ret.Message); err != nil {
				return Attempt{}, err
			}
		}
	}
	return s.Store.Get(ctx, paymentID)
}

// Webhook handles a provider's notification: the adapter verifies its
// signature (a refused one is recorded and changes nothing), then the
// provider is asked about the payment it names and its answer applied.
// An error of kind invalid answers a forged webhook; nil everything the
// provider should stop sending.
func (s *Service) Webhook(ctx context.Context, prov Provider, w Webhook) error {
	gw, ok := s.Gateways.Gateway(prov)
	if !ok {
		return apperr.NotFound(CodeNotFound)
	}
	n, err := gw.ParseWebhook(ctx, w)
	if err != nil {
		if errors.Is(err, ErrBadSignature) {
			_ = s.Store.Log(ctx, Record{Provider: prov, Kind: RecRefused, Source: SrcWebhook, Code: CodeBadSignature,
				DeliveryID: w.Get("webhook-id"), Alert: true, At: s.now(), Detail: map[string]string{"error": err.Error()}})
			return apperr.Invalid(CodeBadSignature)
		}
		return apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
	}
	if n.Kind == NoticeOther {
		return nil
	}
	var att Attempt
	switch {
	case n.PaymentID != "":
		att, err = s.Store.Get(ctx, n.PaymentID)
	case n.ProviderOrderID != "":
		att, err = s.Store.ByProviderOrder(ctx, prov, n.ProviderOrderID)
	default:
		err = apperr.NotFound(CodeNotFound)
	}
	if err != nil {
		if apperr.KindOf(err) == apperr.KindNotFound {
			return s.Store.Log(ctx, Record{Provider: prov, Kind: RecRefused, Source: SrcWebhook, Code: CodeUnknownPayment,
				DeliveryID: n.ID, Alert: true, At: s.now(), Detail: map[string]string{"paymentId": n.PaymentID, "type": n.Type}})
		}
		return err
	}
	if att.Provider != prov {
		return s.Store.Log(ctx, Record{PaymentID: att.PaymentID, ApplNo: att.ApplNo, Provider: prov, Kind: RecRefused,
			Source: SrcWebhook, Code: CodeUnknownPayment, DeliveryID: n.ID, Alert: true, At: s.now()})
	}
	if att.ProviderOrderID == "" && n.ProviderOrderID != "" {
		att.ProviderOrderID = n.ProviderOrderID
	}
	var snap Snapshot
	if n.Kind == NoticeApproved {
		snap, err = s.capture(ctx, att)
	} else {
		snap, err = s.lookup(ctx, att)
	}
	if err != nil {
		return apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
	}
	if _, err = s.apply(ctx, att.PaymentID, snap, SrcWebhook, n.ID); err != nil || n.Kind != NoticeCancelled {
		return err
	}
	_, err = s.settleRefunds(ctx, att, snap, SrcWebhook, n.ID)
	return err
}

func ref(a Attempt) Ref {
	return Ref{PaymentID: a.PaymentID, ProviderOrderID: a.ProviderOrderID, ProviderTxID: a.Payment.TxID}
}

func (s *Service) lookup(ctx context.Context, a Attempt) (Snapshot, error) {
	gw, ok := s.Gateways.Gateway(a.Provider)
	if !ok {
		return Snapshot{}, errors.New("payment: no gateway " + string(a.Provider))
	}
	snap, err := gw.Lookup(ctx, ref(a))
	if errors.Is(err, ErrNotFound) {
		return Snapshot{Provider: a.Provider, PaymentID: a.PaymentID, Status: RemoteUnknown}, nil
	}
	return snap, err
}

// capture asks the provider, capturing an approved PayPal order.
func (s *Service) capture(ctx context.Context, a Attempt) (Snapshot, error) {
	snap, err := s.lookup(ctx, a)
	if err != nil || snap.Status != RemoteApproved {
		return snap, err
	}
	gw, _ := s.Gateways.Gateway(a.Provider)
	if a.ProviderOrderID == "" {
		a.ProviderOrderID = snap.ProviderOrderID
	}
	return gw.Capture(ctx, ref(a))
}

// Outcome of apply, for tests and jobs.
type applied struct {
	Outcome Outcome
	Refused string // a message code when the provider's answer was refused
}

// apply applies the provider's answer about one attempt in one
// transaction with its application: the state machine decides; a paid
// attempt completes the application (exam number, completion and receipt
// mails); an issued virtual account moves it to VBANK_ISSUE and is
// mailed; an expired one returns it to SUBMIT. An answer that does not
// match the stored order (another payment id, amount or currency) changes
// nothing and is recorded as an alert.
func (s *Service) apply(ctx context.Context, paymentID string, snap Snapshot, src Source, delivery string) (applied, error) {
	var out applied
	att, err := s.Store.Get(ctx, paymentID)
	if err != nil {
		return out, err
	}
	err = s.Apps.Update(ctx, att.ApplNo, func(ctx context.Context, a *application.Application) error {
		att, err := s.Store.Get(ctx, paymentID)
		if err != nil {
			return err
		}
		now := s.now()
		rec := Record{PaymentID: att.PaymentID, ApplNo: att.ApplNo, Provider: att.Provider, Source: src,
			DeliveryID: delivery, From: att.Result(), To: att.Result(), Kind: RecSeen, At: now,
			Detail: map[string]string{"remote": string(snap.Status)}}
		if snap.PaymentID != "" && snap.PaymentID != att.PaymentID {
			out.Refused = CodeIdentityMismatch
			rec.Kind, rec.Code, rec.Alert = RecRefused, CodeIdentityMismatch, true
			rec.Detail["reported"] = snap.PaymentID
			return s.Store.Log(ctx, rec)
		}
		ev, ok := event(snap)
		if !ok {
			return s.Store.Log(ctx, rec)
		}
		next, oc, err := att.Payment.Apply(ev)
		out.Outcome = oc
		if err != nil {
			ae, ok := apperr.As(err)
			if !ok {
				return err
			}
			out.Refused = ae.Code
			rec.Kind, rec.Code, rec.Alert = RecRefused, ae.Code, true
			rec.Detail["expected"] = att.Payment.Expected.String()
			rec.Detail["reported"] = ev.Amount.String()
			return s.Store.Log(ctx, rec)
		}
		switch oc {
		case LatePaid:
			rec.Kind, rec.Alert = RecLatePaid, true
			rec.Detail["amount"] = ev.Amount.String()
			return s.Store.Log(ctx, rec)
		case Ignored:
			return s.Store.Log(ctx, rec)
		}
		att.Payment, att.UpdatedAt = next, now
		rec.Kind, rec.To = RecChanged, next.Result
		if snap.ProviderOrderID != "" {
			att.ProviderOrderID = snap.ProviderOrderID
		}
		r, err := application.LoadRound(ctx, s.Ref, a.Round())
		if err != nil {
			return err
		}
		switch next.Result {
		case Paid:
			att.PaidAt = snap.PaidAt
			if att.PaidAt.IsZero() {
				att.PaidAt = now
			}
			if err := s.paid(ctx, a, r, att, &rec, now); err != nil {
				return err
			}
		case VbankIssue:
			att.Vbank = snap.Vbank
			// An application cancelled meanwhile keeps its status: the
			// account is recorded and staff are alerted (a deposit would
			// be a late payment to refund).
			if err := a.IssueVirtualAccount(r.Steps, now); err != nil {
				rec.Alert, rec.Code = true, CodeEventUnexpected
				rec.Detail["status"] = string(a.State().Effective())
			} else if err := s.mailVbank(ctx, a, r, att); err != nil {
				return err
			}
		case Timeout:
			if a.State().Effective() == application.VbankIssue {
				if err := a.ExpireVirtualAccount(now); err != nil {
					return err
				}
			}
		case Failed:
			att.FailReason = snap.FailReason
		}
		if err := s.Store.Save(ctx, att); err != nil {
			return err
		}
		return s.Store.Log(ctx, rec)
	})
	return out, err
}

// paid completes the application of a paid attempt. An application that
// cannot complete any more (paid by another attempt, cancelled) keeps the
// money recorded and raises an alert: staff refund it.
func (s *Service) paid(ctx context.Context, a *application.Application, r application.Round, att Attempt, rec *Record, now time.Time) error {
	return s.paidBy(ctx, a, r, att, rec, now, application.ByPayment)
}

// paidBy is paid with the actor of the completion (a manual payment is
// the system admin's).
func (s *Service) paidBy(ctx context.Context, a *application.Application, r application.Round, att Attempt, rec *Record, now time.Time, by application.Actor) error {
	if st := a.State().Effective(); st != application.Submit && st != application.VbankIssue {
		rec.Alert, rec.Code = true, CodePaidTwice
		rec.Detail["status"] = string(st)
		return nil
	}
	if err := s.Completer.CompleteIn(ctx, a, r, by, att.Locale, now); err != nil {
		return err
	}
	email, _, err := s.Contacts.Contact(ctx, a.UserID())
	if err != nil {
		return err
	}
	school, round := names(r, att.Locale)
	return s.Mailer.Queue(ctx, att.Locale, email, mailmsg.PaymentReceipt{
		School: school, Round: round, ExamNumber: a.ApplID(), PaymentID: att.PaymentID, PayType: Booked(att.Provider, att.Quote.PayType).Name(att.Locale),
		Fee: Display(att.Quote.Fee, att.Locale), Surcharge: surchargeText(att.Quote, att.Locale), Total: Display(att.Quote.Total, att.Locale),
		PaidAt: att.PaidAt.In(window.Seoul).Format("2006-01-02 15:04")})
}

func surchargeText(q Quote, loc string) string {
	if q.Surcharge.IsZero() {
		return ""
	}
	return Display(q.Surcharge, loc)
}

func names(r application.Round, loc string) (string, string) {
	if loc == "en" {
		return r.SchoolEngName, r.EngName
	}
	return r.SchoolKorName, r.KorName
}

func (s *Service) mailVbank(ctx context.Context, a *application.Application, r application.Round, att Attempt) error {
	if att.Vbank == nil {
		return nil
	}
	email, _, err := s.Contacts.Contact(ctx, a.UserID())
	if err != nil {
		return err
	}
	school, round := names(r, att.Locale)
	return s.Mailer.Queue(ctx, att.Locale, email, mailmsg.VirtualAccountIssued{School: school, Round: round,
		Bank: att.Vbank.Bank, AccountNo: att.Vbank.AccountNo, Holder: att.Vbank.Holder, Amount: Display(att.Quote.Total, att.Locale),
		Due: att.Vbank.Due.In(window.Seoul).Format("2006-01-02 15:04")})
}

// event maps the provider's answer to an event of the state machine; false
// when the answer moves nothing (not paid yet, still deciding).
func event(s Snapshot) (Event, bool) {
	switch s.Status {
	case RemotePaid:
		return Event{Kind: EvPaid, Amount: amountOf(s), TxID: s.ProviderTxID}, true
	case RemoteVbankIssued:
		return Event{Kind: EvVbankIssued, Amount: s.Amount, TxID: s.ProviderTxID}, true
	case RemoteFailed:
		return Event{Kind: EvFailed}, true
	case RemoteCancelled, RemotePartCanceled:
		// Cancelled before it was paid (a closed virtual account); a paid
		// attempt ignores it (refunds are staff's, issue 10).
		return Event{Kind: EvFailed}, true
	}
	return Event{}, false
}

// fail ends an attempt still PROCEEDING (abandoned, declined, never
// pre-registered) after the provider said it is not paid.
func (s *Service) fail(ctx context.Context, paymentID string, src Source, code, reason string) error {
	att, err := s.Store.Get(ctx, paymentID)
	if err != nil {
		return err
	}
	return s.Apps.Update(ctx, att.ApplNo, func(ctx context.Context, _ *application.Application) error {
		att, err := s.Store.Get(ctx, paymentID)
		if err != nil || att.Result() != Proceeding {
			return err
		}
		now := s.now()
		att.Payment.Result, att.FailReason, att.UpdatedAt = Failed, reason, now
		if err := s.Store.Save(ctx, att); err != nil {
			return err
		}
		return s.Store.Log(ctx, Record{PaymentID: paymentID, ApplNo: att.ApplNo, Provider: att.Provider, Kind: RecChanged,
			Source: src, From: Proceeding, To: Failed, Code: code, At: now, Detail: map[string]string{"reason": reason}})
	})
}

// ---- jobs ----

// Swept counts what a job did.
type Swept struct {
	Asked, Changed, Failed int
}

// Reconcile asks the provider about attempts PROCEEDING for more than
// olderThan and applies its answers: a paid one completes without any
// webhook. An attempt the provider does not know or never saw paid is
// ended only after AbandonAfter; one the provider reports paid, pending or
// approved is never ended here. Running it twice changes nothing more.
func (s *Service) Reconcile(ctx context.Context, olderThan time.Duration, limit int) (Swept, error) {
	now := s.now()
	list, err := s.Store.Stuck(ctx, now.Add(-olderThan), limit)
	if err != nil {
		return Swept{}, err
	}
	abandon := s.AbandonAfter
	if abandon <= 0 {
		abandon = time.Hour
	}
	var sw Swept
	for _, a := range list {
		snap, err := s.capture(ctx, a)
		if err != nil {
			sw.Failed++ // no answer: ask again next time, change nothing
			continue
		}
		sw.Asked++
		res, err := s.apply(ctx, a.PaymentID, snap, SrcReconcile, "")
		if err != nil {
			sw.Failed++
			continue
		}
		if res.Outcome == Changed {
			sw.Changed++
			continue
		}
		if (snap.Status == RemoteReady || snap.Status == RemoteUnknown) && now.Sub(a.CreatedAt) >= abandon {
			if err := s.fail(ctx, a.PaymentID, SrcReconcile, CodeAbandoned, "not paid at the provider"); err != nil {
				sw.Failed++
				continue
			}
			sw.Changed++
		}
	}
	return sw, nil
}

// ExpireVbanks ends virtual accounts whose deadline passed: the provider
// is asked first (a deposit that arrived completes the application); one
// still open there is closed at the provider, and only when it confirms
// does the attempt become TIMEOUT and the application return to SUBMIT.
func (s *Service) ExpireVbanks(ctx context.Context, limit int) (Swept, error) {
	now := s.now()
	list, err := s.Store.DueVbanks(ctx, now, limit)
	if err != nil {
		return Swept{}, err
	}
	var sw Swept
	for _, a := range list {
		snap, err := s.lookup(ctx, a)
		if err != nil {
			sw.Failed++
			continue
		}
		sw.Asked++
		if snap.Status == RemoteVbankIssued {
			gw, _ := s.Gateways.Gateway(a.Provider)
			if err := gw.CloseVirtualAccount(ctx, ref(a)); err != nil {
				sw.Failed++
				continue
			}
			if snap, err = s.lookup(ctx, a); err != nil {
				sw.Failed++
				continue
			}
			if snap.Status == RemoteVbankIssued { // closed, the provider still shows it open: treat as expired
				snap.Status = RemoteFailed
			}
		}
		if snap.Status == RemotePending || snap.Status == RemoteApproved || snap.Status == RemoteReady {
			continue
		}
		if snap.Status == RemoteUnknown {
			snap.Status = RemoteFailed
		}
		res, err := s.apply(ctx, a.PaymentID, snap, SrcExpiry, "")
		if err != nil {
			sw.Failed++
			continue
		}
		if res.Outcome == Changed {
			sw.Changed++
		}
	}
	return sw, nil
}

// ---- receipts and history ----

// PaidAttempt is a paid attempt with the school and round it paid for.
type PaidAttempt struct {
	Attempt
	Round application.Round
}

// Receipts lists the caller's attempts that were paid, newest first, with
// their school and round.
func (s *Service) Receipts(ctx context.Context, p permission.Principal) ([]PaidAttempt, error) {
	if !p.Authenticated() {
		return nil, apperr.Unauthenticated("auth.required")
	}
	list, err := s.Store.ByUser(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	rounds := map[application.RoundKey]application.Round{}
	var out []PaidAttempt
	for _, a := range list {
		if a.Result() != Paid {
			continue
		}
		h, err := s.Apps.Get(ctx, a.ApplNo)
		if err != nil {
			return nil, err
		}
		r, ok := rounds[h.Round]
		if !ok {
			if r, err = application.LoadRound(ctx, s.Ref, h.Round); err != nil {
				return nil, err
			}
			rounds[h.Round] = r
		}
		out = append(out, PaidAttempt{Attempt: a, Round: r})
	}
	return out, nil
}

// Receipt answers one paid attempt of the caller.
func (s *Service) Receipt(ctx context.Context, p permission.Principal, paymentID string) (Attempt, application.Header, application.Round, error) {
	att, err := s.Store.Get(ctx, paymentID)
	if err != nil || att.Result() != Paid {
		return Attempt{}, application.Header{}, application.Round{}, apperr.NotFound(CodeNotFound)
	}
	h, err := s.guard().Read(ctx, p, att.ApplNo)
	if err != nil {
		return Attempt{}, application.Header{}, application.Round{}, apperr.NotFound(CodeNotFound)
	}
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	return att, h, r, err
}
