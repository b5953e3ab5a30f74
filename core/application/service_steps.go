package application

import (
	"context"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/privacy"
	"github.com/gradapply/gradapply/core/school"
)

// stepIn is what a step's validation gets.
type stepIn struct {
	h       Header
	round   Round
	part    Part
	offer   Offer
	rules   school.Rules
	lookups form.Lookups
	codes   form.CodeChecker
	now     time.Time
}

// FormLocker is what an Applications store may offer so that a step save
// reads the locked application and its chosen part in one statement. A store
// without it is used through Update and Part, in the same transaction.
type FormLocker interface {
	// UpdateForm is Update where fn also gets the application's part, read
	// under the same row lock.
	UpdateForm(ctx context.Context, applNo int64, fn func(ctx context.Context, a *Application, part Part) error) error
}

// lockForm runs fn on the locked application with its part.
func (s *Service) lockForm(ctx context.Context, applNo int64, fn func(ctx context.Context, a *Application, part Part) error) error {
	if applNo <= 0 {
		return apperr.NotFound(CodeNotFound)
	}
	if l, ok := s.Apps.(FormLocker); ok {
		return l.UpdateForm(ctx, applNo, fn)
	}
	return s.Apps.Update(ctx, applNo, func(ctx context.Context, a *Application) error {
		part, err := s.Apps.Part(ctx, applNo)
		if err != nil {
			return err
		}
		return fn(ctx, a, part)
	})
}

// saveStep saves a step of the form as one change of the aggregate: under
// the row lock it checks who may change the application, the round's
// window, that the application is still editable and that the step comes
// in order; then check validates the data against the locked state (the
// round's rules for the chosen part) and write stores it, in the same
// transaction that records the save, drops the draft and writes back the
// application row once.
func (s *Service) saveStep(ctx context.Context, p permission.Principal, applNo int64, step Status,
	check func(ctx context.Context, in stepIn) error, write func(ctx context.Context, in stepIn, a *Application) error) (Record, stepIn, error) {
	var rec Record
	var in stepIn
	err := s.lockForm(ctx, applNo, func(ctx context.Context, a *Application, part Part) error {
		h := a.Header()
		if err := s.guard().CheckChange(h, p); err != nil {
			return err
		}
		r, err := LoadRound(ctx, s.Ref, h.Round)
		if err != nil {
			return err
		}
		now := s.now()
		if err := s.checkEdit(p, r, h.State, now); err != nil {
			return err
		}
		if err := a.SaveStep(r.Steps, step, now); err != nil {
			return err
		}
		o, _ := r.offer(part.ApplPartNo)
		lk, codes, err := s.Ref.Lookups(ctx)
		if err != nil {
			return err
		}
		lk.LanguageExams = map[string]form.LanguageExam{}
		for _, e := range r.LanguageExams {
			lk.LanguageExams[e.Code] = e.LanguageExam
		}
		in = stepIn{h: h, round: r, part: part, offer: o, rules: rulesFor(r, o), lookups: lk, codes: codes, now: now}
		if err := check(ctx, in); err != nil {
			return err
		}
		if err := write(ctx, in, a); err != nil {
			return err
		}
		if err := s.Forms.MarkSaved(ctx, applNo, step, now); err != nil {
			return err
		}
		if err := s.Forms.DeleteDraft(ctx, applNo, step); err != nil {
			return err
		}
		rec = Record{Header: a.Header(), Round: r, Part: part, Offer: o}
		return nil
	})
	if err != nil {
		return Record{}, in, err
	}
	s.decorate(p, &rec)
	return rec, in, nil
}

// StepView is a step's saved data with the step's draft.
type StepView[T any] struct {
	Record Record
	Data   T
	Draft  *Draft
	Univs  map[string]Univ // names of the universities in acadList
}

