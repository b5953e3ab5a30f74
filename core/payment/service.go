package payment

import (
	"context"
	"crypto/rand"
	"net/url"
	"strconv"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the payment use cases: quote, start, confirm after the
// browser's return, webhooks, virtual-account expiry and reconciliation.
// Every change of an attempt and of its application happens in one
// transaction inside the application's Update, whose row lock serialises
// the browser, webhooks and jobs: the same event twice, or the webhook and
// the redirect in either order, give one completion and one mail.
type Service struct {
	Apps       application.Applications
	Ref        application.RoundReader
	Log        port.AuditLog // staff reads; nil in tests
	Store      Store
	Config     Config
	Gateways   Gateways
	Route      Router
	Completer  Completer
	Recipients port.Recipients
	Mailer     port.Mailer
	PayPal     PayPalFee
	Clock      window.Clock
	// VbankDays is how long a virtual account stays open (before the
	// COMPLETE window's end in any case); 0 means 3 days.
	VbankDays int
	// AbandonAfter is how long an attempt the provider never saw paid
	// stays PROCEEDING before reconciliation ends it; 0 means 1 hour.
	AbandonAfter time.Duration
	// Refunds are the staff cancellations whose pending refunds webhooks
	// and FollowRefunds settle; nil follows nothing up.
	Refunds RefundStore
	// Buyers prefills the provider's window (name, e-mail, phone); nil
	// gives the applicant's name and the account's e-mail only.
	Buyers Buyers
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func (s *Service) guard() application.Guard { return application.Guard{Apps: s.Apps, Log: s.Log} }

// Option is one pay type the applicant may choose, with its price.
type Option struct {
	Quote    Quote
	Provider Provider
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
