package application

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// MaxDraft is the largest draft kept, in bytes.
const MaxDraft = 256 << 10

// DraftSteps are the steps that keep drafts.
var DraftSteps = []Status{PartSave, BasisSave, AcadSave,
	LangSave, CareerSave, AddInfoSave, Survey}

func draftStep(step string) (Status, error) {
	st := Status(step)
	if !slices.Contains(DraftSteps, st) {
		return "", apperr.Invalid(CodeStepNotInList).With("step", step)
	}
	return st, nil
}

// isObject reports whether b is one JSON object.
func isObject(b []byte) bool {
	t := strings.TrimSpace(string(b))
	return strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") && jsonValid(b)
}

// PutDraft keeps what the applicant typed in a step.
func (s *Service) PutDraft(ctx context.Context, p permission.Principal, applNo int64, step string, data []byte) (time.Time, error) {
	st, err := draftStep(step)
	if err != nil {
		return time.Time{}, err
	}
	if len(data) > MaxDraft {
		return time.Time{}, apperr.Invalid(CodeDraftTooLarge).With("max", MaxDraft)
	}
	if !isObject(data) {
		return time.Time{}, apperr.Invalid(CodeDraftNotObject)
	}
	h, err := s.guard().Change(ctx, p, applNo)
	if err != nil {
		return time.Time{}, err
	}
	r, err := LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return time.Time{}, err
	}
	now := s.now()
	if err := s.checkEdit(p, r, h.State, now); err != nil {
		return time.Time{}, err
	}
	// Again under the row lock: a submit that lands between the check
	// above and the write must not be followed by a draft.
	err = s.Apps.Update(ctx, applNo, func(ctx context.Context, a *Application) error {
		if err := a.CheckEditable(); err != nil {
			return err
		}
		return s.Forms.PutDraft(ctx, applNo, st, data, now)
	})
	if err != nil {
		return time.Time{}, err
	}
	return now, nil
}

// GetDraft answers a step's draft (ok false when there is none).
func (s *Service) GetDraft(ctx context.Context, p permission.Principal, applNo int64, step string) (Draft, bool, error) {
	st, err := draftStep(step)
	if err != nil {
		return Draft{}, false, err
	}
	if _, err := s.guard().Change(ctx, p, applNo); err != nil {
		return Draft{}, false, err
	}
	return s.Forms.Draft(ctx, applNo, st)
}

// DeleteDraft drops a step's draft.
func (s *Service) DeleteDraft(ctx context.Context, p permission.Principal, applNo int64, step string) error {
	st, err := draftStep(step)
	if err != nil {
		return err
	}
	if _, err := s.guard().Change(ctx, p, applNo); err != nil {
		return err
	}
	return s.Forms.DeleteDraft(ctx, applNo, st)
}
