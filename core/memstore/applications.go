package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
)

// Applications is the application store.
type Applications struct{ *Store }

// Forms is the store of the form's steps and drafts.
type Forms struct{ *Store }

var (
	_ application.Applications = Applications{}
	_ application.Forms        = Forms{}
)

// Create stores a new application; a user has at most one application of
// a round that is not cancelled.
func (s Applications) Create(ctx context.Context, c application.Creation) (int64, error) {
	var applNo int64
	err := s.do(ctx, func(d *data) error {
		a := c.App
		for _, h := range d.apps {
			if h.UserID == a.UserID() && h.Round == a.Round() && h.State.Status != application.Cancel {
				return apperr.Conflict(application.CodeExists).With("applNo", h.ApplNo)
			}
		}
		d.nextApplNo++
		applNo = d.nextApplNo
		h := a.Header()
		h.ApplNo = applNo
		d.apps[applNo] = h
		d.parts[applNo] = c.Part
		if len(c.Consents) > 0 {
			d.consents[applNo] = slices.Clone(c.Consents)
		}
		if c.Survey != nil {
			d.surveys[surveyKey{applNo, application.StagePart}] = cloneSurvey(*c.Survey)
		}
		return nil
	})
	return applNo, err
}

func (d *data) header(applNo int64) (application.Header, error) {
	h, ok := d.apps[applNo]
	if !ok {
		return h, apperr.NotFound(application.CodeNotFound)
	}
	return h, nil
}

// Get loads an application.
func (s Applications) Get(ctx context.Context, applNo int64) (application.Header, error) {
	var h application.Header
	err := s.do(ctx, func(d *data) (err error) { h, err = d.header(applNo); return err })
	return h, err
}

// Update rebuilds the aggregate under the lock, runs fn with the
// transaction's ctx and writes back what the aggregate changed.
func (s Applications) Update(ctx context.Context, applNo int64, fn func(ctx context.Context, a *application.Application) error) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		d := ctx.Value(txKey{}).(*tx).d
		h, err := d.header(applNo)
		if err != nil {
			return err
		}
		a, err := application.UnmarshalApplicationFromDatabase(h)
		if err != nil {
			return fmt.Errorf("memstore: application %d: %w", applNo, err)
		}
		if err := fn(ctx, a); err != nil {
			return err
		}
		if !a.Changed() {
			return nil
		}
		// fn may have staged other writes of this row (the exam number):
		// read it again and write back only what the aggregate owns.
		d = ctx.Value(txKey{}).(*tx).d
		cur := d.apps[applNo]
		st := a.State()
		cur.State, cur.ApplicantName, cur.UpdatedAt = st, a.ApplicantName(), a.UpdatedAt()
		d.apps[applNo] = cur
		return nil
	})
}

// ListByUser lists a user's applications, newest first.
func (s Applications) ListByUser(ctx context.Context, userID string) ([]application.Header, error) {
	var out []application.Header
	err := s.do(ctx, func(d *data) error {
		for _, h := range d.apps {
			if h.UserID == userID {
				out = append(out, h)
			}
		}
		slices.SortFunc(out, func(a, b application.Header) int {
			if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
				return c
			}
			return cmp.Compare(b.ApplNo, a.ApplNo)
		})
		return nil
	})
	return out, err
}

// Part loads the chosen part.
func (s Applications) Part(ctx context.Context, applNo int64) (application.Part, error) {
	var p application.Part
	err := s.do(ctx, func(d *data) error {
		var ok bool
		if p, ok = d.parts[applNo]; !ok {
			return apperr.NotFound(application.CodeNotFound)
		}
		return nil
	})
	return p, err
}

// SetPart replaces the chosen part.
func (s Applications) SetPart(ctx context.Context, applNo int64, p application.Part) error {
	return s.do(ctx, func(d *data) error {
		if _, err := d.header(applNo); err != nil {
			return err
		}
		d.parts[applNo] = p
		return nil
	})
}

// Consents lists what was accepted, by code.
func (s Applications) Consents(ctx context.Context, applNo int64) ([]school.Acceptance, error) {
	var out []school.Acceptance
	err := s.do(ctx, func(d *data) error {
		out = slices.Clone(d.consents[applNo])
		slices.SortStableFunc(out, func(a, b school.Acceptance) int { return cmp.Compare(a.Code, b.Code) })
		return nil
	})
	return out, err
}

// Accept stores what was accepted again at submission, replacing an
// earlier acceptance of the same code (submission.Consents).
func (s Applications) Accept(ctx context.Context, applNo int64, acc []school.Acceptance) error {
	return s.do(ctx, func(d *data) error {
		list := slices.Clone(d.consents[applNo])
		for _, a := range acc {
			list = slices.DeleteFunc(list, func(o school.Acceptance) bool { return o.Code == a.Code })
			list = append(list, a)
		}
		d.consents[applNo] = list
		return nil
	})
}

func cloneSurvey(d application.SurveyData) application.SurveyData {
	d.Answers = slices.Clone(d.Answers)
	return d
}

// needApp refuses a row of an unknown application (the foreign key).
func (d *data) needApp(applNo int64) error {
	if _, ok := d.apps[applNo]; !ok {
		return fmt.Errorf("memstore: application %d does not exist", applNo)
	}
	return nil
}

// Info loads the basic info.
func (s Forms) Info(ctx context.Context, applNo int64) (form.ApplicantInfo, bool, error) {
	var a form.ApplicantInfo
	var ok bool
	err := s.do(ctx, func(d *data) error { a, ok = d.info[applNo]; return nil })
	return a, ok, err
}

