package application

import (
	"context"
	"slices"
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

// prepare loads and checks everything a save needs before validation.
func (s *Service) prepare(ctx context.Context, p permission.Principal, applNo int64, step Status) (stepIn, error) {
	h, err := s.guard().Change(ctx, p, applNo)
	if err != nil {
		return stepIn{}, err
	}
	r, err := LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return stepIn{}, err
	}
	now := s.now()
	if err := s.checkEdit(p, r, h.State, now); err != nil {
		return stepIn{}, err
	}
	if _, err := r.Steps.Save(h.State, step); err != nil {
		return stepIn{}, err
	}
	part, err := s.Apps.Part(ctx, applNo)
	if err != nil {
		return stepIn{}, err
	}
	o, _ := r.offer(part.ApplPartNo)
	lk, codes, err := s.Ref.Lookups(ctx)
	if err != nil {
		return stepIn{}, err
	}
	lk.LanguageExams = map[string]form.LanguageExam{}
	for _, e := range r.LanguageExams {
		lk.LanguageExams[e.Code] = e.LanguageExam
	}
	return stepIn{h: h, round: r, part: part, offer: o, rules: rulesFor(r, o), lookups: lk, codes: codes, now: now}, nil
}

// commit saves a validated step through the aggregate: under the row
// lock it applies the step rules again (another request may have changed
// the application), and in the same transaction it writes the step's data,
// records the save and drops the draft.
func (s *Service) commit(ctx context.Context, p permission.Principal, in stepIn, step Status, write func(ctx context.Context, a *Application) error) (Record, error) {
	var h Header
	err := s.Apps.Update(ctx, in.h.ApplNo, func(ctx context.Context, a *Application) error {
		if err := a.SaveStep(in.round.Steps, step, in.now); err != nil {
			return err
		}
		if err := write(ctx, a); err != nil {
			return err
		}
		if err := s.Forms.MarkSaved(ctx, a.ApplNo(), step, in.now); err != nil {
			return err
		}
		if err := s.Forms.DeleteDraft(ctx, a.ApplNo(), step); err != nil {
			return err
		}
		h = a.Header()
		return nil
	})
	if err != nil {
		return Record{}, err
	}
	rec := Record{Header: h, Round: in.round, Part: in.part, Offer: in.offer}
	s.decorate(p, &rec)
	return rec, nil
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
	in, err := s.prepare(ctx, p, applNo, BasisSave)
	if err != nil {
		return Record{}, a, err
	}
	masked := strings.Contains(a.ResidentNoLast+a.ForeignerRegistrationNo+a.PassportNo, "*")
	var stored form.ApplicantInfo
	ok := false
	if masked {
		var err error
		if stored, ok, err = s.Forms.Info(ctx, applNo); err != nil {
			return Record{}, a, err
		}
	}
	if ok {
		a.ResidentNoLast = unmask(a.ResidentNoLast, stored.ResidentNoLast, maskReg)
		a.ForeignerRegistrationNo = unmask(a.ForeignerRegistrationNo, stored.ForeignerRegistrationNo, maskReg)
		a.PassportNo = unmask(a.PassportNo, stored.PassportNo, privacy.MaskPassportNo)
	}
	if a.G20Answers == nil {
		a.G20Answers = []string{}
	}
	ic := form.InfoContext{Rules: in.rules, Lookups: in.lookups, Codes: in.codes,
		Settings: itemSettings(in.round.InfoSettings(in.part.ApplPartNo)), Now: in.now}
	// what the applicant was not shown is neither checked nor stored
	a = form.KeepSections(a, ic.Sections(a.Nationality))
	if err = form.ValidateInfo(a, ic); err != nil {
		return Record{}, a, err
	}
	rec, err := s.commit(ctx, p, in, BasisSave, func(ctx context.Context, app *Application) error {
		if err := s.Forms.SaveInfo(ctx, applNo, a); err != nil {
			return err
		}
		return app.Rename(ApplicantName(a))
	})
	if err != nil {
		return Record{}, a, err
	}
	rec.ApplicantName = ApplicantName(a)
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
	in, err := s.prepare(ctx, p, applNo, AcadSave)
	if err != nil {
		return Record{}, err
	}
	if err := form.ValidateAcademic(list, in.rules, in.lookups, in.now); err != nil {
		return Record{}, err
	}
	return s.commit(ctx, p, in, AcadSave, func(ctx context.Context, _ *Application) error {
		return s.Forms.SaveAcademic(ctx, applNo, list)
	})
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
	in, err := s.prepare(ctx, p, applNo, LangSave)
	if err != nil {
		return Record{}, nil, err
	}
	if err := form.ValidateLanguages(list, in.rules, in.lookups, in.now); err != nil {
		return Record{}, nil, err
	}
	seen := map[string]bool{}
	for i := range list {
		id := strings.TrimSpace(list[i].NodeID)
		if id == "" || len(id) > 64 || seen[id] {
			id = newID()
		}
		seen[id] = true
		list[i].NodeID = id
	}
	rec, err := s.commit(ctx, p, in, LangSave, func(ctx context.Context, _ *Application) error {
		return s.Forms.SaveLanguages(ctx, applNo, list)
	})
	return rec, list, err
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
	in, err := s.prepare(ctx, p, applNo, CareerSave)
	if err != nil {
		return Record{}, err
	}
	if err := form.ValidateCareers(list, in.rules, in.lookups, in.now); err != nil {
		return Record{}, err
	}
	return s.commit(ctx, p, in, CareerSave, func(ctx context.Context, _ *Application) error {
		return s.Forms.SaveCareers(ctx, applNo, list)
	})
}

