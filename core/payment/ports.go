package payment

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/money"
	"github.com/gradapply/gradapply/core/port"
)

// Source says what caused a record.
type Source string

const (
	SrcStart     Source = "start"     // the applicant started the attempt
	SrcBrowser   Source = "browser"   // the browser came back from the provider
	SrcWebhook   Source = "webhook"   // a provider's notification
	SrcReconcile Source = "reconcile" // the reconciliation job asked the provider
	SrcExpiry    Source = "expiry"    // the virtual-account expiry job
	SrcStaff     Source = "staff"     // staff: manual payment, cancel, pay-check re-query (issue 10)
	SrcRefunds   Source = "refunds"   // the pending-refund follow-up job
)

// RecordKind says what a record is.
type RecordKind string

const (
	RecStarted   RecordKind = "started"   // an attempt was created (and pre-registered)
	RecChanged   RecordKind = "changed"   // the result changed
	RecSeen      RecordKind = "seen"      // the provider was asked or notified; nothing changed
	RecRefused   RecordKind = "refused"   // a forged or mismatching event was refused
	RecLatePaid  RecordKind = "late_paid" // money arrived after the attempt ended: refund needed
	RecCancelled RecordKind = "cancelled" // staff cancelled or refunded (issue 10)
	RecRefund    RecordKind = "refund"    // a refund the provider answered pending was followed up
)

// Record is one line of a payment's history: every attempt, status change
// and refused event, for the staff pages. Alert marks what staff must look
// at (amount mismatch, forged webhook, money after expiry, a second
// payment).
type Record struct {
	ID         int64
	PaymentID  string // "" for a refused webhook that names no payment we know
	ApplNo     int64  // 0 when unknown
	Provider   Provider
	Kind       RecordKind
	Source     Source
	From, To   Result
	DeliveryID string // the webhook's delivery id
	Code       string // a message code saying why (refused events)
	Detail     map[string]string
	Alert      bool
	At         time.Time
}

// Store keeps attempts and their records. Calls made with the ctx of an
// application's Update join its transaction; the application's row lock
// serialises every change of its attempts.
type Store interface {
	// Insert stores a new attempt; a conflict error (CodeInFlight) when
	// the application already has one in flight.
	Insert(ctx context.Context, a Attempt) error
	// Get answers a not-found error (CodeNotFound) for an unknown id.
	Get(ctx context.Context, paymentID string) (Attempt, error)
	// ByProviderOrder finds an attempt by the provider's order id.
	ByProviderOrder(ctx context.Context, p Provider, orderID string) (Attempt, error)
	// Update changes an attempt through fn, in the transaction of ctx
	// (the application's Update, whose row lock serialises every change
	// of its attempts), and writes it back when fn changed it. A
	// not-found error (CodeNotFound) for an unknown id.
	Update(ctx context.Context, paymentID string, fn func(ctx context.Context, a *Attempt) error) error
	// ByApplication lists an application's attempts, newest first.
	ByApplication(ctx context.Context, applNo int64) ([]Attempt, error)
	// ByUser lists a user's attempts, newest first.
	ByUser(ctx context.Context, userID string) ([]Attempt, error)
	// Stuck lists attempts PROCEEDING since before the time, oldest first.
	Stuck(ctx context.Context, before time.Time, limit int) ([]Attempt, error)
	// DueVbanks lists attempts in VBANK_ISSUE whose account expired
	// before the time, oldest first.
	DueVbanks(ctx context.Context, before time.Time, limit int) ([]Attempt, error)
	// Log appends a record.
	Log(ctx context.Context, r Record) error
	// Records lists the records of an application (applNo > 0) or the
	// refused ones naming no application (applNo 0), oldest first.
	Records(ctx context.Context, applNo int64) ([]Record, error)
}

// Settings is what a round offers: its pay types and the provider channel
// of each (PortOne store id and channel key of one PG merchant).
type Settings struct {
	PayTypes []PayType
	Channels map[PayType]Channel
}

// Config reads a round's payment settings (the round's own, else the
// school's); a round without any gets DefaultSettings.
type Config interface {
	Settings(ctx context.Context, k application.RoundKey) (Settings, bool, error)
}

// DefaultSettings offers every pay type the fees allow.
var DefaultSettings = Settings{PayTypes: []PayType{Card, Vbank, Trans, VisaMaster}}

// Completer moves the locked application to COMPLETE with its exam number
// and the completion mail, in the transaction of ctx (core/submission);
// then calls after with the number (the receipt mail needs it).
type Completer interface {
	CompleteIn(ctx context.Context, a *application.Application, r application.Round, by application.Actor, to port.Recipient,
		now time.Time, after func(ctx context.Context, examNumber string) error) error
}

// Router says which provider serves a pay type: the wiring picks PortOne
// and PayPal when their credentials are configured, else testpg.
type Router func(t PayType) Provider

// amountOf is the money a snapshot reports for an event: what was paid
// for a payment, what is asked for a virtual account.
func amountOf(s Snapshot) money.Money {
	if s.Status == RemotePaid && s.Paid != (money.Money{}) {
		return s.Paid
	}
	return s.Amount
}