// SaveInfo replaces the basic info.
func (s Forms) SaveInfo(ctx context.Context, applNo int64, a form.ApplicantInfo) error {
	return s.do(ctx, func(d *data) error {
		if err := d.needApp(applNo); err != nil {
			return err
		}
		d.info[applNo] = a
		return nil
	})
}

func load[T any](s *Store, ctx context.Context, m func(d *data) map[int64][]T, applNo int64) ([]T, error) {
	var out []T
	err := s.do(ctx, func(d *data) error { out = slices.Clone(m(d)[applNo]); return nil })
	return out, err
}

func save[T any](s *Store, ctx context.Context, m func(d *data) map[int64][]T, applNo int64, list []T) error {
	return s.do(ctx, func(d *data) error {
		if err := d.needApp(applNo); err != nil {
			return err
		}
		if len(list) == 0 {
			delete(m(d), applNo)
		} else {
			m(d)[applNo] = slices.Clone(list)
		}
		return nil
	})
}

func academic(d *data) map[int64][]form.AcademicRecord { return d.academic }
func languages(d *data) map[int64][]form.LanguageEntry { return d.languages }
func careers(d *data) map[int64][]form.Career          { return d.careers }

// Academic loads the academic history.
func (s Forms) Academic(ctx context.Context, applNo int64) ([]form.AcademicRecord, error) {
	return load(s.Store, ctx, academic, applNo)
}

// SaveAcademic replaces the academic history.
func (s Forms) SaveAcademic(ctx context.Context, applNo int64, list []form.AcademicRecord) error {
	return save(s.Store, ctx, academic, applNo, list)
}

// Languages loads the language exams.
func (s Forms) Languages(ctx context.Context, applNo int64) ([]form.LanguageEntry, error) {
	return load(s.Store, ctx, languages, applNo)
}

// SaveLanguages replaces the language exams.
func (s Forms) SaveLanguages(ctx context.Context, applNo int64, list []form.LanguageEntry) error {
	return save(s.Store, ctx, languages, applNo, list)
}

// Careers loads the careers.
func (s Forms) Careers(ctx context.Context, applNo int64) ([]form.Career, error) {
	return load(s.Store, ctx, careers, applNo)
}

// SaveCareers replaces the careers.
func (s Forms) SaveCareers(ctx context.Context, applNo int64, list []form.Career) error {
	return save(s.Store, ctx, careers, applNo, list)
}

// AddInfo loads certificates and essays.
func (s Forms) AddInfo(ctx context.Context, applNo int64) ([]form.Certificate, []form.Essay, error) {
	var a addInfo
	err := s.do(ctx, func(d *data) error { a = d.addInfo[applNo]; return nil })
	return slices.Clone(a.certs), slices.Clone(a.essays), err
}

// SaveAddInfo replaces certificates and essays.
func (s Forms) SaveAddInfo(ctx context.Context, applNo int64, certs []form.Certificate, essays []form.Essay) error {
	return s.do(ctx, func(d *data) error {
		if err := d.needApp(applNo); err != nil {
			return err
		}
		d.addInfo[applNo] = addInfo{slices.Clone(certs), slices.Clone(essays)}
		return nil
	})
}

// Survey loads a survey stage.
func (s Forms) Survey(ctx context.Context, applNo int64, stage string) (application.SurveyData, error) {
	var sd application.SurveyData
	err := s.do(ctx, func(d *data) error { sd = cloneSurvey(d.surveys[surveyKey{applNo, stage}]); return nil })
	return sd, err
}

// SaveSurvey replaces a survey stage.
func (s Forms) SaveSurvey(ctx context.Context, applNo int64, stage string, sd application.SurveyData) error {
	return s.do(ctx, func(d *data) error {
		if err := d.needApp(applNo); err != nil {
			return err
		}
		d.surveys[surveyKey{applNo, stage}] = cloneSurvey(sd)
		return nil
	})
}

// MarkSaved records when a step was last saved.
func (s Forms) MarkSaved(ctx context.Context, applNo int64, step application.Status, at time.Time) error {
	return s.do(ctx, func(d *data) error {
		if err := d.needApp(applNo); err != nil {
			return err
		}
		d.saved[stepKey{applNo, step}] = at
		return nil
	})
}

// SavedAt answers when a step was last saved.
func (s Forms) SavedAt(ctx context.Context, applNo int64, step application.Status) (time.Time, bool, error) {
	var t time.Time
	var ok bool
	err := s.do(ctx, func(d *data) error { t, ok = d.saved[stepKey{applNo, step}]; return nil })
	return t, ok, err
}

// Draft loads a step's draft.
func (s Forms) Draft(ctx context.Context, applNo int64, step application.Status) (application.Draft, bool, error) {
	var dr application.Draft
	var ok bool
	err := s.do(ctx, func(d *data) error { dr, ok = d.drafts[stepKey{applNo, step}]; return nil })
	dr.Data = slices.Clone(dr.Data)
	return dr, ok, err
}

// PutDraft replaces a step's draft.
func (s Forms) PutDraft(ctx context.Context, applNo int64, step application.Status, b []byte, at time.Time) error {
	return s.do(ctx, func(d *data) error {
		if err := d.needApp(applNo); err != nil {
			return err
		}
		d.drafts[stepKey{applNo, step}] = application.Draft{Data: slices.Clone(b), SavedAt: at}
		return nil
	})
}

// DeleteDraft drops a step's draft (none is fine).
func (s Forms) DeleteDraft(ctx context.Context, applNo int64, step application.Status) error {
	return s.do(ctx, func(d *data) error { delete(d.drafts, stepKey{applNo, step}); return nil })
}