// AddInfo is the additional-info step's data.
type AddInfo struct {
	Certificates []form.Certificate
	Essays       []form.Essay
}

// AdditionalInfo answers certificateList and essays.
func (s *Service) AdditionalInfo(ctx context.Context, p permission.Principal, applNo int64) (StepView[AddInfo], error) {
	rec, d, err := s.read(ctx, p, applNo, AddInfoSave)
	if err != nil {
		return StepView[AddInfo]{}, err
	}
	certs, essays, err := s.Forms.AddInfo(ctx, applNo)
	return StepView[AddInfo]{Record: rec, Data: AddInfo{certs, essays}, Draft: d}, err
}

// SaveAdditionalInfo saves certificateList and essays (ADD_INFO_SAVE).
func (s *Service) SaveAdditionalInfo(ctx context.Context, p permission.Principal, applNo int64, ai AddInfo) (Record, error) {
	in, err := s.prepare(ctx, p, applNo, AddInfoSave)
	if err != nil {
		return Record{}, err
	}
	var f apperr.Fields
	if max := in.part.AddCertificateCount; len(ai.Certificates) > max {
		f.AddParam("certificateList", form.CodeTooMany, "max", max)
	}
	for _, e := range []error{form.ValidateCertificates(ai.Certificates, in.rules, in.now), form.ValidateEssays(ai.Essays, in.rules)} {
		if x, ok := apperr.As(e); ok {
			f = append(f, x.Fields...)
		}
	}
	if err := f.Err(); err != nil {
		return Record{}, err
	}
	return s.commit(ctx, p, in, AddInfoSave, func(ctx context.Context, _ *Application) error {
		return s.Forms.SaveAddInfo(ctx, applNo, ai.Certificates, ai.Essays)
	})
}

// SurveyView is the survey step: questions, answers, draft.
type SurveyView struct {
	Record    Record
	Questions []Question
	Data      SurveyData
	Draft     *Draft
}

// Survey answers the survey step.
func (s *Service) Survey(ctx context.Context, p permission.Principal, applNo int64) (SurveyView, error) {
	rec, d, err := s.read(ctx, p, applNo, Survey)
	if err != nil {
		return SurveyView{}, err
	}
	data, err := s.Forms.Survey(ctx, applNo, StageSurvey)
	return SurveyView{Record: rec, Questions: rec.Round.Survey, Data: data, Draft: d}, err
}

// SaveSurvey saves the survey (SURVEY).
func (s *Service) SaveSurvey(ctx context.Context, p permission.Principal, applNo int64, d SurveyData) (Record, error) {
	in, err := s.prepare(ctx, p, applNo, Survey)
	if err != nil {
		return Record{}, err
	}
	f := validateSurvey(d, in.round.Survey, in.rules)
	if d.ContactCode != "" && d.ContactCode != "01" && d.ContactCode != "02" {
		f.Add("contactCode", form.CodeCode)
	}
	if err := f.Err(); err != nil {
		return Record{}, err
	}
	return s.commit(ctx, p, in, Survey, func(ctx context.Context, _ *Application) error {
		return s.Forms.SaveSurvey(ctx, applNo, StageSurvey, d)
	})
}

// validateSurvey checks answers against the questions: known questions and
// items, every required question answered, comments within limits. Field
// names are answers[i].x and answers.<questionCode>.
func validateSurvey(d SurveyData, qs []Question, r school.Rules) apperr.Fields {
	var f apperr.Fields
	byCode := map[string]Question{}
	var required []string
	for _, q := range qs {
		byCode[q.Code] = q
		if q.Required {
			required = append(required, q.Code)
		}
	}
	plain := make([]form.SurveyAnswer, len(d.Answers))
	for i, a := range d.Answers {
		plain[i] = a.SurveyAnswer
		q, ok := byCode[a.QuestionCode]
		if !ok {
			f.Add("answers["+itoa(int64(i))+"].questionCode", form.CodeCode)
			continue
		}
		if a.ItemCode != "" && len(q.Items) > 0 && !slices.ContainsFunc(q.Items, func(it Item) bool { return it.Code.Code == a.ItemCode }) {
			f.Add("answers["+itoa(int64(i))+"].itemCode", form.CodeCode)
		}
	}
	if e, ok := apperr.As(form.ValidateSurvey(plain, required, r)); ok {
		f = append(f, e.Fields...)
	}
	return f
}
