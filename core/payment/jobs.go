package payment

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
)

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
		res, err := s.apply(ctx, a, snap, SrcReconcile, "")
		if err != nil {
			sw.Failed++
			continue
		}
		if res.Outcome == Changed {
			sw.Changed++
			continue
		}
		if (snap.Status == RemoteReady || snap.Status == RemoteUnknown) && now.Sub(a.CreatedAt()) >= abandon {
			if err := s.fail(ctx, res.Attempt, SrcReconcile, CodeAbandoned, "not paid at the provider"); err != nil {
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
		res, err := s.closeVbank(ctx, a, SrcExpiry)
		if res.Asked {
			sw.Asked++
		}
		switch {
		case err != nil:
			sw.Failed++
		case res.Outcome == Changed:
			sw.Changed++
		}
	}
	return sw, nil
}

// closeVbank ends a virtual account awaiting its deposit: the provider is
// asked first (a deposit that arrived completes the application); one
// still open there is closed at the provider, and only when it confirms
// does the attempt become TIMEOUT and the application return to SUBMIT.
// An attempt the provider is still deciding about stays as it is.
func (s *Service) closeVbank(ctx context.Context, a Attempt, src Source) (applied, error) {
	out := applied{Attempt: a}
	snap, err := s.lookup(ctx, a)
	if err != nil {
		return out, apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
	}
	out.Asked = true
	if snap.Status == RemoteVbankIssued {
		gw, _ := s.Gateways.Gateway(a.Provider())
		if err := gw.CloseVirtualAccount(ctx, a.Ref()); err != nil {
			return out, apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
		}
		if snap, err = s.lookup(ctx, a); err != nil {
			return out, apperr.Wrap(apperr.KindUnavailable, CodeProviderDown, err)
		}
		if snap.Status == RemoteVbankIssued { // closed, the provider still shows it open: treat as expired
			snap.Status = RemoteFailed
		}
	}
	if snap.Status == RemotePending || snap.Status == RemoteApproved || snap.Status == RemoteReady {
		return out, nil
	}
	if snap.Status == RemoteUnknown {
		snap.Status = RemoteFailed
	}
	res, err := s.apply(ctx, a, snap, src, "")
	res.Asked = true
	return res, err
}