// read loads a step for reading: the record and, for the owner, the draft
// when it is newer than the last save.
func (s *Service) read(ctx context.Context, p permission.Principal, applNo int64, step Status) (Record, *Draft, error) {
	h, err := s.guard().Read(ctx, p, applNo)
	if err != nil {
		return Record{}, nil, err
	}
	rec, err := s.record(ctx, p, h, nil)
	if err != nil {
		return Record{}, nil, err
	}
	if h.UserID != p.UserID {
		return rec, nil, nil
	}
	d, ok, err := s.Forms.Draft(ctx, applNo, step)
	if err != nil || !ok {
		return rec, nil, err
	}
	saved, wasSaved, err := s.Forms.SavedAt(ctx, applNo, step)
	if err != nil {
		return rec, nil, err
	}
	if wasSaved && !d.SavedAt.After(saved) {
		return rec, nil, nil
	}
	return rec, &d, nil
}

// Info answers applicantInfo, identification numbers masked.
func (s *Service) Info(ctx context.Context, p permission.Principal, applNo int64) (StepView[form.ApplicantInfo], error) {
	rec, d, err := s.read(ctx, p, applNo, BasisSave)
	if err != nil {
		return StepView[form.ApplicantInfo]{}, err
	}
	a, _, err := s.Forms.Info(ctx, applNo)
	if err != nil {
		return StepView[form.ApplicantInfo]{}, err
	}
	return StepView[form.ApplicantInfo]{Record: rec, Data: MaskInfo(a, rulesFor(rec.Round, rec.Offer)), Draft: d}, nil
}

// MaskInfo masks the identification numbers of an applicantInfo; the
// school's "none" passport value stays readable.
func MaskInfo(a form.ApplicantInfo, r school.Rules) form.ApplicantInfo {
	a.ResidentNoLast = maskReg(a.ResidentNoLast)
	a.ForeignerRegistrationNo = maskReg(a.ForeignerRegistrationNo)
	if a.PassportNo != "" && !r.NoPassport(a.PassportNo) {
		a.PassportNo = privacy.MaskPassportNo(a.PassportNo)
	}
	return a
}

func maskReg(s string) string {
	if s == "" {
		return ""
	}
	return privacy.MaskRegistrationNo(s)
}

// unmask puts back a stored number where the client returned its mask.
func unmask(sent, stored string, mask func(string) string) string {
	if stored != "" && strings.Contains(sent, "*") && sent == mask(stored) {
		return stored
	}
	return sent
}

// SaveInfo saves applicantInfo (BASIS_SAVE).
func (s *Service) SaveInfo(ctx context.Context, p permission.Principal, applNo int64, a form.ApplicantInfo) (Record, form.ApplicantInfo, error) {
	if a.G20Answers == nil {
		a.G20Answers = []string{}
	}
	check := func(ctx context.Context, in stepIn) error {
		if strings.Contains(a.ResidentNoLast+a.ForeignerRegistrationNo+a.PassportNo, "*") {
			stored, ok, err := s.Forms.Info(ctx, applNo)
			if err != nil {
				return err
			}
			if ok {
				a.ResidentNoLast = unmask(a.ResidentNoLast, stored.ResidentNoLast, maskReg)
				a.ForeignerRegistrationNo = unmask(a.ForeignerRegistrationNo, stored.ForeignerRegistrationNo, maskReg)
				a.PassportNo = unmask(a.PassportNo, stored.PassportNo, privacy.MaskPassportNo)
			}
		}
		ic := form.InfoContext{Rules: in.rules, Lookups: in.lookups, Codes: in.codes,
			Settings: itemSettings(in.round.InfoSettings(in.part.ApplPartNo)), Now: in.now}
		// what the applicant was not shown is neither checked nor stored
		a = form.KeepSections(a, ic.Sections(a.Nationality))
		return form.ValidateInfo(a, ic)
	}
	rec, in, err := s.saveStep(ctx, p, applNo, BasisSave, check, func(ctx context.Context, _ stepIn, app *Application) error {
		if err := s.Forms.SaveInfo(ctx, applNo, a); err != nil {
			return err
		}
		return app.Rename(ApplicantName(a))
	})
	if err != nil {
		return Record{}, a, err
	}
	return rec, MaskInfo(a, in.rules), nil
}

// ApplicantName is the name shown in lists: the Korean name, else the
// given names and surname.
func ApplicantName(a form.ApplicantInfo) string {
	if a.KorName != "" {
		return a.KorName
	}
	return strings.Join(strings.Fields(a.FirstName+" "+a.MiddleName+" "+a.LastName), " ")
}

