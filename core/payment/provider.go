package payment

import (
	"context"
	"errors"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Return is what the browser brings back from the provider (query of the
// redirect, or the SDK's answer): only hints, never trusted.
type Return struct {
	Code    string // the provider's error code, "" on success
	Message string // its text
}

// Confirm is the browser's return (POST /appl/pay/confirm/{paymentId}):
// the provider is asked (PayPal: the approved order is captured) and its
// answer applied. It answers the attempt as it stands.
func (s *Service) Confirm(ctx context.Context, p permission.Principal, paymentID string, ret Return) (Attempt, error) {
	att, err := s.Store.Get(ctx, paymentID)
	if err != nil {
		return Attempt{}, err
	}
	if _, err := s.guard().Change(ctx, p, att.ApplNo()); err != nil {
		return Attempt{}, apperr.NotFound(CodeNotFound)
	}
	if att.Result().InFlight() {
		snap, err := s.capture(ctx, att)
		if err != nil {
			return Attempt{}, apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
		}
		res, err := s.apply(ctx, att, snap, SrcBrowser, "")
		if err != nil {
			return Attempt{}, err
		}
		att = res.Attempt
		// The applicant closed the window or was declined, and the
		// provider confirms nothing was paid: the attempt ends now.
		if ret.Code != "" && (snap.Status == RemoteReady || snap.Status == RemoteUnknown) {
			if err := s.fail(ctx, att, SrcBrowser, CodeDeclined, ret.Code+" "+ret.Message); err != nil {
				return Attempt{}, err
			}
			return s.Store.Get(ctx, paymentID)
		}
	}
	return att, nil
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
	if att.Provider() != prov {
		// A webhook from one provider for another provider's payment.
		return s.Store.Log(ctx, Record{PaymentID: att.PaymentID(), ApplNo: att.ApplNo(), Provider: prov, Kind: RecRefused,
			Source: SrcWebhook, Code: CodeWrongProvider, DeliveryID: n.ID, Alert: true, At: s.now(),
			Detail: map[string]string{"provider": string(att.Provider())}})
	}
	r := att.Ref()
	if r.ProviderOrderID == "" {
		r.ProviderOrderID = n.ProviderOrderID
	}
	var snap Snapshot
	if n.Kind == NoticeApproved {
		snap, err = s.captureRef(ctx, att.Provider(), r)
	} else {
		snap, err = s.lookupRef(ctx, att.Provider(), att.PaymentID(), r)
	}
	if err != nil {
		return apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
	}
	res, err := s.apply(ctx, att, snap, SrcWebhook, n.ID)
	if err != nil || n.Kind != NoticeCancelled {
		return err
	}
	_, err = s.settleRefunds(ctx, res.Attempt, snap, SrcWebhook, n.ID)
	return err
}

func (s *Service) lookup(ctx context.Context, a Attempt) (Snapshot, error) {
	return s.lookupRef(ctx, a.Provider(), a.PaymentID(), a.Ref())
}

func (s *Service) lookupRef(ctx context.Context, prov Provider, paymentID string, r Ref) (Snapshot, error) {
	gw, ok := s.Gateways.Gateway(prov)
	if !ok {
		return Snapshot{}, errors.New("payment: no gateway " + string(prov))
	}
	snap, err := gw.Lookup(ctx, r)
	if errors.Is(err, ErrNotFound) {
		return Snapshot{Provider: prov, PaymentID: paymentID, Status: RemoteUnknown}, nil
	}
	return snap, err
}

// capture asks the provider, capturing an approved PayPal order.
func (s *Service) capture(ctx context.Context, a Attempt) (Snapshot, error) {
	return s.captureRef(ctx, a.Provider(), a.Ref())
}

func (s *Service) captureRef(ctx context.Context, prov Provider, r Ref) (Snapshot, error) {
	snap, err := s.lookupRef(ctx, prov, r.PaymentID, r)
	if err != nil || snap.Status != RemoteApproved {
		return snap, err
	}
	gw, _ := s.Gateways.Gateway(prov)
	if r.ProviderOrderID == "" {
		r.ProviderOrderID = snap.ProviderOrderID
	}
	return gw.Capture(ctx, r)
}