// Academic answers acadList.
func (s *Service) Academic(ctx context.Context, p permission.Principal, applNo int64) (StepView[[]form.AcademicRecord], error) {
	rec, d, err := s.read(ctx, p, applNo, AcadSave)
	if err != nil {
		return StepView[[]form.AcademicRecord]{}, err
	}
	list, err := s.Forms.Academic(ctx, applNo)
	if err != nil {
		return StepView[[]form.AcademicRecord]{}, err
	}
	univs := map[string]Univ{}
	for _, a := range list {
		if _, done := univs[a.SchoolCode]; done || a.SchoolCode == school.SchoolOther {
			continue
		}
		u, ok, err := s.Ref.Univ(ctx, a.SchoolCode)
		if err != nil {
			return StepView[[]form.AcademicRecord]{}, err
		}
		if ok {
			univs[a.SchoolCode] = u
		}
	}
	return StepView[[]form.AcademicRecord]{Record: rec, Data: list, Draft: d, Univs: univs}, nil
}

// SaveAcademic saves acadList (ACAD_SAVE).
func (s *Service) SaveAcademic(ctx context.Context, p permission.Principal, applNo int64, list []form.AcademicRecord) (Record, error) {
	rec, _, err := s.saveStep(ctx, p, applNo, AcadSave, func(_ context.Context, in stepIn) error {
		return form.ValidateAcademic(list, in.rules, in.lookups, in.now)
	}, func(ctx context.Context, _ stepIn, _ *Application) error {
		return s.Forms.SaveAcademic(ctx, applNo, list)
	})
	return rec, err
}

// Languages answers partLanguages.
func (s *Service) Languages(ctx context.Context, p permission.Principal, applNo int64) (StepView[[]form.LanguageEntry], error) {
	rec, d, err := s.read(ctx, p, applNo, LangSave)
	if err != nil {
		return StepView[[]form.LanguageEntry]{}, err
	}
	list, err := s.Forms.Languages(ctx, applNo)
	return StepView[[]form.LanguageEntry]{Record: rec, Data: list, Draft: d}, err
}

// SaveLanguages saves partLanguages (LANG_SAVE). Entries without a nodeId
// get one from newID.
func (s *Service) SaveLanguages(ctx context.Context, p permission.Principal, applNo int64, list []form.LanguageEntry, newID func() string) (Record, []form.LanguageEntry, error) {
	rec, _, err := s.saveStep(ctx, p, applNo, LangSave, func(_ context.Context, in stepIn) error {
		return form.ValidateLanguages(list, in.rules, in.lookups, in.now)
	}, func(ctx context.Context, _ stepIn, _ *Application) error {
		seen := map[string]bool{}
		for i := range list {
			id := strings.TrimSpace(list[i].NodeID)
			if id == "" || len(id) > 64 || seen[id] {
				id = newID()
			}
			seen[id] = true
			list[i].NodeID = id
		}
		return s.Forms.SaveLanguages(ctx, applNo, list)
	})
	if err != nil {
		return Record{}, nil, err
	}
	return rec, list, nil
}

// Careers answers careerList.
func (s *Service) Careers(ctx context.Context, p permission.Principal, applNo int64) (StepView[[]form.Career], error) {
	rec, d, err := s.read(ctx, p, applNo, CareerSave)
	if err != nil {
		return StepView[[]form.Career]{}, err
	}
	list, err := s.Forms.Careers(ctx, applNo)
	return StepView[[]form.Career]{Record: rec, Data: list, Draft: d}, err
}

// SaveCareers saves careerList (CAREER_SAVE).
func (s *Service) SaveCareers(ctx context.Context, p permission.Principal, applNo int64, list []form.Career) (Record, error) {
	rec, _, err := s.saveStep(ctx, p, applNo, CareerSave, func(_ context.Context, in stepIn) error {
		return form.ValidateCareers(list, in.rules, in.lookups, in.now)
	}, func(ctx context.Context, _ stepIn, _ *Application) error {
		return s.Forms.SaveCareers(ctx, applNo, list)
	})
	return rec, err
}
